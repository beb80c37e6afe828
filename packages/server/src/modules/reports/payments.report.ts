import {
  PAYMENT_AGGREGATE_BRANDS,
  PAYMENT_REPORT_DEFAULT_SORT,
  type PaymentAggregate,
  type PaymentReportFilters,
  REPORT_PAGE_SIZE,
  paymentReportColumns,
  paymentReportFiltersSchema,
  toDecimal,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type ListingDefinition, type ListingQuery, queryRows, whereClause } from '../../listing/engine.ts';
import { apiMoney, csvMoney, csvOrgMoney, csvRate, csvTime, dayRange, paymentMethodSql, personSql } from './report-sql.ts';
import { orgCurrencyOf, orgMinorSql, type TotalsSpec, wordsSearch } from './reports.totals.ts';

const cur = sql`p.currency_code`;
const supporter = personSql('s');
const method = paymentMethodSql('p');
const isRecurring = sql`exists (select 1 from payment_links l where l.payment_id = p.id and l.recurring_transaction_id is not null)`;
/** The contribution the payment paid, else the recurring profile it charged. */
const contributionUrl = sql`(select case when l.contribution_id is not null then '/jpanel/contributions/' || l.contribution_id
                                          else '/jpanel/recurring/' || l.recurring_payment_profile_id end
                               from payment_links l where l.payment_id = p.id order by l.id limit 1)`;
const verification = sql`case when coalesce(p.card_cvc_check, 'pass') <> 'fail' and coalesce(p.card_address_line1_check, 'pass') <> 'fail'
  and coalesce(p.card_address_zip_check, 'pass') <> 'fail' then 'Pass'
  else concat_ws('; ', case when p.card_cvc_check = 'fail' then 'CVC check failed' end,
    case when p.card_address_line1_check = 'fail' then 'Address check failed' end,
    case when p.card_address_zip_check = 'fail' then 'ZIP check failed' end) end`;

/**
 * A payment's status as the report shows it, and the one thing its Status filter compares: spam
 * first, then refunded, then what the gateway said (succeeded shows as paid). Filter and column
 * once disagreed (a failed payment marked spam was listed under Failed but shown as Spam).
 */
const paymentStatus = sql`case when p.is_spam then 'spam' when p.amount_refunded > 0 then 'refunded'
  when p.status = 'succeeded' then 'paid' else p.status end`;

function where(f: PaymentReportFilters): (SQL | undefined)[] {
  return [
    ...dayRange(sql`p.created_at`, f),
    f.status ? sql`${paymentStatus} = ${f.status}` : undefined,
    f.kind === 'recurring' ? isRecurring : f.kind === 'onetime' ? sql`not ${isRecurring}` : undefined,
    f.type ? sql`p.type = ${f.type}` : undefined,
    f.gateway ? sql`p.gateway = ${f.gateway}` : undefined,
    f.currency ? sql`p.currency_code = ${f.currency}` : undefined,
  ];
}

