import type { Config } from '../../../config.ts';
import type { Queryable } from '../../../db/client.ts';
import { effectiveStripeConfig, stripeClientConfig, type StripeConfigSource } from '../../../modules/payment-providers/stripe-config.service.ts';
import type { StripeConfig } from './stripe-client.ts';

let source: StripeConfigSource | null = null;

/**
 * Called as a process starts (web and worker): what unseals the Stripe keys saved in Settings, for
 * the stripe_event job, which runs without the app's configuration at hand.
 */
export function configureStripeEvents(config: StripeConfigSource): void {
  source = { appKey: config.appKey, stripe: config.stripe };
}

/** The Stripe API connection in effect (the environment's secret key, else the saved one), or null. */
export async function stripeConnection(q: Queryable): Promise<StripeConfig | null> {
  return source ? stripeClientConfig(await effectiveStripeConfig(q, source)) : null;
}

/**
 * The signing secret (whsec_…) events are checked with, or null when none is set: the
 * configuration's (ALMONER_STRIPE_WEBHOOK_SECRET), else the one saved in Settings › Payment
 * providers. Asked on every event, so a secret saved a moment ago is the one used.
 */
export async function stripeWebhookSecret(q: Queryable, config: StripeConfigSource & Pick<Config, 'stripeWebhookSecret'>): Promise<string | null> {
  return config.stripeWebhookSecret ?? (await effectiveStripeConfig(q, config)).webhookSecret;
}
