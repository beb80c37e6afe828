import { DCC_REPORT_DEFAULT_SORT, type DccReportFilters, REPORT_PAGE_SIZE, dccReportColumns, dccReportFiltersSchema, toDecimal } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type ListingDefinition, type ListingQuery, queryRows, whereClause } from '../../listing/engine.ts';
import { shortNumberSql } from '../contributions/contributions.status.ts';
import { apiMoney, csvMoney, csvTime, dayRange, personSql } from './report-sql.ts';
import { orgCurrencyOf, orgMinorSql, type TotalsSpec, wordsSearch } from './reports.totals.ts';

/**
 * One row per line where the donor covered the costs: contribution lines (the contribution not
 * refunded, its payment succeeded or pending) and recurring charges (not refunded). A recurring
 * charge's own contribution is left out of the first half so no charge counts twice.
 */
const lines = sql`(
  select 'c' || i.id as key, c.id as contribution_id, null::int as profile_id,
         'Contribution ' || ${shortNumberSql} as reference, c.supporter_name as supporter,
         concat_ws(' – ', i.description, i.code) as product, c.payment_gateway as gateway,
         case c.payment_type when 'bank' then 'Bank (ACH)' when 'cheque' then 'Check' when 'unknown' then 'Other' when 'paypal' then 'PayPal' else initcap(c.payment_type) end as method,
         (i.total + i.dcc_amount) as line, i.dcc_amount as dcc, c.currency_code as cur, c.functional_exchange_rate as rate,
         coalesce(c.paid_at, c.ordered_at) as at
    from contribution_items i join contributions c on c.id = i.contribution_id
   where i.dcc_amount > 0 and c.deleted_at is null and not c.is_spam and c.refunded_amount = 0
     and c.payment_status in ('succeeded', 'pending')
     and not exists (select 1 from recurring_transactions rt where rt.contribution_id = c.id)
  union all
  select 't' || t.id, t.contribution_id, r.id, 'Recurring Profile #' || r.profile_id, ${personSql('s', sql`r.subscriber_name`)},
         r.description, null, t.payment_method_description, t.amount, t.dcc_amount, t.currency_code, t.functional_rate, t.ordered_at
    from recurring_transactions t join recurring_payment_profiles r on r.id = t.recurring_payment_profile_id
    left join supporters s on s.id = r.supporter_id
   where t.dcc_amount > 0 and t.refunded_amount = 0 and t.payment_status in ('succeeded', 'pending')
) d`;

function where(f: DccReportFilters): (SQL | undefined)[] {
  return [...dayRange(sql`d.at`, f), f.currency ? sql`d.cur = ${f.currency}` : undefined];
}

export const dccReport: ListingDefinition<DccReportFilters> = {
  columns: dccReportColumns,
  fields: {
    reference: { select: sql`d.reference` },
    supporter: { select: sql`d.supporter`, sort: sql`lower(d.supporter)` },
    product: { select: sql`d.product`, sort: sql`lower(d.product)` },
    gateway: { select: sql`d.gateway` },
    method: { select: sql`d.method` },
    amount: { select: apiMoney(sql`d.line`, sql`d.cur`), sort: sql`d.line` },
    dcc: { select: apiMoney(sql`d.dcc`, sql`d.cur`), sort: sql`d.dcc` },
    paid_at: { select: sql`d.at`, sort: sql`d.at` },
  },
  rowExtras: {
    id: sql`d.key`,
    _url: sql`case when d.profile_id is not null then '/jpanel/recurring/' || d.profile_id else '/jpanel/contributions/' || d.contribution_id end`,
    currency_code: sql`d.cur`,
  },
  from: lines,
  baseWhere: sql`true`,
  filters: dccReportFiltersSchema,
  where,
  search: (term) => wordsSearch(sql`lower(concat_ws(' ', d.reference, d.supporter, d.product, d.gateway))`, term),
  tiebreak: sql`d.key`,
  defaultOrder: [...DCC_REPORT_DEFAULT_SORT],
  pageSize: REPORT_PAGE_SIZE,
  csv: () => [
    { header: 'Contribution Reference', value: sql`d.reference`, kind: 'text' },
    { header: 'Account', value: sql`d.supporter`, kind: 'text' },
    { header: 'Product Name', value: sql`d.product`, kind: 'text' },
    { header: 'Gateway', value: sql`d.gateway`, kind: 'text' },
    { header: 'Method', value: sql`d.method`, kind: 'text' },
    { header: 'Line Item Amount', value: csvMoney(sql`d.line`, sql`d.cur`), kind: 'number' },
    { header: 'DCC Amount', value: csvMoney(sql`d.dcc`, sql`d.cur`), kind: 'number' },
    { header: 'Currency', value: sql`d.cur`, kind: 'text' },
    { header: 'Date', value: csvTime(sql`d.at`), kind: 'text' },
  ],
};

