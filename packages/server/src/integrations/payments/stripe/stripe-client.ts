import { GatewayError } from '../gateway.ts';

/** How Almoner reaches Stripe: the secret key, and the API's address (a local stub in tests). */
export type StripeConfig = {
  secretKey: string;
  /** https://api.stripe.com unless told otherwise. */
  baseUrl?: string | undefined;
  /** A request that takes longer is abandoned (and retried by the caller with the same key). */
  timeoutMs?: number | undefined;
};

export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/** Stripe's form encoding: nested objects as `a[b][c]=v`, lists as `a[0]=v`; empty values left out. */
export function encodeForm(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const walk = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return pairs.join('&');
}

/** Stripe's error body: `{ error: { type, code, message, param, payment_intent } }`. */
export type StripeErrorBody = {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  param?: string;
  payment_intent?: Record<string, unknown>;
};

/** A card or bank refusal: Stripe answers 402 with the failed PaymentIntent, which is an answer, not an error. */
export class StripeDecline extends Error {
  constructor(readonly error: StripeErrorBody) {
    super(error.message ?? 'The payment was declined.');
  }
}

/**
 * One call to Stripe's API. POSTs carry the idempotency key as Stripe's `Idempotency-Key`
 * header, so a retry of the same call is the same effect. Errors become GatewayError (the
 * request was refused, nothing happened) or StripeDecline (the payment was attempted and failed).
 */
export async function stripeRequest(
  config: StripeConfig,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, FormValue> = {},
  idempotencyKey?: string,
): Promise<Record<string, unknown>> {
  const base = (config.baseUrl ?? 'https://api.stripe.com').replace(/\/$/, '');
  const form = encodeForm(params);
  const url = method === 'GET' && form ? `${base}${path}?${form}` : `${base}${path}`;
  const headers: Record<string, string> = { authorization: `Bearer ${config.secretKey}`, 'stripe-version': '2024-06-20' };
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(url, {
    method,
    headers,
    ...(method === 'POST' ? { body: form } : {}),
    signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return body;
  const error = (body.error ?? {}) as StripeErrorBody;
  if (response.status === 402 || error.type === 'card_error') throw new StripeDecline(error);
  if (response.status === 404 || error.code === 'resource_missing') throw new GatewayError('not_found', error.message ?? 'Not found at Stripe.', error.param);
  if (error.type === 'idempotency_error') throw new GatewayError('idempotency_reused', error.message ?? 'Idempotency key reused.', 'idempotency_key');
  if (response.status === 400) throw new GatewayError('invalid_request', error.message ?? 'Stripe refused the request.', error.param);
  // 401, 429, 5xx: Stripe did not do it; the caller's retry with the same key is safe.
  throw new Error(`Stripe answered ${response.status}`);
}
