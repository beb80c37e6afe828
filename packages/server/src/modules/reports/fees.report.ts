import { PLATFORM_FEES_DEFAULT_SORT, type PlatformFeeFilters, REPORT_PAGE_SIZE, platformFeeColumns, platformFeeFiltersSchema, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type ListingDefinition, type ListingQuery, queryRows } from '../../listing/engine.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';
import { apiMoney, csvMoney, csvRate, csvTime, orgCurrencySql } from './report-sql.ts';
import { orgCurrencyOf, orgMinorSql, type TotalsSpec, wordsSearch } from './reports.totals.ts';

const cur = sql`f.currency_code`;
/** The month asked for, else this month in the organisation's time zone. */
const periodSql = (f: PlatformFeeFilters) => sql`coalesce(${f.period ?? null}::text, to_char(now() at time zone ${orgTimeZoneSql}, 'YYYY-MM'))`;
const feeType = sql`coalesce(p.platform_fee_type, rp.platform_fee_type, 'standard')`;

/** Platform fees: the fee ledger of one month (payments and refunds); a row opens what was paid. */
export const platformFeesReport: ListingDefinition<PlatformFeeFilters> = {
  columns: platformFeeColumns,
  fields: {
    created_at: { select: sql`f.created_at`, sort: sql`f.created_at` },
    reference: { select: sql`coalesce(p.reference_number, r.reference_number)` },
    description: { select: sql`f.description`, sort: sql`lower(f.description)` },
    rate: { select: sql`(f.rate * 100)::float8`, sort: sql`f.rate` },
    amount: { select: apiMoney(sql`f.amount`, cur), sort: sql`f.amount` },
    exchange_rate: { select: sql`rtrim(rtrim(f.exchange_rate::text, '0'), '.')` },
    settlement_amount: { select: apiMoney(sql`f.settlement_amount`, sql`f.settlement_currency_code`), sort: sql`f.settlement_amount` },
  },
  rowExtras: {
    id: sql`f.id`,
    _url: sql`(select '/jpanel/contributions/' || l.contribution_id from payment_links l
                where l.payment_id = coalesce(f.payment_id, r.payment_id) and l.contribution_id is not null order by l.id limit 1)`,
    currency_code: cur,
    settlement_currency: sql`f.settlement_currency_code`,
  },
  from: sql`transaction_fees f left join payments p on p.id = f.payment_id left join refunds r on r.id = f.refund_id left join payments rp on rp.id = r.payment_id`,
  baseWhere: sql`true`,
  filters: platformFeeFiltersSchema,
  // The month is always applied: the report is one month of the ledger.
  where: (f) => [sql`f.period = ${periodSql(f)}`],
  search: (term) => wordsSearch(sql`lower(coalesce(f.description, ''))`, term),
  tiebreak: sql`f.id`,
  defaultOrder: [...PLATFORM_FEES_DEFAULT_SORT],
  pageSize: REPORT_PAGE_SIZE,
  csv: () => [
    { header: 'Date', value: csvTime(sql`f.created_at`), kind: 'text' },
    { header: 'Ref #', value: sql`coalesce(p.reference_number, r.reference_number)`, kind: 'text' },
    { header: 'Description', value: sql`f.description`, kind: 'text' },
    { header: 'Fee', value: csvMoney(sql`f.amount`, cur), kind: 'number' },
    { header: 'Currency', value: cur, kind: 'text' },
    { header: 'Exchange Rate', value: csvRate(sql`f.exchange_rate`), kind: 'number' },
    { header: 'Settled Fee', value: csvMoney(sql`f.settlement_amount`, sql`f.settlement_currency_code`), kind: 'number' },
    { header: 'Settled Currency', value: sql`f.settlement_currency_code`, kind: 'text' },
  ],
};

/** Fees convert at their own exchange rate when they settle in the organisation currency; others stay unconverted. */
export const platformFeesTotals: TotalsSpec = {
  currency: cur,
  rate: sql`case when f.settlement_currency_code = ${orgCurrencySql} then f.exchange_rate end`,
  measures: [{ key: 'amount', label: 'Fees', amount: sql`f.amount` }],
};

/** `summary_data`: the month's fees by fee type, rate and currency (never added across currencies). */
export async function platformFeeSummary(q: Queryable, query: ListingQuery<PlatformFeeFilters>) {
  const rows = await queryRows(
    q,
    sql`select ${feeType} as fees_type, f.rate::text as rate, f.currency_code as currency, f.settlement_currency_code as settlement_currency,
               count(*) filter (where f.payment_id is not null)::int as payments_count,
               coalesce(sum(f.source_amount) filter (where f.payment_id is not null), 0)::text as payments_amount,
               count(*) filter (where f.refund_id is not null)::int as refunds_count,
               coalesce(sum(f.source_amount) filter (where f.refund_id is not null), 0)::text as refunds_amount,
               sum(f.settlement_amount)::text as total_amount
          from ${platformFeesReport.from} where f.period = ${periodSql(query.filters)}
         group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  return rows.map((r) => ({
    fees_rate: Number(r.rate) * 100,
    fees_type: String(r.fees_type),
    currency: String(r.currency),
    payments_count: Number(r.payments_count),
    payments_amount: toDecimal(String(r.payments_amount), String(r.currency)),
    refunds_count: Number(r.refunds_count),
    refunds_amount: toDecimal(String(r.refunds_amount), String(r.currency)),
    settlement_currency: String(r.settlement_currency),
    total_amount: toDecimal(String(r.total_amount), String(r.settlement_currency)),
  }));
}

/**
 * `dcc_total`: what donors covered in the month (payments succeeded or pending, each line's DCC at
 * its own rate), the month's fees settled in the organisation currency, and what is left over.
 */
export async function dccTotal(q: Queryable, query: ListingQuery<PlatformFeeFilters>) {
  const org = await orgCurrencyOf(q);
  const period = periodSql(query.filters);
  const dccOrg = sql`case when t.id is not null then ${orgMinorSql(sql`t.dcc_amount`, sql`t.functional_rate`, sql`t.currency_code`, org.digits)}
                          else ${orgMinorSql(sql`c.dcc_amount`, sql`c.functional_exchange_rate`, sql`c.currency_code`, org.digits)} end`;
  const [dcc] = await queryRows(
    q,
    sql`select coalesce(sum(${dccOrg}), 0)::text as n
          from payments p join payment_links l on l.payment_id = p.id
          left join recurring_transactions t on t.id = l.recurring_transaction_id
          left join contributions c on c.id = l.contribution_id
         where p.status in ('succeeded', 'pending') and to_char(p.created_at at time zone ${orgTimeZoneSql}, 'YYYY-MM') = ${period}`,
  );
  const [fees] = await queryRows(
    q,
    sql`select coalesce(sum(f.settlement_amount), 0)::text as n from transaction_fees f
         where f.period = ${period} and f.settlement_currency_code = ${org.currency}`,
  );
  const collected = BigInt(String(dcc?.n ?? 0));
  const feeSum = BigInt(String(fees?.n ?? 0));
  const extra = collected > feeSum ? collected - feeSum : 0n;
  return { currency: org.currency, dcc_collected: toDecimal(collected, org.currency), platform_fees: toDecimal(feeSum, org.currency), extra: toDecimal(extra, org.currency) };
}
