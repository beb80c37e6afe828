import { paymentGateways, type PaymentGatewayName } from '@almoner/contracts';
import type { Db } from '../../db/client.ts';
import { ensureGatewayEnabled } from '../../modules/payment-providers/payment-providers.service.ts';
import { getSettings } from '../../modules/settings/settings.service.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox/sandbox-gateway.ts';

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

export * from './gateway.ts';
export { createStripeGateway } from './stripe/stripe-gateway.ts';
