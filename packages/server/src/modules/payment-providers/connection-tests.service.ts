import { paymentProviderLabels, paymentProviderMessages, stripeMessages, stripeModeProblem, type ConnectionTest } from '@almoner/contracts';
import type { Queryable } from '../../db/client.ts';
import type { ConnectionCheck } from '../../integrations/connection/connection-check.ts';
import { createGoCardlessClient, createSandboxGoCardless } from '../../integrations/gocardless/gocardless-client.ts';
import { createPayPalClient, type PayPalApi } from '../../integrations/paypal/paypal-client.ts';
import { verifyStripeConnection } from '../../integrations/payments/stripe/stripe-client.ts';
import { createSandboxPayPal } from '../../integrations/paypal/paypal-sandbox.ts';
import { liveApiUrls } from './provider-endpoints.ts';
import { loadProviderRow, openCredentials } from './payment-providers.service.ts';
import { effectiveStripeConfig, stripeClientConfig } from './stripe-config.service.ts';
import type { StripeConfigSource } from './stripe-environment.ts';

export type ConnectionTestName = 'paypal' | 'paypal_reference_transactions' | 'gocardless' | 'stripe';

const answer = (check: ConnectionCheck): ConnectionTest => ({
  works: check.works,
  message: check.works ? paymentProviderMessages.works : paymentProviderMessages.testFailed,
  reason: check.reason,
});

/** Test mode (the default) talks to the built-in sandbox; otherwise the provider's live API. */
async function paypalFor(db: Queryable, appKey: Buffer): Promise<PayPalApi | null> {
  const row = await loadProviderRow(db, 'paypal');
  const { client_id: id, client_secret: secret } = openCredentials(appKey, row);
  if (!id || !secret) return null;
  return (row?.testMode ?? true)
    ? createSandboxPayPal(id, secret)
    : createPayPalClient({ clientId: id, clientSecret: secret, baseUrl: liveApiUrls().paypal });
}

/**
 * Stripe's Test (issue 40): the keys in effect (the environment's or the saved ones), their
 * modes checked first (a live key on an install in test mode is named as such), then Stripe asked.
 */
async function testStripe(db: Queryable, source: StripeConfigSource): Promise<ConnectionCheck> {
  const effective = await effectiveStripeConfig(db, source);
  const client = stripeClientConfig(effective);
  if (!client) return { works: false, reason: stripeMessages.notSet };
  const problem = stripeModeProblem(effective);
  if (problem) return { works: false, reason: problem };
  return verifyStripeConnection(client);
}

/** Runs one of the settings page's connection tests with the saved credentials (spec part 2 §2). */
export async function runConnectionTest(db: Queryable, source: StripeConfigSource, test: ConnectionTestName): Promise<ConnectionTest> {
  const appKey = source.appKey;
  if (test === 'stripe') return answer(await testStripe(db, source));
  if (test === 'gocardless') {
    const row = await loadProviderRow(db, 'gocardless');
    const token = openCredentials(appKey, row).access_token;
    if (!token) return answer({ works: false, reason: paymentProviderMessages.notSet(paymentProviderLabels.gocardless) });
    const client = (row?.testMode ?? true)
      ? createSandboxGoCardless(token)
      : createGoCardlessClient({ accessToken: token, baseUrl: liveApiUrls().gocardless });
    return answer(await client.verifyConnection());
  }
  const paypal = await paypalFor(db, appKey);
  if (!paypal) return answer({ works: false, reason: paymentProviderMessages.notSet(paymentProviderLabels.paypal) });
  return answer(test === 'paypal' ? await paypal.verifyConnection() : await paypal.verifyReferenceTransactions());
}
