import { billingMessages, dataSyncMessages, paymentProviderMessages, sandboxProviderCredentials } from '@almoner/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { paymentProviders } from '../payments/payment-methods.tables.ts';
import { gatewayFor } from '../../integrations/payments/index.ts';
import { billingSubscriptions } from '../../integrations/billing/billing.tables.ts';

let t: TestApp;
let stub: Server;
beforeAll(async () => {
  t = await createTestApp();
  // A local GoCardless stand-in for the live mode (the route's real client goes to it).
  stub = createServer((req, res) => {
    const ok = req.headers.authorization === 'Bearer live_token' && req.url?.startsWith('/creditors');
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
      .end(JSON.stringify(ok ? { creditors: [] } : { error: { message: 'Invalid token', code: 401 } }));
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  process.env.ALMONER_GOCARDLESS_API_URL = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(() => {
  delete process.env.ALMONER_GOCARDLESS_API_URL;
  return new Promise<void>((resolve) => stub.close(() => resolve()));
});

describe('payment provider settings', () => {
  it('lists the providers with the sandbox on by default and no secrets', async () => {
    const { agent } = await signedIn(t);
    const res = await agent.get('/jpanel/settings/payment.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().providers.map((p: { provider: string; enabled: boolean }) => [p.provider, p.enabled])).toEqual([['sandbox', true], ['paypal', false], ['gocardless', false], ['stripe', false]]);
  });

  it('refuses to turn PayPal on before its credentials, then saves them sealed and enables it', async () => {
    const { agent } = await signedIn(t);
    const early = await agent.post('/jpanel/settings/payment', { provider: 'paypal', enabled: true });
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toBe(paymentProviderMessages.credentialsFirst('PayPal'));
    const saved = await agent.post('/jpanel/settings/payment', { provider: 'paypal', ...sandboxProviderCredentials.paypal });
    expect(saved.json()).toMatchObject({ success: true, message: paymentProviderMessages.updated, provider: { client_id: 'sandbox-paypal-client', has_client_secret: true, enabled: false } });
    expect(JSON.stringify(saved.json())).not.toContain('sandbox-paypal-secret');
    const [row] = await t.database.db.select().from(paymentProviders).where(eq(paymentProviders.provider, 'paypal'));
    expect(row?.credentials).not.toContain('sandbox-paypal-secret');
    const on = await agent.post('/jpanel/settings/payment', { provider: 'paypal', enabled: '1' });
    expect(on.json()).toMatchObject({ message: paymentProviderMessages.enabled, provider: { enabled: true } });
    // A blank secret keeps the saved one.
    const kept = await agent.post('/jpanel/settings/payment', { provider: 'paypal', client_secret: '' });
    expect(kept.json().provider.has_client_secret).toBe(true);
  });

  it('validates every input with 422 and never 500', async () => {
    const { agent } = await signedIn(t);
    for (const body of [{}, { provider: 'nope' }, { provider: 'sandbox', client_id: 'x' }, { provider: 'paypal', client_id: 'a\u0000b' }, { provider: 'paypal', client_id: 'x'.repeat(200) }, { provider: 'gocardless', enabled: 'maybe' }, [1], { provider: 'paypal', enabled: null }]) {
      const res = await agent.post('/jpanel/settings/payment', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('stops the card gateway when the sandbox is switched off', async () => {
    const { agent } = await signedIn(t);
    const off = await agent.post('/jpanel/settings/payment', { provider: 'sandbox', enabled: false });
    expect(off.json().message).toBe(paymentProviderMessages.disabled);
    await expect(gatewayFor(t.database.db)).rejects.toThrow(paymentProviderMessages.gatewayOff);
    await agent.post('/jpanel/settings/payment', { provider: 'sandbox', enabled: true });
    expect((await gatewayFor(t.database.db)).name).toBe('sandbox');
  });

  it('needs the payments permission', async () => {
    const { agent } = await signedIn(t, { permissions: ['admin.general'] });
    expect((await agent.get('/jpanel/settings/payment.json')).statusCode).toBe(403);
    expect((await agent.post('/jpanel/settings/payment', { provider: 'sandbox', enabled: true })).statusCode).toBe(403);
    expect((await agent.get('/jpanel/paypal/verify_connection.json')).statusCode).toBe(403);
  });
});

describe('connection tests', () => {
  it('answer Works! with the sandbox test credentials and Failed! with others', async () => {
    const { agent } = await signedIn(t);
    await agent.post('/jpanel/settings/payment', { provider: 'paypal', ...sandboxProviderCredentials.paypal, test_mode: true });
    expect((await agent.get('/jpanel/paypal/verify_connection.json')).json()).toEqual({ works: true, message: 'Works!', reason: null });
    expect((await agent.get('/jpanel/paypal/verify_reference_transactions.json')).json().message).toBe('Works!');
    await agent.post('/jpanel/settings/payment', { provider: 'paypal', client_secret: 'wrong-secret' });
    expect((await agent.get('/jpanel/paypal/verify_connection.json')).json()).toEqual({ works: false, message: 'Failed!', reason: 'Client Authentication failed' });
    const gc = await agent.get('/jpanel/settings/payment/gocardless/verify');
    expect(gc.json()).toMatchObject({ works: false, message: 'Failed!' });
    await agent.post('/jpanel/settings/payment', { provider: 'gocardless', ...sandboxProviderCredentials.gocardless });
    expect((await agent.get('/jpanel/settings/payment/gocardless/verify')).json().message).toBe('Works!');
  });

  it('talk to the live API through the real client when test mode is off', async () => {
    const { agent } = await signedIn(t);
    await agent.post('/jpanel/settings/payment', { provider: 'gocardless', test_mode: false, access_token: 'live_token' });
    expect((await agent.get('/jpanel/settings/payment/gocardless/verify')).json()).toEqual({ works: true, message: 'Works!', reason: null });
    await agent.post('/jpanel/settings/payment', { provider: 'gocardless', access_token: 'live_other' });
    expect((await agent.get('/jpanel/settings/payment/gocardless/verify')).json()).toEqual({ works: false, message: 'Failed!', reason: 'Invalid token' });
  });
});

describe('data-sync connector', () => {
  it('connects and disconnects a target, audited, refusing a repeat with an error field', async () => {
    const { agent, user } = await signedIn(t);
    const on = await agent.post('/jpanel/api/v1/settings/data-sync/connect', { target: 'hubspot' });
    expect(on.json()).toMatchObject({ message: dataSyncMessages.connected, connector: { target: 'hubspot', linked: true } });
    const again = await agent.post('/jpanel/api/v1/settings/data-sync/connect', { target: 'hubspot' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(dataSyncMessages.alreadyConnected('HubSpot'));
    const list = await agent.get('/jpanel/api/v1/settings/data-sync.json');
    expect(list.json().connectors.find((c: { target: string }) => c.target === 'hubspot').linked).toBe(true);
    const off = await agent.post('/jpanel/api/v1/settings/data-sync/disconnect', { target: 'hubspot' });
    expect(off.json().message).toBe(dataSyncMessages.disconnected);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, 'data_sync_hubspot_linked'));
    expect(trail.length).toBeGreaterThanOrEqual(2);
    expect(trail.every((r) => r.actorUserId === user.id)).toBe(true);
    const bad = await agent.post('/jpanel/api/v1/settings/data-sync/connect', { target: 'x\u0000' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toBe(dataSyncMessages.target);
  });

  it('needs the settings permission', async () => {
    const { agent } = await signedIn(t, { permissions: ['admin.payments'] });
    expect((await agent.post('/jpanel/api/v1/settings/data-sync/connect', { target: 'hubspot' })).statusCode).toBe(403);
  });
});

describe('billing checkout', () => {
  it('opens the sandbox hosted page, pays on it and records the subscription once', async () => {
    const { agent, user } = await signedIn(t);
    expect((await agent.post('/jpanel/settings/billing/chargebee/checkout', { planId: 'gold' })).statusCode).toBe(422);
    const page = await agent.post('/jpanel/settings/billing/chargebee/checkout', { planId: 'almoner-growth-USD-Monthly' });
    expect(page.statusCode).toBe(200);
    const hosted = page.json() as { id: string; url: string; state: string };
    expect(hosted.state).toBe('created');
    const path = new URL(hosted.url).pathname;
    const html = await t.app.inject({ method: 'GET', url: path });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Subscribe to Growth');
    // Not paid yet: nothing is recorded.
    const early = await agent.post('/jpanel/settings/billing/chargebee/complete', { hosted_page_id: hosted.id });
    expect(early.json().message).toBe(billingMessages.notCompleted);
    const paid = await t.app.inject({ method: 'POST', url: `${path}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(`/jpanel/settings/billing?id=${hosted.id}&state=succeeded`);
    const done = await agent.post('/jpanel/settings/billing/chargebee/complete', { hosted_page_id: hosted.id });
    expect(done.json()).toMatchObject({ message: billingMessages.started, subscription: { plan_id: 'almoner-growth-USD-Monthly', plan_name: 'Growth', status: 'active', provider: 'sandbox' } });
    await agent.post('/jpanel/settings/billing/chargebee/complete', { hosted_page_id: hosted.id });
    const rows = await t.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.hostedPageId, hosted.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.startedBy).toBe(user.id);
    expect((await agent.get('/jpanel/settings/billing.json')).json().subscription.plan_id).toBe('almoner-growth-USD-Monthly');
    // A paid page cannot be paid again, and unknown pages are refused.
    expect((await t.app.inject({ method: 'POST', url: `${path}/pay` })).statusCode).toBe(404);
    expect((await agent.post('/jpanel/settings/billing/chargebee/complete', { hosted_page_id: 'hp_unknown' })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/settings/billing/chargebee/complete', { hosted_page_id: '../x' })).statusCode).toBe(422);
  });

  it('is for account admins (or the billing permission) only', async () => {
    const { agent } = await signedIn(t, { permissions: ['admin.general', 'admin.payments'] });
    expect((await agent.post('/jpanel/settings/billing/chargebee/checkout', { planId: 'almoner-growth-USD-Monthly' })).statusCode).toBe(403);
    const anonymous = new Agent(t.app);
    expect((await anonymous.post('/jpanel/settings/billing/chargebee/checkout', { planId: 'almoner-growth-USD-Monthly' })).statusCode).toBe(401);
  });
});
