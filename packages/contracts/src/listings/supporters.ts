import { z } from 'zod';
import type { ListingColumn } from '../listing.ts';
import { messages } from '../messages.ts';
import { optionalDecimalAmount, optionalSpecDate, text } from '../rules.ts';

/**
 * Supporters listing (spec part 1 §2): 10 rows a page, default sort on column 10 (created)
 * descending. Referral source shows with the referral-sources flag, NPS with the NPS flag, the
 * CRM donor id with the DP edition; the checkbox column is hidden in express.
 */
export const SUPPORTERS_PAGE_SIZE = 10;

export const supporterColumns = [
  { key: 'select', label: '', sortable: false, visibleWhen: { express: false } },
  { key: 'display_name', label: 'Supporter', sortable: true, card: 'title' },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'referral_source', label: 'Referral source', sortable: true, visibleWhen: { referral_sources: true }, optional: true },
  { key: 'recurring', label: 'Recurring', sortable: false, card: 'status' },
  { key: 'nps', label: 'NPS', sortable: true, align: 'right', visibleWhen: { nps: true }, optional: true },
  { key: 'account_type', label: 'Type', sortable: true, optional: true },
  { key: 'payments', label: 'Payments', sortable: true, align: 'right' },
  { key: 'lifetime_total', label: 'Lifetime', sortable: true, align: 'right', card: 'amount' },
  { key: 'last_payment_at', label: 'Last gift', sortable: true, card: 'date' },
  { key: 'created_at', label: 'Created', sortable: true },
  { key: 'donor_id', label: 'DP Donor ID', sortable: true, visibleWhen: { dp: true }, optional: true },
  // Ours (issue 36), after the spec's columns so their numbers (the default sort's 10) stay.
  { key: 'membership_number', label: 'Membership no.', sortable: true, optional: true },
] as const satisfies readonly ListingColumn[];

export const SUPPORTERS_DEFAULT_SORT = [{ column: 10, dir: 'desc' as const }];

export const supporterStatuses = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'spam', label: 'Spam' },
  { value: 'all', label: 'All' },
] as const;

/** The supporters list's own filter messages (ours, in the catalogue's voice). */
export const supporterFilterMessages = {
  year: 'Enter a year such as 2024.',
  minAboveMax: 'The lowest lifetime giving must not be above the highest.',
  sameYear: 'Choose a different year from the one they gave in.',
} as const;

const day = optionalSpecDate();

/** An amount typed as a decimal in the organisation currency (lifetime giving is kept in it). */
const amount = optionalDecimalAmount();

/** A calendar year of the organisation (its days, its time zone). */
const year = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ error: supporterFilterMessages.year })
    .int(supporterFilterMessages.year)
    .min(1900, supporterFilterMessages.year)
    .max(2999, supporterFilterMessages.year)
    .optional(),
);

export const supporterFiltersSchema = z
  .object({
    status: z.enum(['active', 'archived', 'spam', 'all']).optional().or(z.literal('').transform(() => undefined)),
    from: day,
    to: day,
    account_type_id: z.coerce.number({ error: messages.number }).int().positive().max(2 ** 31 - 1).optional().or(z.literal('').transform(() => undefined)),
    referral_source: text().max(100, messages.maxLength(100)).optional(),
    /** The number on a member's card, as typed (any case); the whole number, not a part. */
    membership_number: text().trim().max(45, messages.maxLength(45)).optional().transform((v) => v || undefined),
    recurring: z.enum(['Active', 'Suspended', 'Cancelled', 'Expired']).optional().or(z.literal('').transform(() => undefined)),
    has_email: z.enum(['1', '0']).optional().or(z.literal('').transform(() => undefined)),
    /** Opted in to e-mail, with an address, not "do not contact", not deceased (supporter-consent.ts). */
    can_email: z.enum(['1', '0']).optional().or(z.literal('').transform(() => undefined)),
    tag_id: z.coerce.number({ error: messages.number }).int().positive().max(2 ** 31 - 1).optional().or(z.literal('').transform(() => undefined)),
    /** Last gift (the list's "Last gift" column) on or after / on or before these days. */
    last_gift_from: day,
    last_gift_to: day,
    /** Lifetime giving (the list's "Lifetime" column) at least / at most, in the organisation currency. */
    lifetime_min: amount,
    lifetime_max: amount,
    /** Gave in one year (a counted gift paid in it) and, with `not_in_year`, not in another. */
    gave_in_year: year,
    not_in_year: year,
    /** The donors an appeal was started with (from a LYBUNT or SYBUNT list, issue 37). */
    appeal_id: z.coerce.number({ error: messages.number }).int().positive().max(2 ** 31 - 1).optional().or(z.literal('').transform(() => undefined)),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: messages.startBeforeEnd(f.from, f.to) });
    }
    if (f.last_gift_from && f.last_gift_to && f.last_gift_from > f.last_gift_to) {
      ctx.addIssue({ code: 'custom', path: ['last_gift_from'], message: messages.startBeforeEnd(f.last_gift_from, f.last_gift_to) });
    }
    if (f.lifetime_min !== undefined && f.lifetime_max !== undefined && f.lifetime_min > f.lifetime_max) {
      ctx.addIssue({ code: 'custom', path: ['lifetime_min'], message: supporterFilterMessages.minAboveMax });
    }
    if (f.gave_in_year !== undefined && f.gave_in_year === f.not_in_year) {
      ctx.addIssue({ code: 'custom', path: ['not_in_year'], message: supporterFilterMessages.sameYear });
    }
  });
export type SupporterFilters = z.infer<typeof supporterFiltersSchema>;

/** `GET /jpanel/supporters.json?query=` picker rows (spec part 3 §3 "Supporter option"). */
export const supporterOptionSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string().nullable(),
  display_bill_address: z.string().nullable(),
  display_bill_phone: z.string().nullable(),
  icon: z.string(),
  membership_name: z.string().nullable(),
  membership_expires_on: z.string().nullable(),
  membership_is_expired: z.boolean(),
  /** Marks one who died or asked not to be contacted, as every screen naming them does. */
  deceased_on: z.string().nullable(),
  do_not_contact: z.boolean(),
});
export type SupporterOption = z.infer<typeof supporterOptionSchema>;
