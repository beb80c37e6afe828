import { z } from 'zod';
import { messages } from './messages.ts';
import { formBoolean, optionalDecimalAmount, optionalSpecDate, optionalText, requiredText, specDate, text } from './rules.ts';

/**
 * Memberships by hand (issue 38 item 1): the levels a charity offers, and a supporter's
 * membership granted, extended and ended by staff with the reason, beside the ones sold at the
 * point of sale. The spec is silent; these are a membership charity's everyday actions.
 */

/** How a renewal's new period is counted: on from the old expiry (no days lost), or from the day it is paid. */
export const RENEWAL_RULES = ['from_expiry', 'from_today'] as const;
export type RenewalRule = (typeof RENEWAL_RULES)[number];
export const renewalRuleLabels: Record<RenewalRule, string> = {
  from_expiry: 'From the old expiry date',
  from_today: 'From the day it is renewed',
};

export const MEMBERSHIP_LEVEL_NAME_MAX = 100;
export const MEMBERSHIP_REASON_MAX = 250;
/** How far ahead the renewals list looks unless told. */
export const RENEWALS_DUE_DAYS = 30;

export const membershipMessages = {
  levelCreated: (name: string) => `Membership level ${name} created.`,
  levelSaved: (name: string) => `Membership level ${name} saved.`,
  levelDeleted: (name: string) => `Membership level ${name} deleted.`,
  levelMissing: 'Choose a membership level from the list.',
  levelNotFound: 'This membership level does not exist.',
  confirmDelete: (name: string) => `Delete membership level ${name}? Memberships already held keep it; it is no longer offered.`,
  duration: 'Enter a length from 1 to 3650 days, or leave it blank for no expiry.',
  granted: (level: string) => `${level} membership granted.`,
  extended: (level: string, day: string) => `${level} membership now expires on ${day}.`,
  ended: (level: string, day: string) => `${level} membership ended on ${day}.`,
  notFound: 'This membership does not exist.',
  endsBeforeStart: 'The membership cannot end before it starts.',
  alreadyActive: (level: string) => `This supporter already has an active ${level} membership: extend it instead.`,
  alreadyEnded: 'This membership has already ended.',
  extendLater: 'Choose an expiry date later than the current one.',
  reason: 'Say why, for the record.',
  numberTaken: 'Another supporter already has this membership number.',
  supporterGone: 'This supporter cannot be given a membership: they are archived, erased or deleted.',
  remindersSent: (n: number) => (n === 1 ? 'One renewal reminder queued.' : `${n} renewal reminders queued.`),
  noneToRemind: 'None of these members has an e-mail address to send a reminder to.',
} as const;

const reason = () =>
  text(membershipMessages.reason)
    .trim()
    .min(1, { error: membershipMessages.reason })
    .max(MEMBERSHIP_REASON_MAX, { error: messages.maxLength(MEMBERSHIP_REASON_MAX) });
const levelId = () => z.coerce.number({ error: membershipMessages.levelMissing }).int({ error: membershipMessages.levelMissing }).positive({ error: membershipMessages.levelMissing }).max(2 ** 31 - 1, { error: membershipMessages.levelMissing });

export const membershipLevelInputSchema = z.object({
  name: requiredText(MEMBERSHIP_LEVEL_NAME_MAX),
  description: optionalText(2000),
  /** Days a membership of this level lasts; blank never expires. */
  duration_days: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: membershipMessages.duration }).int({ error: membershipMessages.duration }).min(1, { error: membershipMessages.duration }).max(3650, { error: membershipMessages.duration }).optional())
    .transform((v) => v ?? null),
  /** In the organisation's currency; blank when it has no set price (granted free, or priced per sale). */
  price: optionalDecimalAmount().transform((v) => v ?? null),
  renewal_rule: z.enum(RENEWAL_RULES, { error: 'Choose how a renewal is counted.' }).default('from_expiry'),
  is_public: formBoolean().default(true),
});
export type MembershipLevelInput = z.input<typeof membershipLevelInputSchema>;

export const membershipLevelSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  duration_days: z.number().nullable(),
  price: z.number().nullable(),
  currency_code: z.string(),
  renewal_rule: z.enum(RENEWAL_RULES),
  is_public: z.boolean(),
  /** Memberships of this level that have not ended. */
  active: z.number(),
  updated_at: z.string(),
});
export type MembershipLevel = z.infer<typeof membershipLevelSchema>;
export const membershipLevelListSchema = z.object({ data: z.array(membershipLevelSchema) });

/** Grant: the level, from when, until when (blank: the level's length, or no expiry), optionally the member's number. */
export const membershipGrantSchema = z.object({
  membership_id: levelId(),
  starts_on: specDate(),
  expires_on: optionalSpecDate().transform((v) => v ?? null),
  membership_number: optionalText(45),
  reason: reason(),
});
export type MembershipGrant = z.input<typeof membershipGrantSchema>;

export const membershipExtendSchema = z.object({ expires_on: specDate(), reason: reason() });
export type MembershipExtend = z.input<typeof membershipExtendSchema>;

export const membershipEndSchema = z.object({ ends_on: specDate(), reason: reason() });
export type MembershipEnd = z.input<typeof membershipEndSchema>;

/** A supporter's membership as their page lists it. */
export const supporterMembershipSchema = z.object({
  id: z.number(),
  membership_id: z.number(),
  name: z.string(),
  starts_on: z.string(),
  expires_on: z.string().nullable(),
  is_expired: z.boolean(),
  source: z.string().nullable(),
  end_reason: z.string().nullable(),
});
export type SupporterMembership = z.infer<typeof supporterMembershipSchema>;

/** The renewals list: memberships that expire within `days` (or expired within the last `days`) and were not renewed. */
export const renewalsDueQuerySchema = z.object({
  days: z.coerce.number({ error: 'Enter a number of days from 1 to 365.' }).int({ error: 'Enter a number of days from 1 to 365.' }).min(1, { error: 'Enter a number of days from 1 to 365.' }).max(365, { error: 'Enter a number of days from 1 to 365.' }).default(RENEWALS_DUE_DAYS),
});
export const renewalDueSchema = z.object({
  id: z.number(),
  supporter_id: z.number(),
  supporter_name: z.string(),
  email: z.string().nullable(),
  level: z.string(),
  expires_on: z.string(),
  reminded_at: z.string().nullable(),
});
export type RenewalDue = z.infer<typeof renewalDueSchema>;
export const renewalsDueSchema = z.object({ data: z.array(renewalDueSchema) });
export const renewalRemindSchema = z.object({
  ids: z.array(z.coerce.number().int().positive().max(2 ** 31 - 1)).min(1, { error: 'Choose the members to remind.' }).max(1000),
});