export const dccTotals: TotalsSpec = {
  currency: sql`d.cur`,
  rate: sql`d.rate`,
  measures: [
    { key: 'line', label: 'Line amount', amount: sql`d.line` },
    { key: 'dcc', label: 'DCC', amount: sql`d.dcc` },
  ],
};

const pct = (part: bigint, whole: bigint) => (whole === 0n ? 0 : Math.round(Number((part * 10000n) / whole)) / 100);

/**
 * The three stats: DCC collected and on how many lines; the average and its share of the
 * lines' amounts; and how many eligible contributions (a line that may carry DCC) took it.
 */
export async function dccStats(q: Queryable, query: ListingQuery<DccReportFilters>) {
  const org = await orgCurrencyOf(q);
  const toOrg = (m: SQL) => orgMinorSql(m, sql`d.rate`, sql`d.cur`, org.digits);
  const [sum] = await queryRows(
    q,
    sql`select count(*)::int as n, coalesce(sum(${toOrg(sql`d.dcc`)}), 0)::text as dcc, coalesce(sum(${toOrg(sql`d.line`)}), 0)::text as line
          from ${lines} where ${whereClause(dccReport, query.filters, query.page.search)}`,
  );
  const [conv] = await queryRows(
    q,
    sql`select count(*)::int as eligible, count(*) filter (where c.dcc_amount > 0)::int as converted
          from contributions c
         where c.paid_at is not null and c.deleted_at is null and not c.is_spam and c.refunded_amount = 0
           and exists (select 1 from contribution_items i where i.contribution_id = c.id and i.dcc_eligible)
           ${query.filters.from ? sql`and ${dayRange(sql`c.paid_at`, { from: query.filters.from })[0]}` : sql``}
           ${query.filters.to ? sql`and ${dayRange(sql`c.paid_at`, { to: query.filters.to })[1]}` : sql``}
           ${query.filters.currency ? sql`and c.currency_code = ${query.filters.currency}` : sql``}`,
  );
  const count = Number(sum?.n ?? 0);
  const dcc = BigInt(String(sum?.dcc ?? 0));
  const line = BigInt(String(sum?.line ?? 0));
  const average = count ? (dcc * 2n + BigInt(count)) / (BigInt(count) * 2n) : 0n;
  const eligible = Number(conv?.eligible ?? 0);
  const converted = Number(conv?.converted ?? 0);
  const percent = pct(dcc, line);
  const convPercent = eligible ? Math.round((converted / eligible) * 10000) / 100 : 0;
  return {
    org_currency: org.currency,
    totals: { dcc: toDecimal(dcc, org.currency), count, text: `${count} Contributions with DCC` },
    average: { dcc: toDecimal(average, org.currency), percent, text: `${percent}% of contribution total` },
    conversions: { converted, eligible, percent: convPercent, text: `${converted} out of ${eligible} Contributions Eligible for DCC` },
  };
}
