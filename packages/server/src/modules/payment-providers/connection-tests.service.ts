import { paymentProviderLabels, paymentProviderMessages, type ConnectionTest } from '@almoner/contracts';
import type { Queryable } from '../../db/client.ts';
import type { ConnectionCheck } from '../../integrations/connection/connection-check.ts';
import { createGoCardlessClient, createSandboxGoCardless } from '../../integrations/gocardless/gocardless-client.ts';
import { createPayPalClient, type PayPalApi } from '../../integrations/paypal/paypal-client.ts';
import { createSandboxPayPal } from '../../integrations/paypal/paypal-sandbox.ts';
import { liveApiUrls } from './provider-endpoints.ts';
import { loadProviderRow, openCredentials } from './payment-providers.service.ts';

export type ConnectionTestName = 'paypal' | 'paypal_reference_transactions' | 'gocardless';

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

/** Runs one of the settings page's connection tests with the saved credentials (spec part 2 §2). */
export async function runConnectionTest(db: Queryable, appKey: Buffer, test: ConnectionTestName): Promise<ConnectionTest> {
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
