import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';
import { checkRange, reportAmount, reportChoice, reportCurrency, reportDay, reportId, reportText } from './common.ts';

/**
 * The money reports of spec part 3 §7: transaction history, payments (with its aggregate) and
 * payments by item. Column order is the index the DataTables `order[i][column]` names.
 */
/** A column; `extra` says its part of a phone's card, or that it waits in the Columns menu. */
const col = (key: string, label: string, sortable = true, align?: 'right', extra: Pick<ListingColumn, 'card' | 'optional'> = {}): ListingColumn => ({ key, label, sortable, ...(align ? { align } : {}), ...extra });

// Transaction history: every charge of a recurring profile.
export const transactionReportColumns = [
  col('ordered_at', 'Date', true, undefined, { card: 'date' }),
  col('supporter', 'Supporter', true, undefined, { card: 'title' }),
  col('profile', 'Recurring profile', true, undefined, { optional: true }),
  col('payment_method', 'Payment method', false),
  col('transaction_reference', 'Transaction ID', true, undefined, { optional: true }),
  col('status', 'Status', true, undefined, { card: 'status' }),
  col('reason', 'Response', false),
  col('amount', 'Amount', true, 'right', { card: 'amount' }),
  col('refunded', 'Refunded', true, 'right'),
] as const satisfies readonly ListingColumn[];
export const TRANSACTION_REPORT_DEFAULT_SORT = [{ column: 0, dir: 'desc' as const }];
export const transactionReportStatuses = ['succeeded', 'pending', 'failed', 'refunded'] as const;
export const transactionReportFiltersSchema = z
  .object({
    from: reportDay,
    to: reportDay,
    status: reportChoice(transactionReportStatuses),
    currency: reportCurrency,
    amount_min: reportAmount,
    amount_max: reportAmount,
  })
  .superRefine(checkRange);
export type TransactionReportFilters = z.infer<typeof transactionReportFiltersSchema>;
export const transactionReportRowSchema = z.object({
  id: z.number(),
  _url: z.string().nullable().meta({ description: 'The recurring profile\'s page.' }),
  currency_code: z.string(),
  ordered_at: z.string(),
  supporter: z.string(),
  profile: z.string().nullable(),
  payment_method: z.string().nullable(),
  transaction_reference: z.string().nullable(),
  status: z.string(),
  reason: z.string().nullable(),
  amount: z.number(),
  refunded: z.number(),
});

// Payments: every gateway payment (one-time and recurring).
export const paymentReportColumns = [
  col('created_at', 'Attempted', true, undefined, { card: 'date' }),
  col('captured_at', 'Captured', true, undefined, { optional: true }),
  col('supporter', 'Name', true, undefined, { card: 'title' }),
  col('reference', 'Reference', true, undefined, { optional: true }),
  col('gateway', 'Gateway', true, undefined, { optional: true }),
  col('method', 'Method'),
  col('status', 'Status', true, undefined, { card: 'status' }),
  col('failure', 'Fail text', false),
  col('amount', 'Amount', true, 'right', { card: 'amount' }),
  col('refunded', 'Refunded', true, 'right'),
] as const satisfies readonly ListingColumn[];
export const PAYMENT_REPORT_DEFAULT_SORT = [{ column: 0, dir: 'desc' as const }];
export const paymentReportStatuses = ['paid', 'refunded', 'failed', 'spam'] as const;
export const paymentReportTypes = ['card', 'bank', 'paypal', 'cheque', 'cash', 'unknown'] as const;
export const paymentReportFiltersSchema = z
  .object({
    from: reportDay,
    to: reportDay,
    status: reportChoice(paymentReportStatuses),
    kind: reportChoice(['onetime', 'recurring'] as const),
    type: reportChoice(paymentReportTypes),
    gateway: reportText(32),
    currency: reportCurrency,
  })
  .superRefine(checkRange);
export type PaymentReportFilters = z.infer<typeof paymentReportFiltersSchema>;
export const paymentReportRowSchema = z.object({
  id: z.number(),
  _url: z.string().nullable().meta({ description: 'The contribution the payment paid.' }),
  currency_code: z.string(),
  created_at: z.string(),
  captured_at: z.string().nullable(),
  supporter: z.string(),
  reference: z.string().nullable(),
  gateway: z.string().nullable(),
  method: z.string(),
  status: z.string(),
  failure: z.string().nullable(),
  amount: z.number(),
  refunded: z.number(),
});
/** The aggregate: what was kept (amount − refunded) by gateway and card brand, in the organisation currency. */
export const PAYMENT_AGGREGATE_BRANDS = ['MasterCard', 'Visa', 'Amex', 'ACH', 'Other'] as const;
export const paymentAggregateSchema = z.object({
  org_currency: z.string(),
  brands: z.array(z.string()),
  rows: z.array(z.object({ gateway: z.string(), amounts: z.array(z.object({ brand: z.string(), amount: z.number() })), total: z.number() })),
  total: z.number(),
  /** Payments without a stored rate, left out (never converted at 1). */
  unconverted: z.number(),
});
export type PaymentAggregate = z.infer<typeof paymentAggregateSchema>;

// Payments by item: each line of a paid (or failed) contribution.
export const paymentItemReportColumns = [
  col('ordered_at', 'Date', true, undefined, { card: 'date' }),
  col('item', 'Item', true, undefined, { card: 'title' }),
  col('code', 'Code', true, undefined, { optional: true }),
  col('qty', 'Qty', true, 'right'),
  col('price', 'Price', true, 'right', { optional: true }),
  col('amount', 'Amount', true, 'right', { card: 'amount' }),
  col('contribution', 'Contribution'),
  col('supporter', 'Supporter'),
  col('gateway', 'Gateway', true, undefined, { optional: true }),
  col('status', 'Status', true, undefined, { card: 'status' }),
] as const satisfies readonly ListingColumn[];
export const PAYMENT_ITEM_REPORT_DEFAULT_SORT = [{ column: 0, dir: 'desc' as const }];
export const paymentItemReportFiltersSchema = z
  .object({
    from: reportDay,
    to: reportDay,
    status: reportChoice(['succeeded', 'pending', 'failed'] as const),
    product_id: reportId,
    category_id: reportId,
    currency: reportCurrency,
  })
  .superRefine(checkRange);
export type PaymentItemReportFilters = z.infer<typeof paymentItemReportFiltersSchema>;
export const paymentItemReportRowSchema = z.object({
  id: z.number(),
  _url: z.string(),
  currency_code: z.string(),
  ordered_at: z.string(),
  item: z.string(),
  code: z.string().nullable(),
  qty: z.number(),
  price: z.number(),
  amount: z.number(),
  contribution: z.string(),
  supporter: z.string(),
  gateway: z.string().nullable(),
  status: z.string().nullable(),
});
