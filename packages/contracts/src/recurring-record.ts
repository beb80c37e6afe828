import { z } from 'zod';
import { decimalAmountSchema } from './money.ts';
import { parseCheckDate, posCompleteMessages } from './pos/complete.ts';
import { recurringChangeMessages } from './recurring.ts';
import { optionalText, specDate } from './rules.ts';

/**
 * Recording a payment on a manual recurring profile (issue 39): an instalment the donor paid in
 * cash, by check or otherwise, which staff write down as the schedule would have charged it.
 * The check and "other" rules and their words are the point of sale's (pos/complete.ts).
 */
export const RECORDED_PAYMENT_TYPES = ['cash', 'check', 'other'] as const;
export type RecordedPaymentType = (typeof RECORDED_PAYMENT_TYPES)[number];

export const recurringRecordMessages = {
  recorded: (ref: string, amount: string) => `A payment of ${amount} was recorded on recurring profile #${ref}.`,
  notManual: (ref: string) => `Recurring profile #${ref} is charged by the schedule: a payment cannot be recorded on it.`,
  futureDate: 'The date received cannot be in the future.',
} as const;

export const recurringRecordPaymentSchema = z
  .object({
    /** The next billing date staff saw: the instalment it pays, so a second click records nothing more. */
    billing_date: specDate(),
    payment_type: z.enum(RECORDED_PAYMENT_TYPES, { error: posCompleteMessages.invalidType }),
    /** Left out: the profile's amount. */
    amount: decimalAmountSchema.optional(),
    /** The day the money came in; left out: the organisation's today. */
    received_on: z.preprocess((v) => (v === '' ? undefined : v), specDate().optional()),
    check_number: optionalText(45),
    check_date: optionalText(30),
    payment_other_reference: optionalText(25),
    payment_other_note: optionalText(255),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.payment_type === 'check') {
      if (!v.check_number) issue('check_number', posCompleteMessages.checkNumber);
      if (!v.check_date || !parseCheckDate(v.check_date)) issue('check_date', posCompleteMessages.checkDate);
    }
    if (v.payment_type === 'other' && !v.payment_other_reference) issue('payment_other_reference', posCompleteMessages.otherReference);
    if (v.amount !== undefined && !(v.amount > 0)) issue('amount', v.payment_type === 'check' ? posCompleteMessages.checkAmount : recurringChangeMessages.amount);
  })
  .transform((v) => ({ ...v, check_date: v.payment_type === 'check' && v.check_date ? parseCheckDate(v.check_date) : null }));
export type RecurringRecordPaymentInput = z.input<typeof recurringRecordPaymentSchema>;
export type RecurringRecordPayment = z.output<typeof recurringRecordPaymentSchema>;
