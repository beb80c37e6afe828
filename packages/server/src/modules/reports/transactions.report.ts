import { REPORT_PAGE_SIZE, TRANSACTION_REPORT_DEFAULT_SORT, type TransactionReportFilters, transactionReportColumns, transactionReportFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { amountRange, apiMoney, csvMoney, csvOrgMoney, csvRate, csvTime, dayRange, personSql } from './report-sql.ts';
import { type TotalsSpec, wordsSearch } from './reports.totals.ts';

const cur = sql`t.currency_code`;
const status = sql`case when t.refunded_amount > 0 then 'refunded' else t.payment_status end`;
const supporter = personSql('s', sql`r.subscriber_name`);
const profile = sql`concat_ws(' ', r.description, '#' || r.profile_id)`;

function where(f: TransactionReportFilters): (SQL | undefined)[] {
  return [
    ...dayRange(sql`t.ordered_at`, f),
    f.status === 'refunded' ? sql`t.refunded_amount > 0` : f.status ? sql`t.payment_status = ${f.status} and t.refunded_amount = 0` : undefined,
    f.currency ? sql`t.currency_code = ${f.currency}` : undefined,
    ...amountRange(sql`t.amount`, cur, f.amount_min, f.amount_max),
  ];
}

/** Transaction history: every charge of every recurring profile; a row opens its profile. */
export const transactionsReport: ListingDefinition<TransactionReportFilters> = {
  columns: transactionReportColumns,
  fields: {
    ordered_at: { select: sql`t.ordered_at`, sort: sql`t.ordered_at` },
    supporter: { select: supporter, sort: sql`lower(${supporter})` },
    profile: { select: profile, sort: sql`r.profile_id` },
    payment_method: { select: sql`t.payment_method_description` },
    transaction_reference: { select: sql`t.transaction_reference` },
    status: { select: status },
    reason: { select: sql`t.reason_code` },
    amount: { select: apiMoney(sql`t.amount`, cur), sort: sql`t.amount` },
    refunded: { select: apiMoney(sql`t.refunded_amount`, cur), sort: sql`t.refunded_amount` },
  },
  rowExtras: { id: sql`t.id`, _url: sql`'/jpanel/recurring/' || r.id`, currency_code: cur },
  from: sql`recurring_transactions t join recurring_payment_profiles r on r.id = t.recurring_payment_profile_id left join supporters s on s.id = r.supporter_id`,
  baseWhere: sql`true`,
  filters: transactionReportFiltersSchema,
  where,
  search: (term) => wordsSearch(sql`lower(concat_ws(' ', t.reason_code, t.transaction_reference, r.profile_id, s.first_name, s.last_name, s.display_name, s.email))`, term),
  tiebreak: sql`t.id`,
  defaultOrder: [...TRANSACTION_REPORT_DEFAULT_SORT],
  pageSize: REPORT_PAGE_SIZE,
  csv: () => [
    { header: 'ID', value: sql`t.id`, kind: 'number' },
    { header: 'Transaction ID', value: sql`t.transaction_reference`, kind: 'text' },
    { header: 'Date', value: csvTime(sql`t.ordered_at`), kind: 'text' },
    { header: 'Status', value: status, kind: 'text' },
    { header: 'Response', value: sql`t.reason_code`, kind: 'text' },
    { header: 'Amount', value: csvMoney(sql`t.amount`, cur), kind: 'number' },
    { header: 'Currency', value: cur, kind: 'text' },
    { header: 'Exchange Rate', value: csvRate(sql`t.functional_rate`), kind: 'number' },
    { header: 'Organisation Currency Amount', value: csvOrgMoney(sql`t.functional_amount`), kind: 'number' },
    { header: 'DP Gift ID', value: sql`t.gift_id`, kind: 'text' },
    { header: 'Profile', value: profile, kind: 'text' },
    { header: 'Supporter Name', value: supporter, kind: 'text' },
    { header: 'Supporter Email', value: sql`s.email`, kind: 'text' },
    { header: 'Payment Method', value: sql`t.payment_method_description`, kind: 'text' },
    { header: 'Refunded Amount', value: csvMoney(sql`t.refunded_amount`, cur), kind: 'number' },
    { header: 'Refunded At', value: csvTime(sql`t.refunded_at`), kind: 'text' },
    { header: 'Refund Reference', value: sql`t.refund_reference`, kind: 'text' },
  ],
};

export const transactionsTotals: TotalsSpec = {
  currency: cur,
  rate: sql`t.functional_rate`,
  measures: [
    { key: 'amount', label: 'Amount', amount: sql`t.amount` },
    { key: 'refunded', label: 'Refunded', amount: sql`t.refunded_amount` },
  ],
};
