import { LAPSED_DONORS_DEFAULT_SORT, type LapsedDonorFilters, REPORT_PAGE_SIZE, lapsedDonorColumns, lapsedDonorFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';
import { giftsSql, orgYearSql } from './gift-facts.sql.ts';
import { apiOrgMoney, csvOrgMoney, orgCurrencySql, personSql } from './report-sql.ts';
import { type TotalsSpec, wordsSearch } from './reports.totals.ts';

/** "This year": the one asked for, else the organisation's current year. */
export const thisYearSql = (f: { year?: number | undefined }): SQL => (f.year !== undefined ? sql`${f.year}::int` : orgYearSql(sql`now()`));

/**
 * LYBUNT and SYBUNT (issue 37 item 6): supporters whose counted gifts (gift-facts.sql.ts) fall in
 * last year (LYBUNT) or only in earlier years (SYBUNT), and none in this year. Gifts after this
 * year (a past year asked for) do not count against it. The list, its totals, its CSV and the
 * appeal started from it read this one definition.
 */
export function lapsedDonorsReport(f: LapsedDonorFilters): ListingDefinition<LapsedDonorFilters> {
  const year = thisYearSql(f);
  const name = personSql('s');
  const byYear = sql`(select g.supporter_id, g.year, sum(g.net)::bigint as net, max(g.ordered_at) as last_at
                        from ${giftsSql(sql`c.supporter_id is not null`)} g group by g.supporter_id, g.year)`;
  const donors = sql`(select y.supporter_id, max(y.year) filter (where y.year < ${year}) as last_year,
                             bool_or(y.year = ${year}) as gave_this_year, count(*) filter (where y.year < ${year})::int as years_given,
                             coalesce(sum(y.net) filter (where y.year <= ${year}), 0)::bigint as lifetime,
                             max(y.last_at) filter (where y.year < ${year}) as last_at,
                             -- what they gave in that last year, read in the same pass (no second scan of the gifts)
                             (array_agg(y.net order by y.year desc) filter (where y.year < ${year}))[1] as last_net
                        from ${byYear} y group by y.supporter_id) d`;
  const kindWhere = f.kind === 'sybunt' ? sql`d.last_year < ${year} - 1` : sql`d.last_year = ${year} - 1`;
  const lastDay = sql`to_char((d.last_at at time zone ${orgTimeZoneSql})::date, 'YYYY-MM-DD')`;
  return {
    columns: lapsedDonorColumns,
    fields: {
      supporter: { select: name, sort: sql`lower(${name})` },
      email: { select: sql`s.email`, sort: sql`lower(s.email)` },
      last_gift_on: { select: lastDay, sort: sql`d.last_at` },
      last_year: { select: sql`d.last_year` },
      last_year_total: { select: apiOrgMoney(sql`d.last_net`), sort: sql`d.last_net` },
      lifetime_total: { select: apiOrgMoney(sql`d.lifetime`), sort: sql`d.lifetime` },
      years_given: { select: sql`d.years_given` },
    },
    rowExtras: { id: sql`s.id`, _url: sql`'/jpanel/supporters/' || s.id`, org_currency: orgCurrencySql },
    from: sql`${donors} join supporters s on s.id = d.supporter_id`,
    baseWhere: sql`not d.gave_this_year and ${kindWhere} and not s.is_spam and s.archived_at is null`,
    filters: lapsedDonorFiltersSchema,
    // Kind and year shape `from` and `baseWhere`: the definition is built for them.
    where: () => [],
    search: (term) => wordsSearch(sql`lower(concat_ws(' ', s.display_name, s.first_name, s.last_name, s.email))`, term),
    tiebreak: sql`s.id`,
    defaultOrder: [...LAPSED_DONORS_DEFAULT_SORT],
    pageSize: REPORT_PAGE_SIZE,
    csv: () => [
      { header: 'Supporter ID', value: sql`s.id`, kind: 'number' },
      { header: 'Name', value: name, kind: 'text' },
      { header: 'Email', value: sql`s.email`, kind: 'text' },
      { header: 'Last Gift', value: lastDay, kind: 'text' },
      { header: 'Last Year Given', value: sql`d.last_year`, kind: 'number' },
      { header: 'Given That Year', value: csvOrgMoney(sql`d.last_net`), kind: 'number' },
      { header: 'Given in All', value: csvOrgMoney(sql`d.lifetime`), kind: 'number' },
      { header: 'Years Given', value: sql`d.years_given`, kind: 'number' },
      { header: 'Currency', value: orgCurrencySql, kind: 'text' },
    ],
  };
}

export const lapsedDonorsTotals: TotalsSpec = {
  currency: orgCurrencySql,
  rate: sql`1`,
  measures: [
    { key: 'last_year_total', label: 'Given in their last year', amount: sql`d.last_net` },
    { key: 'lifetime_total', label: 'Given in all', amount: sql`d.lifetime` },
  ],
};
