import { z } from 'zod';
import { messages } from '../messages.ts';
import { checkAmountDecimals, currencyCodeSchema, decimalAmountSchema } from '../money.ts';
import { text } from '../rules.ts';

/** Payment groups and their options table (spec part 1 §3, §4; part 2 §3 "Payment group option", §4). */

export const PAYMENT_OPTION_TYPES = ['fixed_onetime', 'fixed_recurring', 'custom_onetime', 'custom_recurring'] as const;
export type PaymentOptionType = (typeof PAYMENT_OPTION_TYPES)[number];
export const paymentOptionTypeLabels: Record<PaymentOptionType, string> = {
  fixed_onetime: 'Fixed, one-time',
  fixed_recurring: 'Fixed, recurring',
  custom_onetime: 'Custom, one-time',
  custom_recurring: 'Custom, recurring',
};

export const RECURRING_FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'biannually', 'annually'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const recurringFrequencyLabels: Record<RecurringFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  biannually: 'Twice a year',
  annually: 'Yearly',
};

/** Part 2 §3: 7 is Sunday, 1 to 6 are Monday to Saturday. */
export const DAYS_OF_WEEK = [
  { value: 1, label: 'Monday' }, { value: 2, label: 'Tuesday' }, { value: 3, label: 'Wednesday' }, { value: 4, label: 'Thursday' },
  { value: 5, label: 'Friday' }, { value: 6, label: 'Saturday' }, { value: 7, label: 'Sunday' },
] as const;
export const RECURRING_DAY_MAX = 28;

/** The type sets the flags (part 2 §4). */
export const flagsOfType = (type: PaymentOptionType) => ({ is_custom: type.startsWith('custom'), is_recurring: type.endsWith('recurring') });
export const typeOfFlags = (o: { is_custom: boolean; is_recurring: boolean }): PaymentOptionType =>
  `${o.is_custom ? 'custom' : 'fixed'}_${o.is_recurring ? 'recurring' : 'onetime'}` as PaymentOptionType;
/** Weekly and biweekly take a day of the week; the others a day of the month. */
export const usesDayOfWeek = (frequency: RecurringFrequency | null | undefined) => frequency === 'weekly' || frequency === 'biweekly';

export const paymentGroupMessages = {
  amountRequired: 'Enter the amount of a fixed option.',
  frequencyRequired: 'Choose how often a recurring option is charged.',
  day: `Choose a day from 1 to ${RECURRING_DAY_MAX}.`,
  dayOfWeek: 'Choose a day of the week.',
  optionsRequired: 'Add at least one payment option.',
  deleted: (name: string) => `${name} deleted successfully.`,
} as const;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const paymentOptionInputSchema = z
  .object({
    id: z.number().int().positive().max(2 ** 31 - 1).optional(),
    type: z.enum(PAYMENT_OPTION_TYPES),
    amount: z.preprocess(blankToNull, decimalAmountSchema.nullable()),
    recurring_frequency: z.preprocess(blankToNull, z.enum(RECURRING_FREQUENCIES).nullable()),
    recurring_day: z.preprocess(blankToNull, z.coerce.number({ error: paymentGroupMessages.day }).int().min(1, { error: paymentGroupMessages.day }).max(RECURRING_DAY_MAX, { error: paymentGroupMessages.day }).nullable()),
    recurring_day_of_week: z.preprocess(blankToNull, z.coerce.number({ error: paymentGroupMessages.dayOfWeek }).int().min(1, { error: paymentGroupMessages.dayOfWeek }).max(7, { error: paymentGroupMessages.dayOfWeek }).nullable()),
  })
  .superRefine((o, ctx) => {
    const { is_custom, is_recurring } = flagsOfType(o.type);
    if (!is_custom && o.amount === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: paymentGroupMessages.amountRequired });
    if (!is_recurring) return;
    if (o.recurring_frequency === null) ctx.addIssue({ code: 'custom', path: ['recurring_frequency'], message: paymentGroupMessages.frequencyRequired });
    else if (usesDayOfWeek(o.recurring_frequency) && o.recurring_day_of_week === null) ctx.addIssue({ code: 'custom', path: ['recurring_day_of_week'], message: paymentGroupMessages.dayOfWeek });
    else if (!usesDayOfWeek(o.recurring_frequency) && o.recurring_day === null) ctx.addIssue({ code: 'custom', path: ['recurring_day'], message: paymentGroupMessages.day });
  })
  // What the type hides is not kept: a custom amount has no fixed amount, a one-time option no schedule.
  .transform((o) => {
    const flags = flagsOfType(o.type);
    const weekly = usesDayOfWeek(o.recurring_frequency);
    return {
      id: o.id,
      ...flags,
      amount: flags.is_custom ? null : o.amount,
      recurring_frequency: flags.is_recurring ? o.recurring_frequency : null,
      recurring_day: flags.is_recurring && !weekly ? o.recurring_day : null,
      recurring_day_of_week: flags.is_recurring && weekly ? o.recurring_day_of_week : null,
    };
  });
export type PaymentOptionInput = z.input<typeof paymentOptionInputSchema>;

export const paymentGroupInputSchema = z
  .object({
    name: text().trim().min(1, { error: messages.required }).max(100, { error: messages.maxLength(100) }),
    currency_code: currencyCodeSchema,
    options: z.array(paymentOptionInputSchema).min(1, { error: paymentGroupMessages.optionsRequired }).max(50),
  })
  .superRefine((g, ctx) => g.options.forEach((o, i) => checkAmountDecimals(ctx, o.amount ?? undefined, g.currency_code, ['options', i, 'amount'])));
export type PaymentGroupInput = z.input<typeof paymentGroupInputSchema>;
export type PaymentGroupInputParsed = z.output<typeof paymentGroupInputSchema>;

export const paymentOptionSchema = z.object({
  id: z.number(),
  sequence: z.number(),
  type: z.enum(PAYMENT_OPTION_TYPES),
  is_custom: z.boolean(),
  is_recurring: z.boolean(),
  amount: z.number().nullable(),
  recurring_frequency: z.enum(RECURRING_FREQUENCIES).nullable(),
  recurring_day: z.number().nullable(),
  recurring_day_of_week: z.number().nullable(),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

export const paymentGroupSchema = z.object({ id: z.number(), name: z.string(), currency_code: z.string(), options: z.array(paymentOptionSchema) });
export type PaymentGroup = z.infer<typeof paymentGroupSchema>;
/** The list, with the organisation currency a new group starts in. */
export const paymentGroupListSchema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), options: z.number() })), site_currency: z.string() });
