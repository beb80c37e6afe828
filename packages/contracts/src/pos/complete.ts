import { z } from 'zod';
import { parseSpecDate, requiredText, text } from '../rules.ts';
import { messages } from '../messages.ts';
import { posMessages } from './messages.ts';
import { posAnswerSchema, posOrderSchema } from './shapes.ts';

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

/** The completion's messages: the point of sale's catalogue where it has them, ours in the same voice beside. */
export const posCompleteMessages = {
  noItems: posMessages.noItems,
  downloadsNeedEmail: posMessages.downloadsNeedEmail,
  membershipsNeedSupporter: posMessages.membershipsNeedBilling,
  recurringNeedSupporter: posMessages.recurringNeedsBilling,
  insufficientCash: posMessages.insufficientCash,
  otherReference: posMessages.otherReferenceRequired,
  invalidType: posMessages.invalidPaymentType,
  methodNotFound: posMessages.paymentMethodMissing,
  complete: posMessages.complete,
  /** The web shows this when a failure carries no message (spec §8). */
  unknown: posMessages.paymentUnknownError,
  // (ours) the spec says only that each check field has its own message
  checkNumber: 'Please provide a check number.',
  checkDate: 'Please provide a check date.',
  checkAmount: 'Please provide a check amount greater than zero.',
  cardToken: 'Please enter the card details.',
  bankCurrency: (currency: string) => `Bank payments in ${currency} are not available with this payment gateway.`,
  /** (ours) a bank account taken in Stripe's fields, completed after the organisation chose another gateway. */
  bankMethodGateway: 'This bank account was entered for another payment gateway. Please enter it again.',
  /** (ours) routing and account numbers posted while the gateway takes bank accounts in its own fields only (Stripe.js). */
  bankNumbersRefused: 'This payment gateway takes bank accounts in its own secure fields only. Please enter the account there again.',
  /** A retry with other card details while the first attempt's outcome is unknown to us. */
  attemptInProgress: 'A payment for this contribution is already being processed with other payment details. Try again with the same details.',
  // (ours) a card whose bank asks the donor to authenticate the payment (3-D Secure, issue 40)
  authenticate: 'The card’s bank asks the donor to confirm this payment. Please follow its steps to finish.',
  notAuthenticated: 'The card’s bank did not confirm this payment. Please try again or use another card.',
  notThisPayment: 'This confirmed payment does not belong to this contribution. Please try again.',
  /**
   * (ours) a payment of this order that is not kept: its amount or currency is not the order's
   * (the sale changed while the donor's bank asked), or the cashier gave up on it. What became of
   * it at the gateway: cancelled (nothing taken), refunded in full, or taken and not refunded.
   */
  givenBack: 'This payment was given back to the donor and cannot pay this sale. Please take the payment again.',
  paidWithThisPayment: 'This sale is already paid with this payment: it was not cancelled.',
  notKept: (why: 'mismatch' | 'abandoned', outcome: 'cancelled' | 'refunded' | 'not_refunded') =>
    `${why === 'mismatch' ? 'This confirmed payment is not for this sale’s amount or currency, so it was not taken' : 'The card payment was abandoned'}: ${
      outcome === 'cancelled'
        ? 'it was cancelled, and nothing was charged.'
        : outcome === 'refunded'
          ? 'it had already gone through, so it was refunded in full.'
          : 'it had already gone through and the gateway did not refund it. Refund it from this sale’s payments.'
    }${why === 'mismatch' ? ' Please take the payment again.' : ''}`,
  // (ours) "Save as supporter" at checkout (issue 36)
  saveNeedsName: 'Give the donor a name or an e-mail to save them as a supporter.',
  savedAsSupporter: (name: string) => `${name} was saved as a supporter.`,
  linkedToSupporter: (email: string, name: string) => `${email} already belongs to ${name}: the gift was added to their record.`,
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
  /** Card: the single-use capture token from the hosted card fields; Bank with Stripe: the us_bank_account PaymentMethod Stripe.js made. */
  token: optional(100),
  /** The payment the donor's bank asked them to confirm (an `authenticate` answer's), sent again once they have. */
  payment_intent: optional(100),
  /** The card set-up the donor's bank asked them to confirm before the card is saved (an `authenticate` answer's `setup_intent`), sent again once they have. */
  setup_intent: optional(100),
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
  /** A guest's donor is kept as a supporter (one with the same e-mail is linked instead). */
  save_as_supporter: flag(false),
});
export type PosCompleteInput = z.input<typeof posCompleteSchema>;
export type PosCompleteRequest = z.output<typeof posCompleteSchema>;

/** How the order was paid, beside the order itself (which the order routes' view describes). */
export const posCompletedPaymentSchema = z.object({
  invoicenumber: z.string().nullable(),
  payment_type: z.string().nullable(),
  payment_status: z.string().nullable(),
  is_fulfilled: z.boolean(),
  cash_received: z.number().nullable(),
  cash_change: z.number().nullable(),
});
export type PosCompletedPayment = z.infer<typeof posCompletedPaymentSchema>;

/** The answer of every completion of an order (the first, a repeat, a concurrent one): the same. */
export const posCompleteResponseSchema = posAnswerSchema.extend({
  status: z.literal('success'),
  message: z.string(),
  order: posOrderSchema,
  payment: posCompletedPaymentSchema,
  /** What became of the donor at this completion: saved as a supporter, or linked to one. */
  supporter_message: z.string().nullable().optional(),
});
export type PosCompleteResponse = z.infer<typeof posCompleteResponseSchema>;

/**
 * The card's bank asks the donor to confirm the payment (3-D Secure): nothing is paid and the
 * order stays open. The screen completes the challenge with `client_secret` through the
 * gateway's script, then completes again naming `payment_intent`. A card being saved for the
 * supporter may be challenged at its set-up first: then `setup_intent` is named instead, and
 * nothing is saved until the bank confirmed it.
 */
export const posAuthenticateAnswerSchema = posAnswerSchema.extend({
  status: z.literal('authenticate'),
  message: z.string(),
  order: posOrderSchema,
  authenticate: z.object({ client_secret: z.string(), payment_intent: z.string().nullable(), setup_intent: z.string().nullable() }),
});
export type PosAuthenticateAnswer = z.infer<typeof posAuthenticateAnswerSchema>;

/**
 * POST /jpanel/pos/{id}/abandon-payment: the cashier gave up on a card payment the donor's bank
 * was still asking about (the payment dialog closed during the challenge). The gateway's payment
 * is cancelled (or refunded, if it went through meanwhile), and the order stays open.
 */
// requiredText refuses NUL as every text field does: PostgreSQL cannot hold it (bad-input sweep).
export const posAbandonPaymentSchema = z.object({ payment_intent: requiredText(100) });
export type PosAbandonPaymentRequest = z.infer<typeof posAbandonPaymentSchema>;
export const posAbandonPaymentAnswerSchema = posAnswerSchema.extend({ status: z.literal('success'), message: z.string(), order: posOrderSchema });
export type PosAbandonPaymentAnswer = z.infer<typeof posAbandonPaymentAnswerSchema>;

/** What a completion answers with 200: the paid order, or the bank's challenge. */
export const posCompleteAnswerSchema = z.union([posCompleteResponseSchema, posAuthenticateAnswerSchema]);
export type PosCompleteAnswer = z.infer<typeof posCompleteAnswerSchema>;
