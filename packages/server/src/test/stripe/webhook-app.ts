import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../test-app.ts';
import { startStripeStandIn } from './stand-in.ts';

export type StripeObject = Record<string, unknown>;

/** Stripe's own example objects (fixtures3.json), by resource name: what Stripe's events carry. */
export const stripeFixtures = (JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as { resources: Record<string, StripeObject> }).resources;

/** Posts `event` to the app's POST /webhooks/stripe signed with `secret` as Stripe signs it. */
export function postStripeEvent(t: TestApp, event: StripeObject, secret: string, timestamp?: number) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return t.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

export type StripeWebhookApp = {
  standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  t: TestApp;
  admin: Agent;
  adminId: number;
  /** Posts `event` to POST /webhooks/stripe signed as Stripe signs it (the file's secret unless another is given). */
  send: (event: StripeObject, options?: { secret?: string; timestamp?: number }) => ReturnType<typeof postStripeEvent>;
};

/**
 * A test file's app whose Stripe SDK reaches a fresh stand-in and whose webhook signing secret
 * is `secret`, with an admin signed in: started before the file's tests, the stand-in stopped
 * after them. The fields are filled in by then (read them inside tests, not at import).
 */
export function useStripeWebhookApp(secret: string): StripeWebhookApp {
  const app = {
    send: (event, { secret: signWith = secret, timestamp } = {}) => postStripeEvent(app.t, event, signWith, timestamp),
  } as StripeWebhookApp;
  beforeAll(async () => {
    app.standIn = await startStripeStandIn();
    app.t = await createTestApp({ stripe: { secretKey: 'sk_test_stub', baseUrl: app.standIn.url }, stripeWebhookSecret: secret });
    const signed = await signedIn(app.t);
    app.admin = signed.agent;
    app.adminId = signed.user.id;
  });
  afterAll(() => app.standIn.close());
  return app;
}
