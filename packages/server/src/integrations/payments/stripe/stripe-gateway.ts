import { gatewayMessages } from '@almoner/contracts';
import { GatewayError, type GatewayOutcome, type GatewayPayment, type GatewayRefund, type GatewayStatus, type PaymentGateway, type SavedPaymentMethod } from '../gateway.ts';
import Stripe from 'stripe';
import { refused, refusalOf, stripeClient, type StripeConfig } from './stripe-client.ts';
import { stripeSavedMethods } from './stripe-saved-methods.ts';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const iso = (seconds: unknown) => new Date(num(seconds) * 1000).toISOString();

/** A PaymentIntent's status as ours: processing (bank debits) is pending; anything unfinished failed. */
function statusOf(intent: Obj): GatewayStatus {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'processing') return 'pending';
  return 'failed';
}

function outcomeOf(charge: Obj, status: GatewayStatus): GatewayOutcome {
  const type = str(obj(charge.outcome).type);
  if (type === 'manual_review' || type === 'issuer_declined' || type === 'invalid' || type === 'authorized') return type;
  // Stripe's "blocked" (Radar) is a refusal by the gateway, which our outcomes call invalid.
  if (type === 'blocked') return 'invalid';
  return status === 'failed' ? 'issuer_declined' : 'authorized';
}

/** Stripe's metadata: string values only, as Stripe keeps them. */
const metadataOf = (v: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(v)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/** A PaymentIntent (with its latest charge expanded) as the gateway interface's payment. */
export function toPayment(intent: Obj): GatewayPayment {
  const charge = obj(intent.latest_charge);
  const details = obj(charge.payment_method_details);
  const card = obj(details.card);
  const bank = obj(details.us_bank_account);
  const error = obj(intent.last_payment_error);
  const status = statusOf(intent);
  const isBank = details.type === 'us_bank_account' || (Array.isArray(intent.payment_method_types) && intent.payment_method_types[0] === 'us_bank_account');
  return {
    reference: String(intent.id),
    type: isBank ? 'bank' : 'card',
    status,
    outcome: outcomeOf(charge, status),
    amount: num(intent.amount),
    amountRefunded: num(charge.amount_refunded),
    currency: String(intent.currency ?? '').toUpperCase(),
    failureCode: status === 'failed' ? (str(error.decline_code) ?? str(error.code) ?? 'payment_failed') : null,
    failureMessage: status === 'failed' ? (str(error.message) ?? 'The payment was declined.') : null,
    card: isBank || !card.last4
      ? null
      : { brand: String(card.brand), last4: String(card.last4), expMonth: num(card.exp_month), expYear: num(card.exp_year), cvcCheck: obj(card.checks).cvc_check === 'fail' ? 'fail' : 'pass' },
    bank: isBank ? { last4: String(bank.last4 ?? ''), accountType: String(bank.account_type ?? 'checking') } : null,
    // Stripe tells its fee on the charge's balance transaction, when that is expanded.
    fee: typeof obj(charge.balance_transaction).fee === 'number' ? num(obj(charge.balance_transaction).fee) : null,
    createdAt: iso(intent.created),
    // On-session, Stripe leaves the intent waiting for the donor (requires_action); off-session
    // it refuses with authentication_required. Either way only the donor can complete it.
    needsAuthentication: intent.status === 'requires_action' || error.code === 'authentication_required' || error.decline_code === 'authentication_required',
    clientSecret: intent.status === 'requires_action' ? str(intent.client_secret) : null,
    method: str(intent.payment_method) ?? str(obj(intent.payment_method).id),
    description: str(intent.description),
    metadata: metadataOf(intent.metadata),
  };
}

/** A Stripe refund as the gateway interface's: requires_action and canceled never gave the money back. */
function toRefund(refund: Stripe.Refund): GatewayRefund {
  const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'pending' ? 'pending' : 'failed';
  const paymentReference = typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? '');
  return { reference: refund.id, paymentReference, status, amount: refund.amount, currency: refund.currency.toUpperCase(), createdAt: iso(refund.created), failureReason: refund.failure_reason ?? null };
}

/** A declined confirm: Stripe's 402 carries the PaymentIntent, which is the (failed) payment. */
async function orDeclined(call: Promise<unknown>): Promise<GatewayPayment> {
  try {
    return toPayment(obj(await call));
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError) || !error.payment_intent) throw refusalOf(error);
    const intent = obj(error.payment_intent);
    return toPayment({ ...intent, last_payment_error: intent.last_payment_error ?? { code: error.code, decline_code: error.decline_code, message: error.message } });
  }
}

