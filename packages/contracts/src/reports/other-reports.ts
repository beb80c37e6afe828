import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';
import { messages } from '../messages.ts';
import { contributionStatuses } from '../listings/contributions.ts';
import { checkRange, reportAmount, reportChoice, reportCurrency, reportDay, reportId, reportText } from './common.ts';

/** Product, fee, donor-covers-costs, impact and abandoned-cart reports (spec part 3 §7). */
/** A column; `extra` says its part of a phone's card, or that it waits in the Columns menu. */
const col = (key: string, label: string, sortable = true, align?: 'right', extra: Pick<ListingColumn, 'card' | 'optional'> = {}): ListingColumn => ({ key, label, sortable, ...(align ? { align } : {}), ...extra });

// Orders by product: one row per product, its paid contributions in the period.
export const productSalesColumns = [
  col('code', 'Code'),
  col('name', 'Name', true, undefined, { card: 'title' }),
  col('first_purchase', 'First purchase', true, undefined, { optional: true }),
  col('last_purchase', 'Last purchase', true, undefined, { card: 'date' }),
  col('contributions', 'Contributions', true, 'right'),
  col('qty', 'Qty', true, 'right'),
  col('org_amount', 'Amount', true, 'right', { card: 'amount' }),
] as const satisfies readonly ListingColumn[];
export const PRODUCT_SALES_DEFAULT_SORT = [{ column: 6, dir: 'desc' as const }];
export const productSalesFiltersSchema = z
  .object({ from: reportDay, to: reportDay, category_id: reportId, include_deleted: reportChoice(['1', '0'] as const) })
  .superRefine(checkRange);
export type ProductSalesFilters = z.infer<typeof productSalesFiltersSchema>;
export const productSalesRowSchema = z.object({
  id: z.number(),
  _url: z.string().meta({ description: 'The product\'s orders.' }),
  org_currency: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  first_purchase: z.string().nullable(),
  last_purchase: z.string().nullable(),
  contributions: z.number(),
  qty: z.number(),
  org_amount: z.number().meta({ description: 'In the organisation currency, each line at its contribution\'s rate.' }),
  by_currency: z.string().meta({ description: 'The same amount per currency, e.g. "USD 120.00 · EUR 30.00".' }),
});

// Product orders: the contributions holding one product.
export const productOrderColumns = [
  col('number', 'Contribution'),
  col('supporter', 'Supporter', true, undefined, { card: 'title' }),
  col('ordered_at', 'Date', true, undefined, { card: 'date' }),
  col('status', 'Status', true, undefined, { card: 'status' }),
  col('qty', 'Qty', true, 'right'),
  col('amount', 'Amount', true, 'right', { card: 'amount' }),
] as const satisfies readonly ListingColumn[];
export const PRODUCT_ORDERS_DEFAULT_SORT = [{ column: 2, dir: 'desc' as const }];
export const productOrderFiltersSchema = z
  .object({
    from: reportDay,
    to: reportDay,
    status: reportChoice(contributionStatuses.map((s) => s.value) as [string, ...string[]]),
    currency: reportCurrency,
    amount_min: reportAmount,
    amount_max: reportAmount,
  })
  .superRefine(checkRange);
export type ProductOrderFilters = z.infer<typeof productOrderFiltersSchema>;
export const productOrderRowSchema = z.object({
  id: z.number(),
  _url: z.string(),
  currency_code: z.string(),
  number: z.string(),
  supporter: z.string(),
  ordered_at: z.string(),
  status: z.string(),
  qty: z.number(),
  amount: z.number(),
});
export const productOrderStatsSchema = z.object({
  order_count: z.number(),
  total_qty: z.number(),
  total_sales: z.number().meta({ description: 'In the organisation currency.' }),
  total_sales_recurring: z.number().meta({ description: 'Of which recurring, in the organisation currency.' }),
  org_currency: z.string(),
});

