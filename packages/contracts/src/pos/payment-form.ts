import { z } from 'zod';
import { isValidRoutingNumber, type PaymentGatewayName } from '../payment-gateway.ts';
import { currencyDigits, toMinor } from '../money.ts';
import { text } from '../rules.ts';

/**
 * The point-of-sale payment dialog's client rules (spec part 3 §2.3, §4, §5 "Card and bank
 * forms", §9). The server checks the same schema before it charges anything, so the dialog and
 * POST /jpanel/pos/{id}/complete cannot disagree about a bank account.
 */

/** The dialog's tabs, in the spec's order, and the payment type each one sends. */
export const posPaymentTabs = [
  { type: 'credit_card', label: 'Credit Card' },
  { type: 'bank_account', label: 'Bank' },
  { type: 'payment_method', label: 'My Methods' },
  { type: 'cash', label: 'Cash' },
  { type: 'check', label: 'Check' },
  { type: 'other', label: 'Other' },
] as const;
/** The types a tab sends (contracts `POS_PAYMENT_TYPES` less `free`, the 'No Payment Required' finish). */
export type PosTabPaymentType = (typeof posPaymentTabs)[number]['type'];

export const paymentFormMessages = {
  required: 'This field is required.',
  unsupportedCard: 'Unsupported card type.',
  accountHolderName: 'Enter the account holder’s name.',
  accountHolderType: 'Choose personal or business.',
  accountType: 'Choose checking or savings.',
  transitNumber: 'Enter the 5-digit transit number.',
  institutionNumber: 'Enter the 3-digit institution number.',
  routingNumber: 'Enter a valid 9-digit routing number.',
  accountNumber: 'Enter an account number of 4 to 17 digits.',
  achAgreement: 'The account holder must authorize the debit.',
  paymentMethod: 'Choose a saved payment method.',
} as const;

/** Spec §9 limits of the card and bank fields. */
export const paymentFieldLimits = {
  cardNumber: 19,
  expiry: 7,
  cvv: 4,
  transitNumber: 5,
  institutionNumber: 3,
  routingNumber: 9,
  accountNumberMin: 4,
  accountNumber: 17,
} as const;

