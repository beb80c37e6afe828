import { beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
const routes: { method: string; url: string; isPublic: boolean; csrf: boolean }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  routes.push(...t.app.routeList);
});

const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');

describe('every route', () => {
  it('was found', () => {
    expect(routes.length).toBeGreaterThan(3);
  });

  it('refuses a request with no session (401) unless it is public', async () => {
    for (const route of routes.filter((r) => !r.isPublic)) {
      const agent = new Agent(t.app);
      await agent.get('/jpanel/login'); // a guest with a CSRF token, so 401 is about the session
      const response = await agent.request(route.method, concrete(route.url), { body: route.method === 'GET' ? undefined : {} });
      expect(`${route.method} ${route.url} → ${response.statusCode}`).toBe(`${route.method} ${route.url} → 401`);
    }
  });

  it('exempts from CSRF only the calls made without a session page: signed storage URLs, the sandboxes and Stripe’s events', () => {
    const exempt = routes.filter((r) => !r.csrf && r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
    // The billing sandbox's hosted page stands for the provider's servers, like the gateway's token
    // endpoint. Stripe's servers post its events, each checked by its signature instead.
    expect(exempt.sort()).toEqual(['POST /sandbox-billing/hosted/:id/cancel', 'POST /sandbox-billing/hosted/:id/pay', 'POST /sandbox-gateway/v1/tokens', 'POST /webhooks/stripe', 'PUT /storage/*']);
  });

  it('refuses a state-changing request with no CSRF token (419)', async () => {
    for (const route of routes.filter((r) => r.method !== 'GET' && r.csrf)) {
      const response = await t.app.inject({ method: route.method as 'POST', url: concrete(route.url), payload: {} });
      expect(`${route.method} ${route.url} → ${response.statusCode}`).toBe(`${route.method} ${route.url} → 419`);
    }
  });
});