// Platform fees: the fee ledger of one month.
export const platformFeeColumns = [
  col('created_at', 'Date', true, undefined, { card: 'date' }),
  col('reference', 'Ref #', false),
  col('description', 'Description', true, undefined, { card: 'title' }),
  col('rate', 'Rate', true, 'right'),
  col('amount', 'Fee', true, 'right', { card: 'amount' }),
  col('exchange_rate', 'Exchange rate', false, 'right', { optional: true }),
  col('settlement_amount', 'Settled fee', true, 'right'),
] as const satisfies readonly ListingColumn[];
export const PLATFORM_FEES_DEFAULT_SORT = [{ column: 0, dir: 'desc' as const }];
export const platformFeeFiltersSchema = z.object({
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month, as yyyy-mm.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type PlatformFeeFilters = z.infer<typeof platformFeeFiltersSchema>;
export const platformFeeRowSchema = z.object({
  id: z.number(),
  _url: z.string().nullable(),
  currency_code: z.string(),
  settlement_currency: z.string(),
  created_at: z.string(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  rate: z.number(),
  amount: z.number(),
  exchange_rate: z.string(),
  settlement_amount: z.number(),
});
export const platformFeeSummarySchema = z.object({
  fees_rate: z.number().meta({ description: 'Percent.' }),
  fees_type: z.string(),
  currency: z.string(),
  payments_count: z.number(),
  payments_amount: z.number(),
  refunds_count: z.number(),
  refunds_amount: z.number(),
  settlement_currency: z.string(),
  total_amount: z.number(),
});
export const dccTotalSchema = z.object({
  currency: z.string(),
  dcc_collected: z.number().meta({ description: 'Total DCC collected in the month (organisation currency).' }),
  platform_fees: z.number().meta({ description: 'Platform fees settled in the organisation currency.' }),
  extra: z.number().meta({ description: 'Extra for your mission: DCC beyond the fees, never below 0.' }),
});

// Donor covers costs: lines where the donor covered the fees.
export const dccReportColumns = [
  col('reference', 'Reference'),
  col('supporter', 'Account', true, undefined, { card: 'title' }),
  col('product', 'Product'),
  col('gateway', 'Gateway', true, undefined, { optional: true }),
  col('method', 'Method', false, undefined, { optional: true }),
  col('amount', 'Line amount', true, 'right'),
  col('dcc', 'DCC amount', true, 'right', { card: 'amount' }),
  col('paid_at', 'Date', true, undefined, { card: 'date' }),
] as const satisfies readonly ListingColumn[];
export const DCC_REPORT_DEFAULT_SORT = [{ column: 7, dir: 'desc' as const }];
export const dccReportFiltersSchema = z.object({ from: reportDay, to: reportDay, currency: reportCurrency }).superRefine(checkRange);
export type DccReportFilters = z.infer<typeof dccReportFiltersSchema>;
export const dccReportRowSchema = z.object({
  id: z.string(),
  _url: z.string().nullable(),
  currency_code: z.string(),
  reference: z.string(),
  supporter: z.string(),
  product: z.string().nullable(),
  gateway: z.string().nullable(),
  method: z.string().nullable(),
  amount: z.number(),
  dcc: z.number(),
  paid_at: z.string(),
});
export const dccStatsSchema = z.object({
  org_currency: z.string(),
  totals: z.object({ dcc: z.number(), count: z.number(), text: z.string() }),
  average: z.object({ dcc: z.number(), percent: z.number(), text: z.string() }),
  conversions: z.object({ converted: z.number(), eligible: z.number(), percent: z.number(), text: z.string() }),
});

// Impact by supporter: lifetime giving and what the people they referred gave.
export const impactColumns = [
  col('supporter', 'Supporter', true, undefined, { card: 'title' }),
  col('email', 'Email'),
  col('donation_amount', 'Donations', true, 'right', { card: 'amount' }),
  col('donation_count', 'Donation count', true, 'right', { optional: true }),
  col('purchase_amount', 'Purchases', true, 'right'),
  col('purchase_count', 'Purchase count', true, 'right', { optional: true }),
  col('fundraising_amount', 'Fundraising', true, 'right'),
  col('referred_count', 'Referred supporters', true, 'right', { optional: true }),
  col('referred_amount', 'Referred donations', true, 'right'),
] as const satisfies readonly ListingColumn[];
export const IMPACT_DEFAULT_SORT = [{ column: 2, dir: 'desc' as const }];
export const impactFiltersSchema = z.object({ min_donation: reportAmount });
export type ImpactFilters = z.infer<typeof impactFiltersSchema>;
export const impactRowSchema = z.object({
  id: z.number(),
  _url: z.string(),
  org_currency: z.string(),
  supporter: z.string(),
  email: z.string().nullable(),
  donation_amount: z.number(),
  donation_count: z.number(),
  purchase_amount: z.number(),
  purchase_count: z.number(),
  fundraising_amount: z.number(),
  referred_count: z.number(),
  referred_amount: z.number(),
});

// Abandoned carts: started, never paid, not at the point of sale.
export const abandonedCartColumns = [
  col('started_at', 'Started', true, undefined, { card: 'date' }),
  col('supporter', 'Supporter', true, undefined, { card: 'title' }),
  col('email', 'Email'),
  col('items', 'Items', true, 'right'),
  col('amount', 'Total', true, 'right', { card: 'amount' }),
  col('response', 'Last response', false, undefined, { card: 'status' }),
] as const satisfies readonly ListingColumn[];
export const ABANDONED_CARTS_DEFAULT_SORT = [{ column: 0, dir: 'desc' as const }];
export const abandonedCartFiltersSchema = z
  .object({ from: reportDay, to: reportDay, currency: reportCurrency, amount_min: reportAmount, with_email: reportChoice(['1'] as const) })
  .superRefine(checkRange);
export type AbandonedCartFilters = z.infer<typeof abandonedCartFiltersSchema>;
export const abandonedCartRowSchema = z.object({
  id: z.number(),
  _url: z.string(),
  currency_code: z.string(),
  started_at: z.string(),
  supporter: z.string(),
  email: z.string().nullable(),
  items: z.number(),
  amount: z.number(),
  response: z.string().nullable(),
});

export const productIdParam = z.object({ id: z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1) });
export { reportText };
