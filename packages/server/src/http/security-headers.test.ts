import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { Agent, createTestApp, signedIn, testConfig } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { webDist } from './spa.ts';

const t = await createTestApp();
const { agent } = await signedIn(t);
const anonymous = new Agent(t.app);

/** One of each kind of answer: page, API (signed in and not), CSV, reference, asset, error. */
const answers = async (client: Agent, anon: Agent) => ({
  page: await anon.get('/jpanel/login', { headers: { 'x-requested-with': '' } }),
  api: await client.get('/jpanel/auth/session'),
  unauthenticated: await anon.get('/jpanel/users.json'),
  csv: await client.get('/jpanel/supporters.csv'),
  docsPage: await anon.get('/jpanel/api/docs/'),
  docsScript: await anon.get('/jpanel/api/docs/static/swagger-initializer.js'),
  docsJson: await anon.get('/jpanel/api/docs/json'),
  notFound: await client.get('/jpanel/nothing-here.json'),
  validation: await client.post('/jpanel/users', {}),
});

const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );

describe('security headers', () => {
  it('are on every kind of answer, with a policy that allows no inline script', async () => {
    const all = await answers(agent, anonymous);
    expect(Object.fromEntries(Object.entries(all).map(([kind, r]) => [kind, r.statusCode]))).toMatchObject({
      api: 200, unauthenticated: 401, csv: 200, docsPage: 200, docsScript: 200, docsJson: 200, notFound: 404, validation: 422,
    });
    for (const [kind, response] of Object.entries(all)) {
      const h = response.headers;
      expect(h['x-content-type-options'], kind).toBe('nosniff');
      expect(h['referrer-policy'], kind).toBe('same-origin');
      expect(h['x-frame-options'], kind).toBe('DENY');
      expect(h['strict-transport-security'], kind).toBeUndefined();
      const csp = directives(h['content-security-policy']);
      expect(csp.get('frame-ancestors'), kind).toEqual(["'none'"]);
      expect(csp.get('default-src'), kind).toEqual(["'self'"]);
      // Stripe.js, for Stripe Elements where Stripe is the gateway (issue 40); nothing inline.
      expect(csp.get('script-src'), kind).toEqual(["'self'", 'https://js.stripe.com']);
      expect(csp.get('script-src-attr'), kind).toEqual(["'none'"]);
      expect(csp.get('object-src'), kind).toEqual(["'none'"]);
    }
  });

  it('asks for HTTPS only (HSTS) when ALMONER_SECURE_COOKIES=1', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ database, config: { ...testConfig, secureCookies: true } });
    afterAll(async () => {
      await app.close();
      await database.close();
    });
    for (const [kind, response] of Object.entries(await answers(new Agent(app), new Agent(app)))) {
      expect(response.headers['strict-transport-security'], kind).toBe('max-age=31536000; includeSubDomains');
      expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests'), kind).toBe(true);
    }
  });

  it('serves a reference page and a built web app with no inline script for the policy to block', async () => {
    const docs = (await anonymous.get('/jpanel/api/docs/')).body;
    const built = join(webDist, 'index.html');
    for (const html of [docs, ...(existsSync(built) ? [readFileSync(built, 'utf8')] : [])]) {
      const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toMatch(/^<script\b[^>]*\ssrc="[^"]+"[^>]*>\s*<\/script>$/);
      expect(html).not.toMatch(/\son[a-z]+="/);
    }
  });
});
