import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';
import { messages } from '../messages.ts';
import { optionalDecimalAmount, optionalSpecDate, text } from '../rules.ts';

/**
 * Contributions listing (spec part 1 §2): 50 rows a page, default sort on column 7 (the
 * contribution date) descending. The checkbox column is hidden in the express edition (no bulk
 * actions there); "Net" shows only in express; the donor-CRM gift id only with DP.
 */
export const CONTRIBUTIONS_PAGE_SIZE = 50;

export const contributionColumns = [
  { key: 'select', label: '', sortable: false, visibleWhen: { express: false } },
  { key: 'number', label: 'Contribution', sortable: true },
  { key: 'supporter', label: 'Supporter', sortable: true, card: 'title' },
  { key: 'location', label: 'Location', sortable: true },
  { key: 'status', label: 'Status', sortable: false, card: 'status' },
  { key: 'total', label: 'Total', sortable: true, align: 'right', card: 'amount' },
  { key: 'net', label: 'Net', sortable: true, align: 'right', visibleWhen: { express: true } },
  { key: 'ordered_at', label: 'Date', sortable: true, card: 'date' },
  { key: 'payment', label: 'Payment', sortable: true },
  { key: 'source', label: 'Source', sortable: true, optional: true },
  { key: 'dp_gift_id', label: 'DP Gift ID', sortable: true, visibleWhen: { dp: true }, optional: true },
] as const satisfies readonly ListingColumn[];

export const CONTRIBUTIONS_DEFAULT_SORT = [{ column: 7, dir: 'desc' as const }];

export const contributionStatuses = [
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Awaiting payment' },
  { value: 'failed', label: 'Payment failed' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'partially_refunded', label: 'Partially refunded' },
  { value: 'disputed', label: 'Disputed' },
  { value: 'dispute_lost', label: 'Dispute lost' },
  { value: 'fulfilled', label: 'Fulfilled' },
  { value: 'unfulfilled', label: 'Unfulfilled' },
  { value: 'spam', label: 'Spam' },
] as const;

export const paymentTypeOptions = [
  { value: 'card', label: 'Card' },
  { value: 'bank', label: 'Bank (ACH)' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'cheque', label: 'Check' },
  { value: 'cash', label: 'Cash' },
  { value: 'unknown', label: 'Other' },
] as const;

export const contributionSources = [
  { value: 'Web', label: 'Web' },
  { value: 'POS', label: 'Point of Sale (POS)' },
  { value: 'Phone', label: 'Phone' },
  { value: 'Mail', label: 'Mail' },
  { value: 'Import', label: 'Import' },
  { value: 'Kiosk', label: 'Kiosk' },
  { value: 'Messenger', label: 'Messenger' },
] as const;

/** Form posts repeat a field (`source[]=a&source[]=b`) or send one value; accept both. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(50).optional());

const day = optionalSpecDate();

const amount = optionalDecimalAmount();

const id = z.coerce.number({ error: messages.number }).int().positive().max(2 ** 31 - 1).optional().or(z.literal('').transform(() => undefined));

export const contributionFiltersSchema = z
  .object({
    from: day,
    to: day,
    status: z.enum(contributionStatuses.map((s) => s.value) as [string, ...string[]]).optional().or(z.literal('').transform(() => undefined)),
    payment_type: list(z.enum(paymentTypeOptions.map((p) => p.value) as [string, ...string[]])),
    source: list(text().max(50, messages.maxLength(50))),
    amount_min: amount,
    amount_max: amount,
    supporter_id: id,
    product_id: id,
    recurring: z.enum(['one_time', 'recurring']).optional().or(z.literal('').transform(() => undefined)),
    /** Limits the rows to these ids (an export of selected rows). */
    ids: z
      .preprocess(
        (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v : [v]),
        z.array(z.coerce.number({ error: messages.number }).int().positive().max(2 ** 31 - 1)).max(10_000).optional(),
      ),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: messages.startBeforeEnd(f.from, f.to) });
    }
  });
export type ContributionFilters = z.infer<typeof contributionFiltersSchema>;
