import {
  DONOR_RETENTION_DEFAULT_SORT,
  type DonorRetentionFilters,
  type DonorRetentionRow,
  type DonorRetentionSummary,
  REPORT_PAGE_SIZE,
  donorRetentionColumns,
  donorRetentionFiltersSchema,
  retentionRate,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type ListingDefinition, type ListingQuery, queryRows, whereClause } from '../../listing/engine.ts';
import { giftsSql } from './gift-facts.sql.ts';
import { thisYearSql } from './lapsed.report.ts';

/**
 * Donor retention (issue 37 item 6), per year: donors (who gave that year), new (their first
 * year), retained (gave the year before too), recovered (gave in an earlier year, not the year
 * before), lapsed (gave the year before, not this one) and the retention rate (retained ÷ the
 * year before's donors). A donor is a supporter, or a guest by e-mail (gift-facts.sql.ts). The
 * report's rows, its summary, its CSV and the dashboard's chart read this one definition.
 */
export function donorRetentionReport(f: DonorRetentionFilters): ListingDefinition<DonorRetentionFilters> {
  const last = thisYearSql(f);
  const donors = sql`(select g.donor_key, array_agg(distinct g.year) as years, min(g.year) as first_year from ${giftsSql()} g group by g.donor_key)`;
  const gave = sql`y.year = any(d.years)`;
  const gaveBefore = sql`(y.year - 1) = any(d.years)`;
  const rate = sql`round(r.retained * 100.0 / nullif(r.previous, 0), 1)::float8`;
  return {
    columns: donorRetentionColumns,
    fields: {
      year: { select: sql`r.year` },
      donors: { select: sql`r.donors` },
      new_donors: { select: sql`r.new_donors` },
      retained: { select: sql`r.retained` },
      recovered: { select: sql`r.recovered` },
      lapsed: { select: sql`r.lapsed` },
      retention_rate: { select: rate, sort: rate },
    },
    rowExtras: { id: sql`r.year` },
    from: sql`(select y.year::int as year,
                      count(*) filter (where ${gave})::int as donors,
                      count(*) filter (where d.first_year = y.year)::int as new_donors,
                      count(*) filter (where ${gave} and ${gaveBefore})::int as retained,
                      count(*) filter (where ${gave} and not ${gaveBefore} and d.first_year < y.year)::int as recovered,
                      count(*) filter (where not ${gave} and ${gaveBefore})::int as lapsed,
                      count(*) filter (where ${gaveBefore})::int as previous
                 from generate_series(${last} - ${f.years} + 1, ${last}) y(year) cross join ${donors} d
                group by y.year) r`,
    baseWhere: sql`true`,
    filters: donorRetentionFiltersSchema,
    where: () => [],
    search: (term) => sql`r.year::text = ${term.trim()}`,
    tiebreak: sql`r.year`,
    defaultOrder: [...DONOR_RETENTION_DEFAULT_SORT],
    pageSize: REPORT_PAGE_SIZE,
    csv: () => [
      { header: 'Year', value: sql`r.year`, kind: 'number' },
      { header: 'Donors', value: sql`r.donors`, kind: 'number' },
      { header: 'New', value: sql`r.new_donors`, kind: 'number' },
      { header: 'Retained', value: sql`r.retained`, kind: 'number' },
      { header: 'Recovered', value: sql`r.recovered`, kind: 'number' },
      { header: 'Lapsed', value: sql`r.lapsed`, kind: 'number' },
      { header: 'Retention Rate (%)', value: sql`coalesce(${rate}::text, '')`, kind: 'number' },
    ],
  };
}

/** The shown years added up, the rate over them all (Σ retained ÷ Σ the years before's donors). */
export async function donorRetentionSummary(q: Queryable, def: ListingDefinition<DonorRetentionFilters>, query: ListingQuery<DonorRetentionFilters>): Promise<DonorRetentionSummary> {
  const [row] = await queryRows(q, sql`
    select coalesce(sum(r.new_donors), 0)::int as new_donors, coalesce(sum(r.retained), 0)::int as retained,
           coalesce(sum(r.recovered), 0)::int as recovered, coalesce(sum(r.lapsed), 0)::int as lapsed, coalesce(sum(r.previous), 0)::int as previous
      from ${def.from} where ${whereClause(def, query.filters, query.page.search)}`);
  const n = (k: string) => Number(row?.[k] ?? 0);
  return { new_donors: n('new_donors'), retained: n('retained'), recovered: n('recovered'), lapsed: n('lapsed'), retention_rate: retentionRate(n('retained'), n('previous')) };
}

/** Every year of the report, oldest first: the dashboard chart's rows. */
export async function donorRetentionYears(q: Queryable, f: DonorRetentionFilters): Promise<DonorRetentionRow[]> {
  const def = donorRetentionReport(f);
  const rows = await queryRows(q, sql`select r.*, ${def.fields.retention_rate!.select} as rate from ${def.from} order by r.year`);
  return rows.map((r) => ({
    id: Number(r.year), year: Number(r.year), donors: Number(r.donors), new_donors: Number(r.new_donors), retained: Number(r.retained),
    recovered: Number(r.recovered), lapsed: Number(r.lapsed), retention_rate: r.rate === null ? null : Number(r.rate),
  }));
}