/** The bank fields' mask: digits only, cut at the field's length. */
export function maskDigits(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** The card number's mask: four groups of four digits, at most 19 characters. */
export function maskCardNumber(value: string): string {
  return maskDigits(value, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    .slice(0, paymentFieldLimits.cardNumber);
}

/** The expiry's mask 'MM / YY': a slash is added after the month, 7 characters at most. */
export function maskExpiry(value: string): string {
  const digits = maskDigits(value, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

const field = text().trim().optional();

/**
 * A bank account typed in the Bank tab. Canadian dollars use the transit, institution and
 * account numbers of a Canadian cheque; other currencies use an ABA routing number. Every rule
 * runs in one pass so the form shows all its errors at once.
 */
export const bankAccountFormSchema = z
  .object({
    currency: z.string(),
    account_holder_name: field,
    account_holder_type: field,
    account_type: field,
    routing_number: field,
    transit_number: field,
    institution_number: field,
    account_number: field,
    ach_agree_tos: z.boolean().default(true),
    save_payment_method: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const name = value.account_holder_name ?? '';
    if (!name || name.length > 100)
      issue('account_holder_name', paymentFormMessages.accountHolderName);
    if (!['personal', 'business'].includes(value.account_holder_type ?? ''))
      issue('account_holder_type', paymentFormMessages.accountHolderType);
    if (!['checking', 'savings'].includes(value.account_type ?? ''))
      issue('account_type', paymentFormMessages.accountType);
    if (value.currency.toUpperCase() === 'CAD') {
      if (!/^\d{5}$/.test(value.transit_number ?? ''))
        issue('transit_number', paymentFormMessages.transitNumber);
      if (!/^\d{3}$/.test(value.institution_number ?? ''))
        issue('institution_number', paymentFormMessages.institutionNumber);
    } else if (!isValidRoutingNumber(value.routing_number ?? '')) {
      issue('routing_number', paymentFormMessages.routingNumber);
    }
    if (!/^\d{4,17}$/.test(value.account_number ?? ''))
      issue('account_number', paymentFormMessages.accountNumber);
    if (!value.ach_agree_tos) issue('ach_agree_tos', paymentFormMessages.achAgreement);
  })
  .transform((value) => ({
    ...value,
    account_holder_name: value.account_holder_name ?? '',
    account_holder_type: value.account_holder_type as 'personal' | 'business',
    account_type: value.account_type as 'checking' | 'savings',
    account_number: value.account_number ?? '',
  }));
export type BankAccountForm = z.input<typeof bankAccountFormSchema>;

/** The first ids of the errors, field by field, as forms show them. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * Cash change (spec §4): amount received minus the total due, in minor units. Anything that is
 * not a number (or has more decimals than the currency) counts as 0 received.
 */
export function cashChangeMinor(received: string, dueMinor: number, currency: string): number {
  return cashReceivedMinor(received, currency) - dueMinor;
}

/** What the cashier typed as received, in minor units; non-numeric is 0. */
export function cashReceivedMinor(received: string, currency: string): number {
  const cleaned = received.replace(/[,\s]/g, '').replace(/^[^\d.]+/, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return 0;
  try {
    return toMinor(cleaned, currency);
  } catch {
    // More decimals than the currency has: round to its minor unit rather than refuse a figure on screen.
    return Math.round(Number(cleaned) * 10 ** currencyDigits(currency));
  }
}

/**
 * The payment type the dialog starts on and may offer (spec §2.3, §4): Bank only when the
 * gateway takes ACH in the currency; when an item requires ACH only Bank and My Methods remain,
 * and the type is forced to bank_account unless it is already bank_account or payment_method.
 */
export function availablePaymentTabs(options: {
  achAvailable: boolean;
  requiresAch: boolean;
}): PosTabPaymentType[] {
  return posPaymentTabs
    .map((tab) => tab.type)
    .filter((type) => {
      if (type === 'bank_account') return options.achAvailable;
      if (options.requiresAch) return type === 'payment_method';
      return true;
    });
}

export function forcedPaymentType(
  current: PosTabPaymentType,
  requiresAch: boolean,
): PosTabPaymentType {
  if (requiresAch && current !== 'bank_account' && current !== 'payment_method')
    return 'bank_account';
  return current;
}

/**
 * Whether the dialog shows the "mark as fulfilled" checkbox (spec §2.3): the setting is
 * 'always', or it is not 'never' and the order has shippable items.
 */
export const fulfillmentSettings = ['never', 'always', 'shipping'] as const;
export type FulfillmentSetting = (typeof fulfillmentSettings)[number];
export function showsFulfillmentCheckbox(
  setting: FulfillmentSetting,
  shippableItems: number,
): boolean {
  return setting === 'always' || (setting !== 'never' && shippableItems > 0);
}

/**
 * The fulfilment setting in force. Almoner fulfils only contributions with something to ship
 * (the contributions area refuses to mark the others, 'nothing_to_ship'), which is the
 * incumbent's default 'shipping'; a setting to choose 'never' or 'always' would change it here.
 */
export const FULFILLMENT_SETTING: FulfillmentSetting = 'shipping';

/**
 * Currencies each gateway can debit a bank account in: the sandbox takes US accounts (ABA
 * routing numbers) in USD and Canadian ones (transit and institution numbers) in CAD, as the
 * gateway interface's `achCurrencies` says; the completion route refuses the others.
 */
export const gatewayAchCurrencies: Record<PaymentGatewayName, readonly string[]> = {
  sandbox: ['USD', 'CAD'],
  // Stripe's ACH Direct Debit (us_bank_account) takes US accounts in USD only; Canadian
  // pre-authorised debits (acss_debit) need a mandate flow of their own, not offered.
  stripe: ['USD'],
};

/** Whether the Bank tab is offered (spec §2.3): the gateway takes ACH in this currency. */
export const canTakeAch = (gateway: PaymentGatewayName, currency: string) =>
  gatewayAchCurrencies[gateway].includes(currency.toUpperCase());

/**
 * Why the Bank tab is missing, when the gateway could debit banks in another currency: a short
 * line under the tabs (Stripe takes US accounts in USD only). Null when there is nothing to say.
 */
export function bankTabHint(gateway: PaymentGatewayName, currency: string): string | null {
  if (gateway !== 'stripe' || canTakeAch(gateway, currency)) return null;
  return `Bank debits through Stripe take US bank accounts in USD only, so ${currency.toUpperCase()} sales have no Bank tab.`;
}
