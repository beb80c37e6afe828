import { z } from 'zod';
import { parseSpecDate, text } from '../rules.ts';
import { messages } from '../messages.ts';

/**
 * Completing a point-of-sale order (spec part 3 §2.3, §3 "POS input" and "POS payment", §5
 * "POS before payment"): what the payment dialog posts to /jpanel/pos/{id}/complete and what
 * it answers. Card details never come here: the hosted card fields turn them into a capture
 * token (`tok_…`) at the gateway, and only that token is posted.
 */

/** The spec's payment types; `cc` and `ach` are the incumbent's names for the first two. */
export const POS_PAYMENT_TYPES = ['credit_card', 'bank_account', 'payment_method', 'cash', 'check', 'other', 'free'] as const;
export type PosPaymentType = (typeof POS_PAYMENT_TYPES)[number];
const PAYMENT_TYPE_ALIASES: Record<string, PosPaymentType> = { cc: 'credit_card', ach: 'bank_account' };

/** The spec's words where it gives them (§5); ours in the same voice where it says only "its own message". */
export const posCompleteMessages = {
  noItems: 'There are no items in this order.',
  downloadsNeedEmail: 'Downloads require a billing e-mail.',
  membershipsNeedSupporter: 'Memberships require either: a supporter or all billing information',
  recurringNeedSupporter: 'Recurring plans require either: a supporter or all billing information',
  insufficientCash: 'Insufficient cash paid.',
  checkNumber: 'Please provide a check number.',
  checkDate: 'Please provide a check date.',
  checkAmount: 'Please provide a check amount greater than zero.',
  otherReference: 'Please provide a reference number for proof of payment.',
  invalidType: 'Unable to finalize payment. Payment type is invalid.',
  methodNotFound: 'Payment method does not exist.',
  cardToken: 'Please enter the card details.',
  bankDetails: 'Please provide the bank account details.',
  achTerms: 'Please authorize the debit from this bank account.',
  bankCurrency: (currency: string) => `Bank payments in ${currency} are not available with this payment gateway.`,
  transitNumber: 'Enter a 5-digit transit number.',
  institutionNumber: 'Enter a 3-digit institution number.',
  /** A retry with other card details while the first attempt's outcome is unknown to us. */
  attemptInProgress: 'A payment for this contribution is already being processed with other payment details. Try again with the same details.',
  complete: (invoiceNumber: string) => `Contribution #${invoiceNumber} Complete!`,
  /** The web shows this when a failure carries no message (spec §8). */
  unknown: 'Unknown error (521)',
} as const;

/** Form posts send "1"/"0", JSON sends booleans; both mean the same. */
const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'on', ''])])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === true || v === 1 || v === '1' || v === 'true' || v === 'on'));

/** A money figure as typed: the spec's cash rule counts anything non-numeric as 0. */
const lenientAmount = z
  .union([z.number(), text()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined) return 0;
    const n = typeof v === 'number' ? v : Number(v.replace(/[$,\s]/g, ''));
    return Number.isFinite(n) && n >= 0 ? n : 0;
  });

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The check date as the dialog shows it ('M d, yyyy', e.g. "Nov 27, 2026") or an ISO/US day. */
export function parseCheckDate(value: string): string | null {
  const trimmed = value.trim();
  const named = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(trimmed);
  if (!named) return parseSpecDate(trimmed);
  const month = MONTHS.indexOf(named[1]!.toLowerCase()) + 1;
  if (month === 0) return null;
  return parseSpecDate(`${named[3]}-${String(month).padStart(2, '0')}-${named[2]!.padStart(2, '0')}`);
}

const optional = (max: number) =>
  text()
    .trim()
    .max(max, { error: messages.maxLength(max) })
    .nullish()
    .transform((v) => v || null);

export const posCompleteSchema = z.object({
  /** Left as text so an unknown type answers the spec's message rather than a schema error. */
  payment_type: optional(30).transform((v) => (v ? (PAYMENT_TYPE_ALIASES[v] ?? v) : null)),
  cash_received: lenientAmount,
  cash_change: lenientAmount,
  check_number: optional(45),
  check_date: optional(30),
  check_amt: lenientAmount,
  payment_other_reference: optional(25),
  payment_other_note: optional(255),
  send_confirmation_emails: flag(true),
  mark_as_complete: flag(false),
  /** Card: the single-use capture token from the hosted card fields. */
  token: optional(100),
  /** Bank (ACH) details; CAD accounts give transit and institution numbers instead of routing. */
  account_holder_name: optional(100),
  account_holder_type: z.enum(['personal', 'business']).nullish(),
  account_type: z.enum(['checking', 'savings']).nullish(),
  routing_number: optional(20),
  transit_number: optional(10),
  institution_number: optional(10),
  account_number: optional(20),
  ach_agree_tos: flag(true),
  /** A saved method of the order's supporter. */
  payment_method: z.coerce.number().int().positive().nullish(),
  save_payment_method: flag(false),
});
export type PosCompleteInput = z.input<typeof posCompleteSchema>;
export type PosCompleteRequest = z.output<typeof posCompleteSchema>;

/** What the finished screen needs of the order (the full order view comes from the order routes). */
export const posCompletedOrderSchema = z.object({
  id: z.number(),
  client_uuid: z.string(),
  invoicenumber: z.string().nullable(),
  currency_code: z.string(),
  totalamount: z.number(),
  payment_type: z.string().nullable(),
  payment_status: z.string().nullable(),
  is_paid: z.boolean(),
  is_fulfilled: z.boolean(),
  cash_received: z.number().nullable(),
  cash_change: z.number().nullable(),
  send_confirmation_emails: z.boolean(),
});
export type PosCompletedOrder = z.infer<typeof posCompletedOrderSchema>;

export const posCompleteResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  order: posCompletedOrderSchema,
});
export type PosCompleteResponse = z.infer<typeof posCompleteResponseSchema>;
