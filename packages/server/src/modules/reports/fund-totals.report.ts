import { FUND_TOTALS_DEFAULT_SORT, type FundTotalFilters, REPORT_PAGE_SIZE, fundTotalColumns, fundTotalFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { giftLinesSql } from './gift-facts.sql.ts';
import { apiOrgMoney, csvOrgMoney, dayRange, orgCurrencySql } from './report-sql.ts';
import { type TotalsSpec, wordsSearch } from './reports.totals.ts';

/** The designation staff know a fund by: a product's designation label, else the product carrying the code. */
const fundName = sql`coalesce(
  (select d->>'label' from products p cross join lateral jsonb_array_elements(coalesce(p.designation_options->'designations', '[]'::jsonb)) d
    where d->>'account' = f.gl_code and p.deleted_at is null order by p.id limit 1),
  (select p.name from products p where (p.gl_code = f.gl_code or p.designation_options->>'default_account' = f.gl_code)
    and p.deleted_at is null order by p.id limit 1),
  case when f.gl_code = '' then 'No fund' else '' end)`;

/** Parenthesised: the money helpers cast what they are given (`x::numeric` binds tighter than `-`). */
const refunded = sql`(f.gross - f.net)`;

const periodWhere = (f: FundTotalFilters): SQL =>
  sql.join([sql`true`, ...dayRange(sql`c.ordered_at`, f).filter((p): p is SQL => p !== undefined)], sql` and `);

/**
 * Totals by fund (issue 37 item 6): each fund's gift lines of the period (by gift date), what was
 * given, what was refunded of it and the net, in the organisation currency. A fully refunded
 * gift is here as given and refunded, so the month closes against the gateway's statements.
 */
export function fundTotalsReport(filters: FundTotalFilters): ListingDefinition<FundTotalFilters> {
  return {
    columns: fundTotalColumns,
    fields: {
      fund: { select: sql`f.gl_code`, sort: sql`f.gl_code` },
      name: { select: fundName },
      gifts: { select: sql`f.gifts` },
      gross: { select: apiOrgMoney(sql`f.gross`), sort: sql`f.gross` },
      refunded: { select: apiOrgMoney(refunded), sort: refunded },
      net: { select: apiOrgMoney(sql`f.net`), sort: sql`f.net` },
    },
    rowExtras: { id: sql`f.n`, org_currency: orgCurrencySql },
    from: sql`(select l.gl_code, (dense_rank() over (order by l.gl_code))::int as n, count(distinct l.contribution_id)::int as gifts,
                      sum(l.gross)::bigint as gross, sum(l.net)::bigint as net
                 from ${giftLinesSql(periodWhere(filters))} l group by l.gl_code) f`,
    baseWhere: sql`true`,
    filters: fundTotalFiltersSchema,
    // The period is applied before grouping (in `from`).
    where: () => [],
    search: (term) => wordsSearch(sql`lower(f.gl_code)`, term),
    tiebreak: sql`f.gl_code`,
    defaultOrder: [...FUND_TOTALS_DEFAULT_SORT],
    pageSize: REPORT_PAGE_SIZE,
    csv: () => [
      { header: 'Fund (GL Code)', value: sql`f.gl_code`, kind: 'text' },
      { header: 'Designation', value: fundName, kind: 'text' },
      { header: 'Gifts', value: sql`f.gifts`, kind: 'number' },
      { header: 'Given', value: csvOrgMoney(sql`f.gross`), kind: 'number' },
      { header: 'Refunded', value: csvOrgMoney(refunded), kind: 'number' },
      { header: 'Net', value: csvOrgMoney(sql`f.net`), kind: 'number' },
      { header: 'Currency', value: orgCurrencySql, kind: 'text' },
    ],
  };
}

export const fundTotalsTotals: TotalsSpec = {
  currency: orgCurrencySql,
  rate: sql`1`,
  measures: [
    { key: 'gross', label: 'Given', amount: sql`f.gross` },
    { key: 'refunded', label: 'Refunded', amount: refunded },
    { key: 'net', label: 'Net', amount: sql`f.net` },
  ],
};
