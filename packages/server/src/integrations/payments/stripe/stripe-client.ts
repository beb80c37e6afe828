import { paymentProviderMessages } from '@almoner/contracts';
import Stripe from 'stripe';
import { failed, works, type ConnectionCheck } from '../../connection/connection-check.ts';
import { GatewayError, GatewayUnavailable } from '../gateway.ts';

/** How Almoner reaches Stripe: the secret key, and the API's address (a local stand-in in tests). */
export type StripeConfig = {
  secretKey: string;
  /** https://api.stripe.com unless told otherwise. */
  baseUrl?: string | undefined;
  /** A request that takes longer is abandoned (and retried by the caller with the same key). */
  timeoutMs?: number | undefined;
};

/**
 * Stripe's official SDK (issue 40: it replaced a hand-written form encoder), its types checking
 * every parameter Almoner sends. It never retries on its own: the caller retries with the same
 * idempotency key, so a retry is the same effect whoever makes it.
 */
export function stripeClient(config: StripeConfig): Stripe {
  const url = new URL(config.baseUrl ?? 'https://api.stripe.com');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: config.timeoutMs ?? 30_000,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/**
 * A refusal as the gateway interface says it: nothing happened at Stripe (not found, a bad
 * request, a reused idempotency key). A declined card is not a refusal (the caller answers it
 * as a failed payment); an outage is GatewayUnavailable; a bad key stays an error for the caller to report.
 */
export function refusalOf(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new GatewayError('idempotency_reused', error.message, 'idempotency_key');
  if (error.statusCode === 404 || error.code === 'resource_missing') return new GatewayError('not_found', error.message, error.param);
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) return new GatewayError('invalid_request', error.message, error.param);
  // Stripe down, slow or shedding load: nothing known of the request (see GatewayUnavailable).
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeRateLimitError || (error.statusCode ?? 0) >= 500) return new GatewayUnavailable('Stripe');
  return new Error(`Stripe answered ${error.statusCode ?? 'nothing'}: ${error.message}`);
}

/**
 * The settings page's Test (issue 40 item 1): reads the account's balance, which any working
 * secret key may, and answers Stripe's own words when it refuses.
 */
/** Any other call: Stripe's refusals as the gateway's. */
export async function refused<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw refusalOf(error);
  }
}

export async function verifyStripeConnection(config: StripeConfig): Promise<ConnectionCheck> {
  try {
    await stripeClient({ timeoutMs: 15_000, ...config }).balance.retrieve();
    return works;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError) return failed(paymentProviderMessages.unreachable('Stripe'));
    if (error instanceof Stripe.errors.StripeError) return failed(error.message.slice(0, 300) || `Stripe answered ${error.statusCode ?? 'nothing'}.`);
    throw error;
  }
}