/** Payments: every gateway payment, newest attempt first; a row opens the contribution it paid. */
export const paymentsReport: ListingDefinition<PaymentReportFilters> = {
  columns: paymentReportColumns,
  fields: {
    created_at: { select: sql`p.created_at`, sort: sql`p.created_at` },
    captured_at: { select: sql`p.captured_at` },
    supporter: { select: supporter, sort: sql`lower(${supporter})` },
    reference: { select: sql`p.reference_number` },
    gateway: { select: sql`p.gateway` },
    method: { select: method, sort: [sql`p.type`, sql`p.card_brand`] },
    status: { select: paymentStatus },
    failure: { select: sql`p.failure_message` },
    amount: { select: apiMoney(sql`p.amount`, cur), sort: sql`p.amount` },
    refunded: { select: apiMoney(sql`p.amount_refunded`, cur), sort: sql`p.amount_refunded` },
  },
  rowExtras: { id: sql`p.id`, _url: contributionUrl, currency_code: cur },
  from: sql`payments p left join supporters s on s.id = p.supporter_id`,
  baseWhere: sql`true`,
  filters: paymentReportFiltersSchema,
  where,
  search: (term) => wordsSearch(sql`lower(concat_ws(' ', p.reference_number, p.description, p.card_last4, p.bank_last4, s.first_name, s.last_name, s.display_name, s.email))`, term),
  tiebreak: sql`p.id`,
  defaultOrder: [...PAYMENT_REPORT_DEFAULT_SORT],
  pageSize: REPORT_PAGE_SIZE,
  csv: () => [
    { header: 'Attempted', value: csvTime(sql`p.created_at`), kind: 'text' },
    { header: 'Captured', value: csvTime(sql`p.captured_at`), kind: 'text' },
    { header: 'Transaction', value: sql`p.id`, kind: 'number' },
    { header: 'Amount', value: csvMoney(sql`p.amount`, cur), kind: 'number' },
    { header: 'Amount Refunded', value: csvMoney(sql`p.amount_refunded`, cur), kind: 'number' },
    { header: 'Currency', value: cur, kind: 'text' },
    { header: 'FX Rate', value: csvRate(sql`p.functional_rate`), kind: 'number' },
    { header: 'Organisation Currency Amount', value: csvOrgMoney(sql`p.functional_amount`), kind: 'number' },
    { header: 'Name', value: supporter, kind: 'text' },
    { header: 'Gateway', value: sql`p.gateway`, kind: 'text' },
    { header: 'Method', value: method, kind: 'text' },
    { header: 'Reference', value: sql`p.reference_number`, kind: 'text' },
    { header: 'Verification', value: verification, kind: 'text' },
    { header: 'Fail Text', value: sql`p.failure_message`, kind: 'text' },
  ],
};

export const paymentsTotals: TotalsSpec = {
  currency: cur,
  rate: sql`p.functional_rate`,
  measures: [
    { key: 'amount', label: 'Amount', amount: sql`p.amount` },
    { key: 'refunded', label: 'Refunded', amount: sql`p.amount_refunded` },
  ],
};

const brandSql = sql`case when p.type = 'bank' then 'ACH'
  when lower(p.card_brand) = 'mastercard' then 'MasterCard' when lower(p.card_brand) = 'visa' then 'Visa'
  when lower(p.card_brand) in ('amex', 'american_express', 'american express') then 'Amex' else 'Other' end`;

/**
 * The aggregate beside the payments list: what was kept (amount − refunded) of the filtered
 * succeeded payments, by gateway and brand, in the organisation currency at each payment's rate.
 */
export async function paymentsAggregate(q: Queryable, query: ListingQuery<PaymentReportFilters>): Promise<PaymentAggregate> {
  const org = await orgCurrencyOf(q);
  const kept = orgMinorSql(sql`p.amount - p.amount_refunded`, sql`p.functional_rate`, cur, org.digits);
  const rows = await queryRows(
    q,
    sql`select coalesce(p.gateway, 'none') as gateway, ${brandSql} as brand, coalesce(sum(${kept}), 0)::text as kept,
               count(*) filter (where p.functional_rate is null)::int as unconverted
          from ${paymentsReport.from}
         where ${whereClause(paymentsReport, query.filters, query.page.search)} and p.status = 'succeeded'
         group by 1, 2 order by 1, 2`,
  );
  const byGateway = new Map<string, Record<string, bigint>>();
  let unconverted = 0;
  for (const row of rows) {
    const amounts = byGateway.get(String(row.gateway)) ?? Object.fromEntries(PAYMENT_AGGREGATE_BRANDS.map((b) => [b, 0n]));
    amounts[String(row.brand)] = BigInt(String(row.kept));
    byGateway.set(String(row.gateway), amounts);
    unconverted += Number(row.unconverted);
  }
  const dec = (v: bigint) => toDecimal(v, org.currency);
  let total = 0n;
  const out = [...byGateway].map(([gateway, amounts]) => {
    const sum = Object.values(amounts).reduce((a, b) => a + b, 0n);
    total += sum;
    return { gateway, amounts: PAYMENT_AGGREGATE_BRANDS.map((brand) => ({ brand, amount: dec(amounts[brand] ?? 0n) })), total: dec(sum) };
  });
  return { org_currency: org.currency, brands: [...PAYMENT_AGGREGATE_BRANDS], rows: out, total: dec(total), unconverted };
}
