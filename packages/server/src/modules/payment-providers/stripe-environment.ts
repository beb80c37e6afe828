import type { StripeKeyName, StripeKeyView } from '@almoner/contracts';
import { stripeKeyNames } from '@almoner/contracts';
import type { Config } from '../../config.ts';

/** What the Stripe connection needs from the app's configuration. */
export type StripeConfigSource = Pick<Config, 'appKey' | 'stripe'>;

/**
 * The environment's Stripe keys, which win over the stored ones. The secret key comes through
 * the app's configuration (ALMONER_STRIPE_SECRET_KEY, as it always has); the other two and the
 * API's address are read on each call, like the other providers' addresses
 * (provider-endpoints.ts).
 */
export function stripeEnvironment(
  config: StripeConfigSource,
  env: NodeJS.ProcessEnv = process.env,
): Record<StripeKeyName, string | null> & { baseUrl: string | undefined } {
  return {
    secret_key: config.stripe?.secretKey || null,
    publishable_key: env.ALMONER_STRIPE_PUBLISHABLE_KEY || null,
    webhook_secret: env.ALMONER_STRIPE_WEBHOOK_SECRET || null,
    baseUrl: config.stripe?.baseUrl || env.ALMONER_STRIPE_API_URL || undefined,
  };
}

export const lastFour = (value: string | null | undefined): string | null => (value ? value.slice(-4) : null);

/** Each key as the settings page shows it: its last 4, the environment's when it wins. */
export function stripeKeyViews(
  stored: Partial<Record<StripeKeyName, string>>,
  environment: Record<StripeKeyName, string | null>,
): Record<StripeKeyName, StripeKeyView> {
  const view = (key: StripeKeyName): StripeKeyView =>
    environment[key] ? { last4: lastFour(environment[key]), from_env: true } : { last4: lastFour(stored[key]), from_env: false };
  return Object.fromEntries(stripeKeyNames.map((key) => [key, view(key)])) as Record<StripeKeyName, StripeKeyView>;
}
