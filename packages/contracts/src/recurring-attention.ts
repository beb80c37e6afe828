import { z } from 'zod';
import type { ListingColumn } from './listing.ts';

/**
 * Recurring profiles that need someone to act (issue 10 "beyond"): failing (declined since the
 * last success, still retrying), waiting for the donor to authenticate a renewal their bank
 * challenged (not retried until they do), a saved card that expires soon or has expired, and suspended.
 */
export const ATTENTION_REASONS = ['failing', 'authentication', 'expiring', 'suspended'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];
/** A card counts as expiring when its last valid day is this close (or already past). */
export const CARD_EXPIRING_DAYS = 60;

export const attentionReasonLabels: Record<AttentionReason, string> = {
  failing: 'Failing payments',
  authentication: 'Waiting for the donor to authenticate',
  expiring: 'Card expiring',
  suspended: 'Suspended',
};

export const ATTENTION_PAGE_SIZE = 50;
export const attentionColumns = [
  { key: 'profile_id', label: 'Profile', sortable: true },
  { key: 'supporter', label: 'Supporter', sortable: true, card: 'title' },
  { key: 'reason', label: 'Needs attention', sortable: true, card: 'status' },
  { key: 'amount', label: 'Amount', sortable: true, align: 'right', card: 'amount' },
  { key: 'next_billing_date', label: 'Next billing', sortable: true, card: 'date' },
  { key: 'failed_payment_count', label: 'Failures', sortable: true, align: 'right' },
  { key: 'card', label: 'Card', sortable: false },
  { key: 'last_failure', label: 'Last decline', sortable: false },
] as const satisfies readonly ListingColumn[];
export const ATTENTION_DEFAULT_SORT = [{ column: 4, dir: 'asc' as const }];

const blank = z.literal('').transform(() => undefined);
export const attentionFiltersSchema = z.object({ reason: z.enum(ATTENTION_REASONS).optional().or(blank) });
export type AttentionFilters = z.infer<typeof attentionFiltersSchema>;

export const attentionRowSchema = z.looseObject({
  id: z.number(),
  profile_id: z.string(),
  supporter: z.string().nullable(),
  supporter_id: z.number().nullable(),
  reason: z.enum(ATTENTION_REASONS),
  amount: z.number(),
  currency_code: z.string(),
  next_billing_date: z.string().nullable(),
  failed_payment_count: z.number(),
  max_failed_payments: z.number(),
  card: z.string().nullable(),
  card_expires: z.string().nullable(),
  last_failure: z.string().nullable(),
});
export type AttentionRow = z.infer<typeof attentionRowSchema>;
