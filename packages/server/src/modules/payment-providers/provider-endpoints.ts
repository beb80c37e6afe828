import { GOCARDLESS_LIVE_URL } from '../../integrations/gocardless/gocardless-client.ts';
import { PAYPAL_LIVE_URL } from '../../integrations/paypal/paypal-client.ts';

/**
 * Where the live APIs are. Operators point these at a provider's own test environment (or tests
 * at a local stub) with ALMONER_PAYPAL_API_URL / ALMONER_GOCARDLESS_API_URL; read on each call so
 * a changed environment needs no restart of the module.
 */
export function liveApiUrls(env: NodeJS.ProcessEnv = process.env) {
  return {
    paypal: env.ALMONER_PAYPAL_API_URL || PAYPAL_LIVE_URL,
    gocardless: env.ALMONER_GOCARDLESS_API_URL || GOCARDLESS_LIVE_URL,
  };
}

/**
 * The subscription billing provider: Chargebee when ALMONER_CHARGEBEE_URL (https://{site}.chargebee.com)
 * and ALMONER_CHARGEBEE_API_KEY are set, else the built-in sandbox.
 */
export function chargebeeConfig(env: NodeJS.ProcessEnv = process.env): { baseUrl: string; apiKey: string } | null {
  return env.ALMONER_CHARGEBEE_URL && env.ALMONER_CHARGEBEE_API_KEY
    ? { baseUrl: env.ALMONER_CHARGEBEE_URL, apiKey: env.ALMONER_CHARGEBEE_API_KEY }
    : null;
}
