import { PAYMENT_ITEM_REPORT_DEFAULT_SORT, type PaymentItemReportFilters, REPORT_PAGE_SIZE, paymentItemReportColumns, paymentItemReportFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { numberSql, shortNumberSql } from '../contributions/contributions.status.ts';
import { apiMoney, csvMoney, csvOrgConverted, csvRate, csvTime, dayRange } from './report-sql.ts';
import { type TotalsSpec, wordsSearch } from './reports.totals.ts';

const cur = sql`c.currency_code`;

function where(f: PaymentItemReportFilters): (SQL | undefined)[] {
  return [
    ...dayRange(sql`c.ordered_at`, f),
    f.status ? sql`c.payment_status = ${f.status}` : undefined,
    f.product_id ? sql`i.product_id = ${f.product_id}` : undefined,
    f.category_id ? sql`exists (select 1 from product_category_links pc where pc.product_id = i.product_id and pc.category_id = ${f.category_id})` : undefined,
    f.currency ? sql`c.currency_code = ${f.currency}` : undefined,
  ];
}

/** Payments by item: each line of every contribution a payment was attempted for. */
export const paymentItemsReport: ListingDefinition<PaymentItemReportFilters> = {
  columns: paymentItemReportColumns,
  fields: {
    ordered_at: { select: sql`c.ordered_at`, sort: sql`c.ordered_at` },
    item: { select: sql`i.description`, sort: sql`lower(i.description)` },
    code: { select: sql`i.code` },
    qty: { select: sql`i.qty` },
    price: { select: apiMoney(sql`i.price`, cur), sort: sql`i.price` },
    amount: { select: apiMoney(sql`i.total`, cur), sort: sql`i.total` },
    contribution: { select: shortNumberSql, sort: sql`c.id` },
    supporter: { select: sql`c.supporter_name`, sort: sql`lower(c.supporter_name)` },
    gateway: { select: sql`c.payment_gateway` },
    status: { select: sql`c.payment_status` },
  },
  rowExtras: { id: sql`i.id`, _url: sql`'/jpanel/contributions/' || c.id`, currency_code: cur },
  from: sql`contribution_items i join contributions c on c.id = i.contribution_id`,
  baseWhere: sql`c.deleted_at is null and c.payment_status is not null`,
  filters: paymentItemReportFiltersSchema,
  where,
  search: (term) => wordsSearch(sql`lower(concat_ws(' ', i.description, i.code, ${shortNumberSql}, c.invoice_number, c.supporter_name, c.bill_email))`, term),
  // Sorting by the contribution's date puts its lines together; the line id keeps their order.
  tiebreak: sql`i.id`,
  defaultOrder: [...PAYMENT_ITEM_REPORT_DEFAULT_SORT],
  pageSize: REPORT_PAGE_SIZE,
  csv: () => [
    { header: 'Item', value: sql`i.description`, kind: 'text' },
    { header: 'Code', value: sql`i.code`, kind: 'text' },
    { header: 'Qty', value: sql`i.qty`, kind: 'number' },
    { header: 'Price', value: csvMoney(sql`i.price`, cur), kind: 'number' },
    { header: 'GL', value: sql`i.gl_code`, kind: 'text' },
    { header: 'Billing First Name', value: sql`c.bill_first_name`, kind: 'text' },
    { header: 'Billing Last Name', value: sql`c.bill_last_name`, kind: 'text' },
    { header: 'Billing Email', value: sql`c.bill_email`, kind: 'text' },
    { header: 'Amount', value: csvMoney(sql`i.total`, cur), kind: 'number' },
    { header: 'Currency', value: cur, kind: 'text' },
    { header: 'FX Rate', value: csvRate(sql`c.functional_exchange_rate`), kind: 'number' },
    { header: 'Organisation Currency Amount', value: csvOrgConverted(sql`i.total`, sql`c.functional_exchange_rate`, cur), kind: 'number' },
    // The short number the list shows, beside the invoice number other systems know it by.
    { header: 'Contribution', value: shortNumberSql, kind: 'text' },
    { header: 'Reference', value: numberSql, kind: 'text' },
    { header: 'Time', value: csvTime(sql`c.ordered_at`), kind: 'text' },
    { header: 'Captured At', value: csvTime(sql`c.paid_at`), kind: 'text' },
    { header: 'Gateway', value: sql`c.payment_gateway`, kind: 'text' },
    { header: 'Payment Status', value: sql`c.payment_status`, kind: 'text' },
    { header: 'Failure Message', value: sql`c.response_text`, kind: 'text' },
    { header: 'Tracking Source', value: sql`c.tracking_source`, kind: 'text' },
    { header: 'Tracking Medium', value: sql`c.tracking_medium`, kind: 'text' },
    { header: 'Tracking Campaign', value: sql`c.tracking_campaign`, kind: 'text' },
    { header: 'Referral Source', value: sql`c.referral_source`, kind: 'text' },
    { header: 'Referral Website', value: sql`c.http_referer`, kind: 'text' },
  ],
};

export const paymentItemsTotals: TotalsSpec = {
  currency: cur,
  rate: sql`c.functional_exchange_rate`,
  measures: [{ key: 'amount', label: 'Amount', amount: sql`i.total` }],
};
