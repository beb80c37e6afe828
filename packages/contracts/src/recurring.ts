import { z } from 'zod';
import { RECURRING_FREQUENCIES } from './catalogue/payment-groups.ts';
import { decimalAmountSchema } from './money.ts';
import { requiredText, specDate, text } from './rules.ts';

/** The recurring profile page (incumbent §1.2, §9): suspend, cancel with a reason, re-enable. */
export const recurringMessages = {
  suspended: (ref: string) => `Recurring profile #${ref} has been suspended.`,
  cancelled: (ref: string) => `Recurring profile #${ref} has been cancelled.`,
  enabled: (ref: string) => `Recurring profile #${ref} is active again.`,
  notFound: 'This recurring profile does not exist.',
  cannot: (ref: string, status: string, action: string) => `Recurring profile #${ref} is ${status.toLowerCase()}: it cannot be ${action}.`,
  locked: (ref: string) => `Recurring profile #${ref} is a legacy subscription held at the gateway: change it there.`,
  confirmCancel: 'Cancel this recurring profile? No further payments will be charged.',
  /** The batch's reason on a charge it could not attempt. */
  noPaymentMethod: 'No active saved payment method to charge.',
} as const;

/** Changing terms and charging now (issue 37 item 3), in the same voice. */
export const recurringChangeMessages = {
  changed: (ref: string) => `Recurring profile #${ref} has been updated. The donor has been e-mailed the new terms.`,
  changedNoMail: (ref: string) => `Recurring profile #${ref} has been updated.`,
  unchanged: 'Nothing was changed.',
  amount: 'The amount must be greater than zero.',
  day: 'Choose a day of the month from 1 to 28.',
  weekday: 'Choose a day of the week.',
  pastDate: 'The next billing date cannot be in the past.',
  notOnDay: (day: string) => `The next billing date must fall on ${day}, the day the gift is charged.`,
  method: "Choose one of the supporter's active saved payment methods.",
  stale: 'This recurring profile was changed since you opened it (a charge or another person). Its current terms are shown: make your change again.',
  notChangeable: (ref: string, status: string) => `Recurring profile #${ref} is ${status.toLowerCase()}: its terms cannot be changed.`,
  charged: (ref: string, amount: string) => `Recurring profile #${ref} was charged ${amount}.`,
  declined: (ref: string, why: string) => `The charge for recurring profile #${ref} was declined: ${why}. It is recorded on the profile.`,
  alreadyCharged: (ref: string, day: string) => `Recurring profile #${ref} has already been charged for ${day}.`,
  notChargeable: (ref: string, status: string) => `Recurring profile #${ref} is ${status.toLowerCase()}: it cannot be charged.`,
  confirmCharge: (amount: string) => `Charge ${amount} now? The next billing date moves on by one period.`,
} as const;

export const cancelProfileSchema = z.object({ reason: requiredText(64) });

/**
 * Changing a recurring gift's terms (issue 37 item 3): what a donor asks for on the phone —
 * a new amount, frequency, billing day, next billing date or saved payment method. The form
 * sends back the `updated_at` it loaded, so a change made meanwhile (a charge, another staff
 * member) is not overwritten blindly.
 */
export const recurringChangeSchema = z
  .object({
    amount: decimalAmountSchema,
    billing_period: z.enum(RECURRING_FREQUENCIES, { error: 'Choose how often the gift is charged.' }),
    /** Day of month (1–28) for month-based periods. */
    recurring_day: z.coerce.number().int().min(1, { error: recurringChangeMessages.day }).max(28, { error: recurringChangeMessages.day }).nullish(),
    /** Day of week (1 Monday … 7 Sunday) for weekly and biweekly. */
    recurring_day_of_week: z.coerce.number().int().min(1, { error: recurringChangeMessages.weekday }).max(7, { error: recurringChangeMessages.weekday }).nullish(),
    next_billing_date: specDate(),
    payment_method_id: z.coerce.number().int().positive().max(2 ** 31 - 1).nullish(),
    updated_at: text().max(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (!(v.amount > 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: recurringChangeMessages.amount });
    const mismatch = billingDayMismatch(v);
    if (mismatch) ctx.addIssue({ code: 'custom', path: ['next_billing_date'], message: recurringChangeMessages.notOnDay(mismatch) });
  });
export type RecurringChangeInput = z.input<typeof recurringChangeSchema>;

/** Charge now: the billing date staff saw as next, so a second click charges nothing more. */
export const recurringChargeSchema = z.object({ billing_date: specDate() });

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ordinal = (n: number) => `${n}${['th', 'st', 'nd', 'rd'][n % 100 > 10 && n % 100 < 14 ? 0 : Math.min(n % 10, 4) % 4] ?? 'th'}`;

/** "Monthly, on the 15th", "Weekly, on Friday": one wording for the profile page and the donor's e-mail. */
export function scheduleLabel(p: { billing_period: string; recurring_day: number | null; recurring_day_of_week: number | null }): string {
  const period = p.billing_period.charAt(0).toUpperCase() + p.billing_period.slice(1);
  if (p.recurring_day_of_week) return `${period}, on ${WEEKDAYS[p.recurring_day_of_week] ?? ''}`;
  if (p.recurring_day) return `${period}, on the ${ordinal(p.recurring_day)}`;
  return period;
}

const weekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * Whether a next billing date falls on the chosen day (of the month, or of the week for weekly
 * and biweekly), and the words for that day when it does not: a gift "Weekly, on Friday" is
 * charged on Fridays, so its next charge must be one.
 */
export function billingDayMismatch(v: { billing_period: string; recurring_day?: number | null | undefined; recurring_day_of_week?: number | null | undefined; next_billing_date: string }): string | null {
  const weekly = v.billing_period === 'weekly' || v.billing_period === 'biweekly';
  if (weekly && v.recurring_day_of_week && weekdayOf(v.next_billing_date) !== v.recurring_day_of_week) return `a ${WEEKDAYS[v.recurring_day_of_week] ?? ''}`;
  if (!weekly && v.recurring_day && Number(v.next_billing_date.slice(8, 10)) !== v.recurring_day) return `the ${ordinal(v.recurring_day)}`;
  return null;
}

/** The first day on or after `from` (yyyy-mm-dd) that falls on the chosen day: what the form moves the next billing date to. */
export function nextDayOn(from: string, v: { billing_period: string; recurring_day?: number | null; recurring_day_of_week?: number | null }): string {
  const weekly = v.billing_period === 'weekly' || v.billing_period === 'biweekly';
  const d = new Date(`${from}T00:00:00Z`);
  if (weekly && v.recurring_day_of_week) d.setUTCDate(d.getUTCDate() + ((v.recurring_day_of_week - weekdayOf(from) + 7) % 7));
  else if (!weekly && v.recurring_day) {
    if (d.getUTCDate() > v.recurring_day) d.setUTCMonth(d.getUTCMonth() + 1, 1);
    d.setUTCDate(v.recurring_day);
  }
  return d.toISOString().slice(0, 10);
}
