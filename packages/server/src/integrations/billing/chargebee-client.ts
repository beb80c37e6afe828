import type { HostedPage } from '@almoner/contracts';
import { trimBase } from '../connection/connection-check.ts';
import { encodeForm } from '../connection/form-encoding.ts';
import { BillingError, type BillingProvider, type HostedPageResult } from './billing-provider.ts';

export type ChargebeeConfig = {
  /** Chargebee's API key (Basic auth user name, empty password). */
  apiKey: string;
  /** https://{site}.chargebee.com (ALMONER_CHARGEBEE_URL; a local stub in tests). */
  baseUrl: string;
  timeoutMs?: number | undefined;
};

/** Chargebee's error body: `{ message, type, api_error_code, error_code, http_status_code }`. */
type ChargebeeError = { message?: string; api_error_code?: string };

/** Chargebee API v2: hosted checkout pages for item prices (Product Catalog 2.0). */
export function createChargebeeClient(config: ChargebeeConfig): BillingProvider {
  const base = `${trimBase(config.baseUrl)}/api/v2`;
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, form?: string): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { body: form } : {}),
        signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
      });
    } catch {
      throw new BillingError('unavailable', 'Chargebee could not be reached.');
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown> & ChargebeeError;
    if (response.ok) return body;
    const message = typeof body.message === 'string' ? body.message : `Chargebee answered ${response.status}.`;
    if (response.status === 404 || body.api_error_code === 'resource_not_found') throw new BillingError('not_found', message);
    if (response.status === 400) throw new BillingError('invalid', message);
    throw new BillingError('unavailable', message);
  }

  return {
    name: 'chargebee',
    async createCheckout({ planId, redirectUrl }) {
      const form = encodeForm({ subscription_items: { item_price_id: [planId], quantity: [1] }, redirect_url: redirectUrl });
      const body = await call('POST', '/hosted_pages/checkout_new_for_items', form);
      return toHostedPage(body.hosted_page);
    },
    async retrieveHostedPage(id) {
      const body = await call('GET', `/hosted_pages/${encodeURIComponent(id)}`);
      return toResult(body.hosted_page);
    },
  };
}

function toHostedPage(raw: unknown): HostedPage {
  const page = (raw ?? {}) as Record<string, unknown>;
  if (typeof page.id !== 'string' || typeof page.url !== 'string') throw new BillingError('unavailable', 'Chargebee answered without a hosted page.');
  return {
    id: page.id,
    type: String(page.type ?? 'checkout_new'),
    url: page.url,
    state: String(page.state ?? 'created'),
    embed: page.embed === true,
    created_at: Number(page.created_at ?? 0),
    expires_at: typeof page.expires_at === 'number' ? page.expires_at : null,
  };
}

function toResult(raw: unknown): HostedPageResult {
  const page = (raw ?? {}) as { id?: unknown; state?: unknown; content?: { subscription?: Record<string, unknown> } };
  if (typeof page.id !== 'string') throw new BillingError('unavailable', 'Chargebee answered without a hosted page.');
  const sub = page.content?.subscription;
  const items = (sub?.subscription_items ?? []) as { item_price_id?: unknown }[];
  return {
    id: page.id,
    state: String(page.state ?? ''),
    subscription:
      sub && typeof sub.id === 'string'
        ? { id: sub.id, status: String(sub.status ?? 'active'), planId: String(items[0]?.item_price_id ?? '') }
        : null,
  };
}
