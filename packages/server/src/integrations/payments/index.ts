import { paymentGateways, type PaymentGatewayName } from '@almoner/contracts';
import type { Db } from '../../db/client.ts';
import { ensureGatewayEnabled } from '../../modules/payment-providers/payment-providers.service.ts';
import { getSettings } from '../../modules/settings/settings.service.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox/sandbox-gateway.ts';
import type { StripeConfig } from './stripe/stripe-client.ts';
import { createStripeGateway } from './stripe/stripe-gateway.ts';

/** The gateway the organisation's settings choose (`payment_gateway`, the sandbox by default). */
export async function gatewayFor(db: Db): Promise<PaymentGateway> {
  const { payment_gateway: stored } = await getSettings(db, ['payment_gateway']);
  // A value from a removed gateway falls back to the sandbox rather than failing every payment.
  const name = paymentGateways.find((g) => g === stored) ?? 'sandbox';
  // A gateway switched off on the payment providers page takes no payments.
  await ensureGatewayEnabled(db, name);
  return createGateway(db, name);
}

export function createGateway(db: Db, name: PaymentGatewayName): PaymentGateway {
  switch (name) {
    case 'sandbox':
      return createSandboxGateway(db);
  }
}

let stripeConfig: StripeConfig | null = null;

/** Called once per app (app start) with the Stripe connection the configuration names, if any. */
export function configurePaymentGateways(options: { stripe: StripeConfig | null }): void {
  stripeConfig = options.stripe;
}

/**
 * The gateway that took a payment, by the name stored on it, whatever the organisation takes
 * payments with now (issue 40: a Stripe payment's refund and status refresh used to answer
 * no_gateway). Null for a gateway this install cannot reach (PayPal, Stripe without its key).
 */
export function gatewayOfPayment(db: Db, name: string | null): PaymentGateway | null {
  if (name === 'stripe') return stripeConfig ? createStripeGateway(stripeConfig) : null;
  const known = paymentGateways.find((g) => g === name);
  return known ? createGateway(db, known) : null;
}

export * from './gateway.ts';
export { createStripeGateway };
