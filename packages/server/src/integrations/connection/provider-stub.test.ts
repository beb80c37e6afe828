import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingError } from '../billing/billing-provider.ts';
import { createChargebeeClient } from '../billing/chargebee-client.ts';
import { createGoCardlessClient, createSandboxGoCardless, GOCARDLESS_VERSION } from '../gocardless/gocardless-client.ts';
import { createPayPalClient } from '../paypal/paypal-client.ts';
import { createSandboxPayPal } from '../paypal/paypal-sandbox.ts';

/**
 * One local stand-in (node:http, never the internet) for PayPal's OAuth2 and billing agreement
 * endpoints, GoCardless's creditors and Chargebee's hosted pages, answering as each documents.
 */
type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
const seen: Seen[] = [];
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const pages = new Map<string, { state: string; plan: string }>();

function route(req: Seen): { status: number; body: unknown } {
  const auth = req.headers.authorization;
  if (req.path === '/v1/oauth2/token') {
    if (req.method !== 'POST' || req.body !== 'grant_type=client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (auth === basic('good-id', 'good-secret')) return { status: 200, body: { access_token: 'A21.full', token_type: 'Bearer', expires_in: 32400, scope: 'https://uri.paypal.com/services/billing-agreements' } };
    if (auth === basic('basic-id', 'good-secret')) return { status: 200, body: { access_token: 'A21.basic', token_type: 'Bearer', expires_in: 32400, scope: 'openid' } };
    return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
  }
  if (req.path === '/v1/billing-agreements/agreement-tokens') {
    if (auth === 'Bearer A21.full' && JSON.parse(req.body).plan?.type === 'MERCHANT_INITIATED_BILLING') return { status: 201, body: { token_id: 'BA-8A802366G0648845Y', links: [] } };
    return { status: 403, body: { name: 'REFUSED_MARK_REF_TXN_NOT_ENABLED', message: 'Merchant account is not enabled for reference transactions.' } };
  }
  if (req.path === '/creditors') {
    if (req.headers['gocardless-version'] !== GOCARDLESS_VERSION) return { status: 400, body: { error: { message: 'GoCardless-Version header missing', type: 'invalid_api_usage', code: 400 } } };
    if (auth === 'Bearer live_good') return { status: 200, body: { creditors: [{ id: 'CR123', name: 'Hope Trust' }], meta: { limit: 1 } } };
    return { status: 401, body: { error: { message: 'Invalid token', type: 'invalid_api_usage', code: 401, errors: [{ reason: 'invalid_token', message: 'Invalid token' }] } } };
  }
  if (req.path.startsWith('/api/v2/')) {
    if (auth !== basic('cb_key', '')) return { status: 401, body: { message: 'Sorry, authentication failed. Invalid api key', api_error_code: 'api_authentication_failed', http_status_code: 401 } };
    if (req.path === '/api/v2/hosted_pages/checkout_new_for_items') {
      const form = new URLSearchParams(req.body);
      const plan = form.get('subscription_items[item_price_id][0]') ?? '';
      if (!plan.startsWith('almoner-')) return { status: 404, body: { message: `Item price ${plan} not found.`, api_error_code: 'resource_not_found', http_status_code: 404 } };
      if (form.get('subscription_items[quantity][0]') !== '1' || !form.get('redirect_url')) return { status: 400, body: { message: 'bad form', api_error_code: 'param_wrong_value' } };
      pages.set('hp_1', { state: 'created', plan });
      return { status: 200, body: { hosted_page: { id: 'hp_1', type: 'checkout_new', url: 'https://site.chargebee.com/pages/v3/hp_1/', state: 'created', embed: false, created_at: 1_800_000_000, expires_at: 1_800_010_800 } } };
    }
    const page = pages.get(req.path.split('/').pop() ?? '');
    if (!page) return { status: 404, body: { message: 'Sorry, we could not find that resource.', api_error_code: 'resource_not_found' } };
    page.state = 'succeeded';
    return { status: 200, body: { hosted_page: { id: 'hp_1', state: 'succeeded', content: { subscription: { id: 'AzZ1', status: 'active', subscription_items: [{ item_price_id: page.plan }] } } } } };
  }
  return { status: 404, body: {} };
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const entry = { method: req.method ?? '', path: url.pathname, headers: req.headers, body };
      seen.push(entry);
      const answer = route(entry);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('PayPal client', () => {
  it('gets an OAuth2 token with the client credentials, and reports PayPal’s words when they are wrong', async () => {
    expect(await createPayPalClient({ clientId: 'good-id', clientSecret: 'good-secret', baseUrl: base }).verifyConnection()).toEqual({ works: true, reason: null });
    expect(await createPayPalClient({ clientId: 'good-id', clientSecret: 'nope', baseUrl: `${base}/` }).verifyConnection()).toEqual({ works: false, reason: 'Client Authentication failed' });
    const tokenCall = seen.find((s) => s.path === '/v1/oauth2/token');
    expect(tokenCall?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('checks reference transactions by creating a billing agreement token', async () => {
    expect(await createPayPalClient({ clientId: 'good-id', clientSecret: 'good-secret', baseUrl: base }).verifyReferenceTransactions()).toEqual({ works: true, reason: null });
    expect(await createPayPalClient({ clientId: 'basic-id', clientSecret: 'good-secret', baseUrl: base }).verifyReferenceTransactions()).toEqual({ works: false, reason: 'Merchant account is not enabled for reference transactions.' });
    expect(await createPayPalClient({ clientId: 'x', clientSecret: 'y', baseUrl: base }).verifyReferenceTransactions()).toEqual({ works: false, reason: 'Client Authentication failed' });
  });

  it('fails (never throws) when PayPal cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await createPayPalClient({ clientId: 'a', clientSecret: 'b', baseUrl: deadUrl }).verifyConnection()).toEqual({ works: false, reason: 'PayPal could not be reached.' });
  });

  it('has a sandbox that answers like PayPal for its test credentials', async () => {
    expect(await createSandboxPayPal('sandbox-paypal-client', 'sandbox-paypal-secret').verifyReferenceTransactions()).toEqual({ works: true, reason: null });
    expect((await createSandboxPayPal('sandbox-paypal-basic', 'sandbox-paypal-secret').verifyReferenceTransactions()).works).toBe(false);
    expect((await createSandboxPayPal('sandbox-paypal-basic', 'sandbox-paypal-secret').verifyConnection()).works).toBe(true);
    expect(await createSandboxPayPal('sandbox-paypal-client', 'wrong').verifyConnection()).toEqual({ works: false, reason: 'Client Authentication failed' });
  });
});

describe('GoCardless client', () => {
  it('reads the creditors with a bearer token and the API version header', async () => {
    expect(await createGoCardlessClient({ accessToken: 'live_good', baseUrl: base }).verifyConnection()).toEqual({ works: true, reason: null });
    expect(await createGoCardlessClient({ accessToken: 'live_bad', baseUrl: base }).verifyConnection()).toEqual({ works: false, reason: 'Invalid token' });
    expect((await createSandboxGoCardless('sandbox_gocardless_token').verifyConnection()).works).toBe(true);
    expect((await createSandboxGoCardless('other').verifyConnection()).works).toBe(false);
  });
});

describe('Chargebee client', () => {
  const client = () => createChargebeeClient({ apiKey: 'cb_key', baseUrl: base });

  it('opens a hosted checkout for an item price and reads the subscription it started', async () => {
    const page = await client().createCheckout({ planId: 'almoner-growth-USD-Monthly', redirectUrl: 'http://localhost/jpanel/settings/billing' });
    expect(page).toMatchObject({ id: 'hp_1', url: 'https://site.chargebee.com/pages/v3/hp_1/', state: 'created', embed: false });
    expect(await client().retrieveHostedPage('hp_1')).toEqual({ id: 'hp_1', state: 'succeeded', subscription: { id: 'AzZ1', status: 'active', planId: 'almoner-growth-USD-Monthly' } });
  });

  it('turns Chargebee’s refusals into billing errors', async () => {
    await expect(client().createCheckout({ planId: 'other-plan', redirectUrl: 'http://x/' })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(client().retrieveHostedPage('hp_missing')).rejects.toBeInstanceOf(BillingError);
    await expect(createChargebeeClient({ apiKey: 'bad', baseUrl: base }).retrieveHostedPage('hp_1')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
