import { z } from 'zod';

/**
 * Gateways the organisation can take cards and bank debits with, chosen by the `payment_gateway`
 * setting: the built-in sandbox (the default), or Stripe with the keys saved in Settings ›
 * Payment providers (issue 40).
 */
export const paymentGateways = ['sandbox', 'stripe'] as const;
export type PaymentGatewayName = (typeof paymentGateways)[number];

/** Messages of the card fields and the gateway (ours: the spec shows none). */
export const gatewayMessages = {
  cardNumber: 'Enter a valid card number.',
  expiry: 'Enter the expiry date as MM / YY.',
  expired: 'This card has expired.',
  cvc: 'Enter the 3- or 4-digit security code.',
  postalCode: 'Enter a valid postal code.',
  routingNumber: 'Enter a valid 9-digit routing number.',
  transitNumber: 'Enter the 5-digit transit number.',
  institutionNumber: 'Enter the 3-digit institution number.',
  achCurrency: 'Bank debits are not available in this currency.',
  /** (ours, issue 40) Stripe wants an account typed by hand verified by micro-deposits first, which takes days. */
  bankVerification: 'Stripe must verify this bank account with micro-deposits before it can be debited, which takes a few days. Nothing was charged: please take another way to pay.',
  accountNumber: 'Enter an account number of 4 to 17 digits.',
  accountHolder: 'Enter the account holder’s name.',
  declined: 'The card was declined.',
  incorrectCvc: 'The card’s security code is incorrect.',
  insufficientFunds: 'The account has insufficient funds.',
  noAccount: 'The bank account could not be found.',
  tokenInvalid: 'These card details have expired or were already used. Enter them again.',
  paymentNotFound: 'No payment has this reference.',
  amount: 'Enter an amount greater than zero.',
  currency: 'The currency does not match the payment’s.',
  refundTooLarge: 'The refund is larger than what is left to refund on this payment.',
  notRefundable: 'Only a successful payment can be refunded.',
  idempotencyReused: 'This idempotency key was already used for a different request.',
  idempotencyKey: 'An idempotency key of 1 to 255 characters is required.',
  currencyCode: 'Use a three-letter currency code.',
  authenticationRequired: 'The card’s bank asks the cardholder to confirm this card. Try again, or use another card.',
  /**
   * The payment service down, slow or refusing for its own reasons (a 5xx, a timeout, too many
   * requests): nothing was recorded, and a retry sends the same idempotency key, so the donor is
   * never charged (or refunded) twice for it.
   */
  unavailable: (gateway: string) =>
    `${gateway} did not answer, so nothing was recorded. Please try again in a moment: a retry never charges or refunds twice.`,
  notAuthenticated: 'The card’s bank did not confirm this card. Try again, or use another card.',
} as const;

/**
 * The sandbox's test cards (the same numbers Stripe uses for these cases, so staff who know
 * one know the other). Any future expiry and any CVC work unless the card says otherwise.
 */
export const sandboxTestCards = [
  { number: '4242424242424242', outcome: 'succeeds', description: 'Payment succeeds' },
  { number: '4000000000000002', outcome: 'declined', description: 'Card is declined' },
  { number: '4000000000000127', outcome: 'incorrect_cvc', description: 'Security code check fails' },
  { number: '4000000000009235', outcome: 'review', description: 'Payment succeeds and is held for review' },
] as const;
export type SandboxCardOutcome = (typeof sandboxTestCards)[number]['outcome'];

/** Test bank accounts (any routing number with a valid checksum, e.g. 110000000). */
export const sandboxTestAccounts = [
  { account: '000123456789', outcome: 'succeeds', description: 'Debit succeeds' },
  { account: '000222222227', outcome: 'insufficient_funds', description: 'Debit fails: insufficient funds' },
  { account: '000111111116', outcome: 'no_account', description: 'Debit fails: no such account' },
] as const;

/** The Luhn (mod 10) check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** "04 / 27", "4/2027" → month and four-digit year, or null. */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired({ month, year }: { month: number; year: number }, today = new Date()): boolean {
  return year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** What the hosted card fields post to the sandbox's token endpoint (never to Almoner's API). */
