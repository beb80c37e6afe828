import { sandboxProviderCredentials } from '@almoner/contracts';
import { failed, works } from '../connection/connection-check.ts';
import type { PayPalApi } from './paypal-client.ts';

const { paypal: full, paypalWithoutReferenceTransactions: basic } = sandboxProviderCredentials;

/**
 * The built-in PayPal sandbox: answers the two checks the way PayPal does for its test accounts
 * (contracts' sandboxProviderCredentials), with PayPal's own error words for the rest.
 */
export function createSandboxPayPal(clientId: string, clientSecret: string): PayPalApi {
  const signsIn = (clientId === full.client_id || clientId === basic.client_id) && clientSecret === full.client_secret;
  const signInFailure = failed('Client Authentication failed');
  return {
    verifyConnection: () => Promise.resolve(signsIn ? works : signInFailure),
    verifyReferenceTransactions: () =>
      Promise.resolve(
        !signsIn
          ? signInFailure
          : clientId === full.client_id
            ? works
            : failed('Merchant account is not enabled for reference transactions (REFUSED_MARK_REF_TXN_NOT_ENABLED).'),
      ),
  };
}
