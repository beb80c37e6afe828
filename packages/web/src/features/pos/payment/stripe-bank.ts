import { posMessages } from '@almoner/contracts';
import type { BankFields, PaymentState } from './payment-state.ts';

/** Stripe's refusal of the bank details, on the Bank tab's field it is about when Stripe names one. */
export class StripeBankError extends Error {
  constructor(
    message: string,
    readonly field: string | null,
  ) {
    super(message);
  }
}

/** Stripe's parameters as the Bank tab's fields. */
const FIELD_OF: Record<string, string> = {
  'us_bank_account[routing_number]': 'routing_number',
  'us_bank_account[account_number]': 'account_number',
  'billing_details[name]': 'account_holder_name',
};

/**
 * The account typed on the Bank tab goes from this browser to Stripe (Stripe.js
 * createPaymentMethod), never to Almoner: Stripe answers a us_bank_account PaymentMethod, whose
 * id is what the completion sends. Stripe's code is loaded only here, when Stripe is the gateway.
 */
export async function createStripeBankMethod(publishableKey: string, bank: BankFields): Promise<string> {
  const { stripeFor } = await import('../../../components/card-fields/stripe-loader.ts');
  const stripe = await stripeFor(publishableKey);
  if (!stripe) throw new StripeBankError('Stripe could not be loaded. Try again in a moment.', null);
  const { paymentMethod, error } = await stripe.createPaymentMethod({
    type: 'us_bank_account',
    us_bank_account: {
      routing_number: bank.routing_number,
      account_number: bank.account_number,
      account_holder_type: bank.account_holder_type === 'business' ? 'company' : 'individual',
      account_type: bank.account_type,
    },
    billing_details: { name: bank.account_holder_name.trim() },
  });
  if (error || !paymentMethod) throw new StripeBankError(error?.message ?? posMessages.paymentUnknownError, FIELD_OF[error?.param ?? ''] ?? null);
  return paymentMethod.id;
}

/** The completion's body for a bank account Stripe took: its method and the donor's authorisation, no account details. */
export function stripeBankBody(state: PaymentState, paymentMethod: string) {
  return {
    payment_type: 'bank_account',
    token: paymentMethod,
    account_holder_type: state.fields.bank.account_holder_type,
    ach_agree_tos: state.fields.bank.ach_agree_tos,
    send_confirmation_emails: state.send_confirmation_emails,
    mark_as_complete: state.mark_as_complete,
  };
}