export const cardTokenRequestSchema = z
  .object({
    number: z.string({ error: gatewayMessages.cardNumber }).max(40, { error: gatewayMessages.cardNumber }),
    expiry: z.string({ error: gatewayMessages.expiry }).max(10, { error: gatewayMessages.expiry }),
    cvc: z.string({ error: gatewayMessages.cvc }).max(10, { error: gatewayMessages.cvc }),
    postal_code: z.string({ error: gatewayMessages.postalCode }).max(10, { error: gatewayMessages.postalCode }).optional(),
  })
  .transform((value, ctx) => {
    const number = digitsOnly(value.number);
    const expiry = parseCardExpiry(value.expiry);
    const cvc = value.cvc.trim();
    const brand = cardBrand(number);
    if (!passesLuhn(number)) ctx.addIssue({ code: 'custom', path: ['number'], message: gatewayMessages.cardNumber });
    if (!expiry) ctx.addIssue({ code: 'custom', path: ['expiry'], message: gatewayMessages.expiry });
    else if (isCardExpired(expiry)) ctx.addIssue({ code: 'custom', path: ['expiry'], message: gatewayMessages.expired });
    if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) ctx.addIssue({ code: 'custom', path: ['cvc'], message: gatewayMessages.cvc });
    const postalCode = value.postal_code?.trim() ?? '';
    if (postalCode && !/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: gatewayMessages.postalCode });
    }
    return { number, brand, cvc, month: expiry?.month ?? 0, year: expiry?.year ?? 0, postalCode: postalCode || null };
  });
export type CardTokenRequest = z.input<typeof cardTokenRequestSchema>;

/** The token endpoint's answer: a single-use capture token and what may be shown of the card. */
export const cardTokenSchema = z.object({
  token: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
});
export type CardToken = z.infer<typeof cardTokenSchema>;

/**
 * Bank debit details, checked before anything reaches the bank: a US account by its ABA routing
 * number, or a Canadian one (pre-authorised debit) by the transit and institution numbers of its
 * cheques. Which one a debit needs follows its currency (the gateway checks that).
 */
export const achAccountSchema = z
  .object({
    routing_number: z.string().trim().refine(isValidRoutingNumber, { error: gatewayMessages.routingNumber }).optional(),
    transit_number: z.string().trim().regex(/^\d{5}$/, { error: gatewayMessages.transitNumber }).optional(),
    institution_number: z.string().trim().regex(/^\d{3}$/, { error: gatewayMessages.institutionNumber }).optional(),
    account_number: z.string().trim().regex(/^\d{4,17}$/, { error: gatewayMessages.accountNumber }),
    account_type: z.enum(['checking', 'savings']),
    account_holder_name: z.string().trim().min(1, { error: gatewayMessages.accountHolder }).max(100, { error: gatewayMessages.accountHolder }),
  })
  .superRefine((account, ctx) => {
    const canadian = account.transit_number !== undefined || account.institution_number !== undefined;
    if (canadian && account.transit_number === undefined) ctx.addIssue({ code: 'custom', path: ['transit_number'], message: gatewayMessages.transitNumber });
    if (canadian && account.institution_number === undefined) ctx.addIssue({ code: 'custom', path: ['institution_number'], message: gatewayMessages.institutionNumber });
    if (!canadian && account.routing_number === undefined) ctx.addIssue({ code: 'custom', path: ['routing_number'], message: gatewayMessages.routingNumber });
  });
export type AchAccount = z.output<typeof achAccountSchema>;

/** Where each gateway's hosted card fields page lives (served by Almoner for the sandbox). */
export const cardFieldsPaths: Record<'sandbox', string> = { sandbox: '/sandbox-gateway/card-fields' };

/**
 * What the web's card fields need to know: the gateway in use and, for Stripe, the publishable
 * key Stripe Elements loads with (never a secret).
 */
export const cardFieldsConfigSchema = z.object({
  gateway: z.enum(paymentGateways),
  publishable_key: z.string().nullable(),
});
export type CardFieldsConfig = z.infer<typeof cardFieldsConfigSchema>;

/** The `type` of every postMessage the hosted card fields and the CardFields component exchange. */
export const CARD_FIELDS_MESSAGE = 'almoner-card-fields';

/**
 * GET /sandbox-gateway/v1/ledger: the sandbox gateway's own record of what it charged, debited
 * and refunded (its dashboard, as a real gateway has one), searched by the payment's description.
 */
export const sandboxLedgerQuerySchema = z.object({
  description: z.string().trim().min(1).max(255).refine((v) => !v.includes('\u0000')),
});
export const sandboxLedgerEntrySchema = z.object({
  reference: z.string(),
  kind: z.enum(['charge', 'ach_debit', 'refund']),
  idempotency_key: z.string(),
  payment_reference: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['succeeded', 'pending', 'failed']),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type SandboxLedgerEntry = z.infer<typeof sandboxLedgerEntrySchema>;
