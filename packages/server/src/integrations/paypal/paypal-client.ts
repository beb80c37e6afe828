import { paymentProviderMessages } from '@almoner/contracts';
import { callJson, failed, trimBase, works, type ConnectionCheck } from '../connection/connection-check.ts';

/** PayPal's REST API as Almoner uses it: the two connection tests of the settings page. */
export type PayPalApi = {
  /** OAuth2 client-credentials: the client id and secret get an access token. */
  verifyConnection: () => Promise<ConnectionCheck>;
  /** The account may create billing agreements (reference transactions) with that token. */
  verifyReferenceTransactions: () => Promise<ConnectionCheck>;
};

export type PayPalConfig = {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com unless told otherwise (ALMONER_PAYPAL_API_URL; a local stub in tests). */
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

export const PAYPAL_LIVE_URL = 'https://api-m.paypal.com';
const unreachable = paymentProviderMessages.unreachable('PayPal');

/** PayPal's error bodies: OAuth `{error, error_description}` or REST `{name, message, details}`. */
function paypalReason(body: Record<string, unknown>, status: number): string {
  const text = body.error_description ?? body.message ?? body.name ?? body.error;
  return typeof text === 'string' && text ? text.slice(0, 300) : `PayPal answered ${status}.`;
}

export function createPayPalClient(config: PayPalConfig): PayPalApi {
  const base = trimBase(config.baseUrl ?? PAYPAL_LIVE_URL);
  const timeoutMs = config.timeoutMs;

  const accessToken = async (): Promise<{ token: string } | ConnectionCheck> => {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const answer = await callJson(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
      timeoutMs,
    });
    if (!answer) return failed(unreachable);
    const token = answer.body.access_token;
    if (answer.status === 200 && typeof token === 'string' && token) return { token };
    return failed(paypalReason(answer.body, answer.status));
  };

  return {
    async verifyConnection() {
      const result = await accessToken();
      return 'token' in result ? works : result;
    },
    async verifyReferenceTransactions() {
      const result = await accessToken();
      if (!('token' in result)) return result;
      // Creating an agreement token is the capability check PayPal offers: accounts without
      // reference transactions are refused here. An unused token simply expires.
      const answer = await callJson(`${base}/v1/billing-agreements/agreement-tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${result.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          description: 'Almoner reference transactions check',
          payer: { payment_method: 'PAYPAL' },
          plan: {
            type: 'MERCHANT_INITIATED_BILLING',
            merchant_preferences: {
              return_url: 'https://example.org/return',
              cancel_url: 'https://example.org/cancel',
              accepted_pymt_type: 'INSTANT',
            },
          },
        }),
        timeoutMs,
      });
      if (!answer) return failed(unreachable);
      if (answer.status === 201 && typeof answer.body.token_id === 'string') return works;
      return failed(paypalReason(answer.body, answer.status));
    },
  };
}