/**
 * Stripe behind the PaymentGateway interface: charges are PaymentIntents created and confirmed
 * in one call (card tokens from Stripe's hosted fields, or saved `pm_…` methods with their
 * customer; renewals off-session), saved cards are SetupIntents on the donor's customer, bank debits are
 * ACH PaymentIntents of a us_bank_account method Stripe.js made (processing until they settle;
 * routing and account numbers are never sent from here, so there is no debitAch), refunds and reads map one to one. Every
 * POST carries the caller's idempotency key. The charge's balance transaction is expanded for
 * Stripe's fee.
 */
export function createStripeGateway(config: StripeConfig): PaymentGateway {
  const stripe = stripeClient(config);
  const expand = ['latest_charge', 'latest_charge.balance_transaction'];

  const saved = stripeSavedMethods(stripe);
  return {
    name: 'stripe',
    // us_bank_account only; Canadian pre-authorised debits (acss_debit) need a mandate flow of their own.
    achCurrencies: ['USD'],

    charge: async ({ idempotencyKey, amount, currency, source, description, metadata, customer, offSession }) => {
      const method: Pick<Stripe.PaymentIntentCreateParams, 'payment_method' | 'payment_method_data' | 'customer'> = source.startsWith('pm_')
        ? // A saved method is charged with the customer it is attached to, as Stripe requires.
          { payment_method: source, ...(await saved.customerOf(source, customer)) }
        : // A card token from the hosted fields, as Stripe's own card element hands them over.
          { payment_method_data: { type: 'card', card: { token: source } } as Stripe.PaymentIntentCreateParams.PaymentMethodData };
      return orDeclined(
        stripe.paymentIntents.create(
          {
            amount,
            currency: currency.toLowerCase(),
            ...(description ? { description } : {}),
            ...(metadata ? { metadata } : {}),
            confirm: true,
            ...(offSession ? { off_session: true } : {}),
            allowed_payment_method_types: ['card'],
            ...method,
            expand,
          },
          { idempotencyKey },
        ),
      );
    },

    createCustomer: async ({ idempotencyKey, supporterId, name, email }) => {
      const customer = await refused(
        stripe.customers.create({ ...(name ? { name } : {}), ...(email ? { email } : {}), metadata: { almoner_supporter_id: String(supporterId) } }, { idempotencyKey }),
      );
      return customer.id;
    },

    // The point of sale's Bank tab: Stripe.js made the us_bank_account method from what the cashier typed into its fields.
    debitBankMethod: async ({ idempotencyKey, amount, currency, paymentMethod, description, metadata }) => {
      if (currency.toUpperCase() !== 'USD') throw new GatewayError('invalid_request', gatewayMessages.achCurrency, 'currency');
      const made = stripe.paymentIntents
        .create(
          {
            amount,
            currency: 'usd',
            ...(description ? { description } : {}),
            ...(metadata ? { metadata } : {}),
            confirm: true,
            // Stripe's API version of this SDK names the allowed types so (payment_method_types is the answer's).
            allowed_payment_method_types: ['us_bank_account'],
            payment_method: paymentMethod,
            // The donor authorised the debit to the cashier, in person (the dialog's authorisation box): an offline acceptance.
            mandate_data: { customer_acceptance: { type: 'offline' } },
            expand,
          },
          { idempotencyKey },
        )
        .then(async (intent) => {
          // An account Stripe wants verified by micro-deposits (days away) cannot be debited at the
          // counter: the intent is let go of and answered as a failed attempt (recorded, so the next one has a key of its own).
          if (intent.next_action?.type !== 'verify_with_microdeposits') return intent;
          const cancelled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
          return { ...cancelled, last_payment_error: { code: 'bank_account_unverified', message: gatewayMessages.bankVerification } };
        });
      return orDeclined(made);
    },

    refund: async ({ idempotencyKey, paymentReference, amount, reason }): Promise<GatewayRefund> =>
      toRefund(await refused(stripe.refunds.create({ payment_intent: paymentReference, amount, ...(reason ? { reason } : {}) }, { idempotencyKey }))),

    fetchRefund: async (reference) => toRefund(await refused(stripe.refunds.retrieve(reference))),

    cancelPayment: async (reference) => {
      await refused(stripe.paymentIntents.cancel(reference, { cancellation_reason: 'abandoned' }));
    },

    fetchPayment: async (reference) => toPayment(obj(await refused(stripe.paymentIntents.retrieve(reference, { expand })))),

    savePaymentMethod: async ({ token, idempotencyKey, customer, setupReference }): Promise<SavedPaymentMethod> => {
      const method = customer ? await saved.setUpForLater(token, customer, idempotencyKey, setupReference) : await saved.standAlone(token, idempotencyKey);
      const card = obj(method.card);
      return { reference: method.id, type: 'card', brand: String(card.brand ?? 'unknown'), last4: String(card.last4 ?? ''), expMonth: num(card.exp_month), expYear: num(card.exp_year) };
    },
  };
}
