import { paymentProviderMessages, stripeMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAppOnStandIn, stopAppOnStandIn, type StandIn } from '../../test/stripe/app-on-stand-in.ts';
import { createTestApp, signedIn, testConfig, type Agent, type TestApp } from '../../test/test-app.ts';
import { paymentProviders } from '../payments/payment-methods.tables.ts';
import { effectiveStripeConfig } from './stripe-config.service.ts';

/**
 * Issue 40 item 1: Stripe's keys entered in Settings › Payment providers, sealed with the app
 * key and shown by their last 4; the environment's keys win; the Test asks the stand-in (which
 * refuses any key but its own) and answers Works! or Failed! with Stripe's words.
 */
let standIn: StandIn;
let t: TestApp;
let admin: Agent;
const VERIFY = '/jpanel/settings/payment/stripe/verify';
const keys = { secret_key: 'sk_test_stub', publishable_key: 'pk_test_publishable9876', webhook_secret: 'whsec_signing5432' };

beforeAll(async () => {
  ({ standIn, t, admin } = await startAppOnStandIn());
});
afterAll(() => stopAppOnStandIn(standIn));
afterEach(() => {
  delete process.env.ALMONER_STRIPE_PUBLISHABLE_KEY;
  delete process.env.ALMONER_STRIPE_WEBHOOK_SECRET;
});

const stripeView = async (agent: Agent) =>
  ((await agent.get('/jpanel/settings/payment.json')).json() as { providers: { provider: string }[] }).providers.find((p) => p.provider === 'stripe');

describe('Stripe in Settings › Payment providers', () => {
  it('is listed off with no keys, and its Test says the keys are missing', async () => {
    expect(await stripeView(admin)).toMatchObject({
      enabled: false,
      test_mode: true,
      stripe_keys: { secret_key: { last4: null, from_env: false }, publishable_key: { last4: null, from_env: false }, webhook_secret: { last4: null, from_env: false } },
    });
    expect((await admin.get(VERIFY)).json()).toEqual({ works: false, message: paymentProviderMessages.testFailed, reason: stripeMessages.notSet });
  });

  it('saves the keys sealed, answers their last 4 only, turns on, and the Test works against Stripe', async () => {
    const saved = await admin.post('/jpanel/settings/payment', { provider: 'stripe', ...keys });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().provider).toMatchObject({
      enabled: true,
      stripe_keys: { secret_key: { last4: 'stub' }, publishable_key: { last4: '9876' }, webhook_secret: { last4: '5432' } },
    });
    for (const key of Object.values(keys)) expect(saved.body + (await admin.get('/jpanel/settings/payment.json')).body).not.toContain(key);
    const [row] = await t.database.db.select().from(paymentProviders).where(eq(paymentProviders.provider, 'stripe'));
    for (const key of Object.values(keys)) expect(row?.credentials).not.toContain(key);

    const before = standIn.seen.length;
    expect((await admin.get(VERIFY)).json()).toEqual({ works: true, message: paymentProviderMessages.works, reason: null });
    expect(standIn.seen.slice(before)).toMatchObject([{ method: 'GET', path: '/v1/balance', headers: { authorization: 'Bearer sk_test_stub' } }]);
    // The one answer the webhook route and the gateway ask.
    expect(await effectiveStripeConfig(t.database.db, testConfig)).toMatchObject({ secretKey: keys.secret_key, publishableKey: keys.publishable_key, webhookSecret: keys.webhook_secret, enabled: true });
  });

  it('fails the Test with Stripe’s own words when the key is wrong, and a blank key keeps the saved one', async () => {
    await admin.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_notthisone' });
    expect((await admin.get(VERIFY)).json()).toEqual({ works: false, message: paymentProviderMessages.testFailed, reason: 'Invalid API Key provided.' });
    await admin.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub' });
    const kept = await admin.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: '', publishable_key: '' });
    expect(kept.json().provider.stripe_keys.secret_key.last4).toBe('stub');
    expect((await admin.get(VERIFY)).json().works).toBe(true);
  });

  it('names a key of the wrong mode: refused on save, and the Test fails when the environment sets one', async () => {
    const live = await admin.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_live_realmoney' });
    expect(live.statusCode).toBe(422);
    expect(live.json().errors.secret_key).toEqual([stripeMessages.liveKeyInTestMode('secret key')]);
    const mixed = await admin.post('/jpanel/settings/payment', { provider: 'stripe', test_mode: false, secret_key: 'sk_live_realmoney', publishable_key: 'pk_test_abc' });
    expect(mixed.json().errors.publishable_key).toEqual([stripeMessages.testKeyInLiveMode('publishable key')]);
    // Nothing of the refused saves was kept.
    expect((await stripeView(admin))).toMatchObject({ test_mode: true, stripe_keys: { secret_key: { last4: 'stub' } } });

    process.env.ALMONER_STRIPE_PUBLISHABLE_KEY = 'pk_live_fromtheserver';
    expect((await admin.get(VERIFY)).json()).toEqual({ works: false, message: paymentProviderMessages.testFailed, reason: stripeMessages.liveKeyInTestMode('publishable key') });
  });

  it('validates every key’s shape with 422 and never 500', async () => {
    for (const [field, value, message] of [
      ['secret_key', 'pk_test_abc', stripeMessages.secretKey],
      ['secret_key', 'sk_test_a b', stripeMessages.secretKey],
      ['publishable_key', 'sk_test_abc', stripeMessages.publishableKey],
      ['webhook_secret', 'secret', stripeMessages.webhookSecret],
      ['webhook_secret', `whsec_${'a'.repeat(300)}`, stripeMessages.webhookSecret],
    ] as const) {
      const res = await admin.post('/jpanel/settings/payment', { provider: 'stripe', [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await admin.post('/jpanel/settings/payment', { provider: 'stripe', client_id: 'x' })).statusCode).toBe(422);
  });

  it('needs the payments permission for the Test', async () => {
    const { agent } = await signedIn(t, { permissions: ['admin.general'] });
    expect((await agent.get(VERIFY)).statusCode).toBe(403);
  });
});

