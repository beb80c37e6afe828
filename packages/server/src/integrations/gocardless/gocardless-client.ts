import { paymentProviderMessages, sandboxProviderCredentials } from '@almoner/contracts';
import { callJson, failed, trimBase, works, type ConnectionCheck } from '../connection/connection-check.ts';

/** GoCardless's API as Almoner uses it: the settings page's connection test. */
export type GoCardlessApi = {
  /** The access token may read the account's creditors (GET /creditors). */
  verifyConnection: () => Promise<ConnectionCheck>;
};

export type GoCardlessConfig = {
  accessToken: string;
  /** https://api.gocardless.com unless told otherwise (ALMONER_GOCARDLESS_API_URL; a stub in tests). */
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

export const GOCARDLESS_LIVE_URL = 'https://api.gocardless.com';
/** The API version Almoner speaks (GoCardless requires one on every request). */
export const GOCARDLESS_VERSION = '2015-07-06';

/** GoCardless errors: `{ error: { message, type, code, errors: [{ reason, message }] } }`. */
function goCardlessReason(body: Record<string, unknown>, status: number): string {
  const error = (body.error ?? {}) as { message?: unknown };
  return typeof error.message === 'string' && error.message ? error.message.slice(0, 300) : `GoCardless answered ${status}.`;
}

export function createGoCardlessClient(config: GoCardlessConfig): GoCardlessApi {
  const base = trimBase(config.baseUrl ?? GOCARDLESS_LIVE_URL);
  return {
    async verifyConnection() {
      const answer = await callJson(`${base}/creditors?limit=1`, {
        method: 'GET',
        headers: { authorization: `Bearer ${config.accessToken}`, 'gocardless-version': GOCARDLESS_VERSION, accept: 'application/json' },
        timeoutMs: config.timeoutMs,
      });
      if (!answer) return failed(paymentProviderMessages.unreachable('GoCardless'));
      if (answer.status === 200 && Array.isArray(answer.body.creditors)) return works;
      return failed(goCardlessReason(answer.body, answer.status));
    },
  };
}

/** The built-in GoCardless sandbox: its test token reads creditors; any other is refused as GoCardless does. */
export function createSandboxGoCardless(accessToken: string): GoCardlessApi {
  const ok = accessToken === sandboxProviderCredentials.gocardless.access_token;
  const result: ConnectionCheck = ok ? works : failed('Invalid token');
  return { verifyConnection: () => Promise.resolve(result) };
}
