import { paymentGateways, stripeMessages, type CardFieldsConfig, type PaymentGatewayName } from '@almoner/contracts';
import type { Db, Queryable } from '../../db/client.ts';
import { ensureGatewayEnabled } from '../../modules/payment-providers/payment-providers.service.ts';
import { effectiveStripeConfig, stripeClientConfig } from '../../modules/payment-providers/stripe-config.service.ts';
import { getSettings } from '../../modules/settings/settings.service.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox/sandbox-gateway.ts';
import type { StripeConfig } from './stripe/stripe-client.ts';
import { createStripeGateway } from './stripe/stripe-gateway.ts';

/**
 * The gateway the organisation takes cards with: the `payment_gateway` setting (the sandbox by
 * default). A Stripe secret key in the environment (ALMONER_STRIPE_SECRET_KEY) chooses Stripe
 * whatever the setting says, as it did before the setting offered Stripe.
 */
export async function chosenGatewayName(q: Queryable): Promise<PaymentGatewayName> {
  if (stripeConfig) return 'stripe';
  const { payment_gateway: stored } = await getSettings(q, ['payment_gateway']);
  // A value from a removed gateway falls back to the sandbox rather than failing every payment.
  return paymentGateways.find((g) => g === stored) ?? 'sandbox';
}

/** The gateway the organisation's settings choose, refused when it is switched off. */
export async function gatewayFor(db: Db): Promise<PaymentGateway> {
  const name = await chosenGatewayName(db);
  // A gateway switched off on the payment providers page takes no payments.
  await ensureGatewayEnabled(db, name);
  return createGateway(db, name);
}

export function createGateway(db: Queryable, name: PaymentGatewayName): PaymentGateway {
  switch (name) {
    case 'sandbox':
      return createSandboxGateway(db);
    case 'stripe':
      return stripeGateway(db);
  }
}

let stripeConfig: StripeConfig | null = null;
let appKey: Buffer | null = null;

/**
 * Called once per app (app start) with the Stripe connection the environment names, if any, and
 * the app key that unseals the keys saved in Settings › Payment providers.
 */
export function configurePaymentGateways(options: { stripe: StripeConfig | null; appKey?: Buffer }): void {
  stripeConfig = options.stripe;
  appKey = options.appKey ?? null;
}

/**
 * Stripe with the keys in effect (the environment's, else the saved ones), read when it is
 * asked to do something, so a key saved a moment ago is the one used and no key is kept in memory.
 */
function stripeGateway(db: Queryable): PaymentGateway {
  const connect = async () => {
    if (!appKey) throw new Error('configurePaymentGateways was not called with the app key');
    const client = stripeClientConfig(await effectiveStripeConfig(db, { appKey, stripe: stripeConfig ?? undefined }));
    if (!client) throw new Error(stripeMessages.notSet);
    return createStripeGateway(client);
  };
  return {
    name: 'stripe',
    achCurrencies: ['USD'],
    charge: async (request) => (await connect()).charge(request),
    refund: async (request) => (await connect()).refund(request),
    fetchPayment: async (reference) => (await connect()).fetchPayment(reference),
    cancelPayment: async (reference) => {
      const gateway = await connect();
      if (!gateway.cancelPayment) throw new Error('Stripe cancels PaymentIntents');
      return gateway.cancelPayment(reference);
    },
    fetchRefund: async (reference) => {
      const gateway = await connect();
      if (!gateway.fetchRefund) throw new Error('Stripe reads refunds');
      return gateway.fetchRefund(reference);
    },
    savePaymentMethod: async (request) => (await connect()).savePaymentMethod(request),
    createCustomer: async (request) => {
      const gateway = await connect();
      if (!gateway.createCustomer) throw new Error('Stripe creates customers');
      return gateway.createCustomer(request);
    },
    debitBankMethod: async (request) => {
      const gateway = await connect();
      if (!gateway.debitBankMethod) throw new Error('Stripe debits bank payment methods');
      return gateway.debitBankMethod(request);
    },
  };
}

/** What the web's card fields load: the chosen gateway and, for Stripe, the publishable key in effect. */
export async function cardFieldsConfig(q: Queryable): Promise<CardFieldsConfig> {
  const gateway = await chosenGatewayName(q);
  if (gateway !== 'stripe' || !appKey) return { gateway, publishable_key: null };
  const { publishableKey } = await effectiveStripeConfig(q, { appKey, stripe: stripeConfig ?? undefined });
  return { gateway, publishable_key: publishableKey };
}

/**
 * The gateway that took a payment, by the name stored on it, whatever the organisation takes
 * payments with now (issue 40: a Stripe payment's refund and status refresh used to answer
 * no_gateway). Null for a gateway this install cannot reach (PayPal). `q` may be the caller's
 * transaction: a refund or a cancel asked while its payment's row is locked reads the keys
 * through it (on PGlite the one connection is the transaction's).
 */
export function gatewayOfPayment(q: Queryable, name: string | null): PaymentGateway | null {
  const known = paymentGateways.find((g) => g === name);
  return known ? createGateway(q, known) : null;
}

export * from './gateway.ts';
export { createStripeGateway };