describe('Stripe keys from the environment', () => {
  it('win over the saved ones, are shown by their last 4 as the environment’s, and the Test uses them', async () => {
    const env = await createTestApp({ stripe: { secretKey: 'sk_test_stub', baseUrl: standIn.url } });
    const agent = (await signedIn(env)).agent;
    await agent.post('/jpanel/settings/payment', { provider: 'stripe', publishable_key: 'pk_test_storedkey1', webhook_secret: 'whsec_stored11' });
    process.env.ALMONER_STRIPE_WEBHOOK_SECRET = 'whsec_fromenv7777';
    expect(await stripeView(agent)).toMatchObject({
      enabled: true,
      stripe_keys: { secret_key: { last4: 'stub', from_env: true }, publishable_key: { last4: 'key1', from_env: false }, webhook_secret: { last4: '7777', from_env: true } },
    });
    expect(await effectiveStripeConfig(env.database.db, { appKey: testConfig.appKey, stripe: { secretKey: 'sk_test_stub' } })).toMatchObject({
      secretKey: 'sk_test_stub',
      publishableKey: 'pk_test_storedkey1',
      webhookSecret: 'whsec_fromenv7777',
      fromEnv: { secret_key: true, publishable_key: false, webhook_secret: true },
    });
    expect((await agent.get(VERIFY)).json().works).toBe(true);
    const wrong = await createTestApp({ stripe: { secretKey: 'sk_test_wrongenv', baseUrl: standIn.url } });
    expect((await (await signedIn(wrong)).agent.get(VERIFY)).json()).toMatchObject({ works: false, reason: 'Invalid API Key provided.' });
  });
});
