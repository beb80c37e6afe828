import { stripeKeyNames, type StripeKeyName } from '@almoner/contracts';
import type { Queryable } from '../../db/client.ts';
import type { StripeConfig } from '../../integrations/payments/stripe/stripe-client.ts';
import { loadProviderRow, openCredentials } from './payment-providers.service.ts';
import { stripeEnvironment, type StripeConfigSource } from './stripe-environment.ts';

export type { StripeConfigSource };

/**
 * The Stripe connection in effect: each key from the environment when set there, else the one
 * saved (sealed) in Settings › Payment providers. The one place that answers it, for the
 * gateway, the card fields, the connection test and Stripe's webhooks (`webhookSecret`).
 */
export type EffectiveStripeConfig = {
  secretKey: string | null;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** The API's address: a stand-in in tests (ALMONER_STRIPE_API_URL), Stripe's own otherwise. */
  baseUrl: string | undefined;
  /** The install takes test payments (test keys) unless staff turned test mode off. */
  testMode: boolean;
  /** Switched on in Settings › Payment providers (on when never set but keys are there). */
  enabled: boolean;
  fromEnv: Record<StripeKeyName, boolean>;
};

export async function effectiveStripeConfig(
  q: Queryable,
  config: StripeConfigSource,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EffectiveStripeConfig> {
  const row = await loadProviderRow(q, 'stripe');
  const stored = openCredentials(config.appKey, row);
  const fromEnvironment = stripeEnvironment(config, env);
  const pick = (key: StripeKeyName) => fromEnvironment[key] ?? stored[key] ?? null;
  const secretKey = pick('secret_key');
  const publishableKey = pick('publishable_key');
  return {
    secretKey,
    publishableKey,
    webhookSecret: pick('webhook_secret'),
    baseUrl: fromEnvironment.baseUrl,
    testMode: row?.testMode ?? true,
    enabled: row?.enabled ?? Boolean(secretKey),
    fromEnv: Object.fromEntries(stripeKeyNames.map((key) => [key, fromEnvironment[key] !== null])) as Record<StripeKeyName, boolean>,
  };
}

/** What the SDK client needs, or null while no secret key is set anywhere. */
export function stripeClientConfig(effective: EffectiveStripeConfig): StripeConfig | null {
  return effective.secretKey ? { secretKey: effective.secretKey, baseUrl: effective.baseUrl } : null;
}
