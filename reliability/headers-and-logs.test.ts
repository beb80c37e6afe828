import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../packages/server/src/app.ts';
import type { Database } from '../packages/server/src/db/client.ts';
import { makeOrder } from '../packages/server/src/modules/pos/pos.complete.fixtures.ts';
import { Agent, TEST_PASSWORD, buildUser, testConfig } from '../packages/server/src/test/test-app.ts';
import { createTestDatabase } from '../packages/server/src/test/test-db.ts';
import { openApi } from './support/app.ts';
import { printFigures } from './support/figures.ts';

/**
 * Item 7 of issue 17. The app runs as in production behind HTTPS (secure cookies, which also
 * switches HSTS on) with every log line captured at trace level.
 * - Headers: every sampled answer (pages, API, CSV, the API reference, static files, the card
 *   fields, 2xx, 401, 403, 404, 419, 422) carries the CSP with frame-ancestors 'none', nosniff
 *   and HSTS.
 * - Canary: sign-in, two-factor, API token, webhook secret and card flows run through the app,
 *   then the whole log is searched for the password, the TOTP secret, the API token, the
 *   webhook secret and any card number: 0 hits.
 */
const lines: string[] = [];
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    database,
    config: { ...testConfig, secureCookies: true, logLevel: 'trace' },
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/**
 * The sandbox gateway's hosted card fields stand for the gateway's own page, which Almoner's
 * checkout frames: its policy is stricter (default-src 'none') but must allow its own origin
 * as the framer (frame-ancestors 'self'). Every other answer refuses framing outright.
 */
const FRAMED_BY_US = ['/sandbox-gateway/card-fields'];

function headerProblems(url: string, response: LightMyRequestResponse): string[] {
  const h = response.headers;
  const csp = String(h['content-security-policy'] ?? '');
  const problems: string[] = [];
  const framed = FRAMED_BY_US.includes(url);
  if (!/default-src '(self|none)'/.test(csp)) problems.push('no CSP default-src');
  if (!csp.includes(framed ? "frame-ancestors 'self'" : "frame-ancestors 'none'")) problems.push(`no frame-ancestors ${framed ? "'self'" : "'none'"}`);
  if (h['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (!/max-age=\d{7,}/.test(String(h['strict-transport-security'] ?? ''))) problems.push('no HSTS');
  return problems;
}

describe('security headers on every answer', () => {
  it('sends CSP (frame-ancestors none), nosniff and HSTS on pages, API, files and errors', async () => {
    const user = await buildUser(database);
    const admin = new Agent(app);
    await admin.login(user.email);
    const clerk = new Agent(app);
    await clerk.login((await buildUser(database, { permissions: ['dashboard.view'] })).email);
    const anonymous = new Agent(app);
    const doc = await openApi(app);
    const gets = Object.entries(doc.paths).filter(([, item]) => item.get).map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
    const checked: { what: string; status: number; problems: string[] }[] = [];
    const check = async (what: string, call: Promise<LightMyRequestResponse>) => {
      const response = await call;
      checked.push({ what, status: response.statusCode, problems: headerProblems(what.split(' ').at(-1) ?? '', response) });
    };
    for (const url of gets) {
      await check(`admin GET ${url}`, admin.get(url));
      await check(`anonymous GET ${url}`, anonymous.get(url));
    }
    for (const url of ['/jpanel', '/jpanel/supporters', '/jpanel/favicon.svg', '/jpanel/assets/nope.js', '/no-such-page', '/jpanel/no-such.json', '/sandbox-gateway/card-fields', '/sandbox-gateway/card-fields.js']) {
      await check(`admin GET ${url}`, admin.get(url));
    }
    await check('403 for a clerk', clerk.get('/jpanel/users.json'));
    await check('422 bad sign-in', anonymous.post('/jpanel/login', { email: '', password: '' }));
    await check('CSRF refused', admin.post('/jpanel/supporters.listing', {}, { headers: { 'x-csrf-token': 'wrong' } }));
    await check('bad JSON', admin.post('/jpanel/supporters.listing', '{', { headers: { 'content-type': 'application/json' } }));
    await check('HEAD', admin.request('HEAD', '/jpanel/auth/session'));
    await check('OPTIONS', admin.request('OPTIONS', '/jpanel/auth/session'));

    const bad = checked.filter((c) => c.problems.length);
    const byStatus = checked.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c.status]: (acc[c.status] ?? 0) + 1 }), {});
    printFigures('security headers', {
      'answers checked': checked.length,
      'by status': Object.entries(byStatus).map(([s, n]) => `${s}×${n}`).join(' '),
      'missing a header': bad.length,
    });
    expect(bad.map((c) => `${c.what} ${c.status}: ${c.problems.join(', ')}`)).toEqual([]);
    expect(Object.keys(byStatus).length).toBeGreaterThanOrEqual(5);
  });
});

/**
 * Card numbers in a text: 13–19 digits in a row, or written the way people type them (groups of
 * four, or Amex 4-6-5, with spaces or dashes), that pass the Luhn check. Any digits with any
 * separators would also match dates, ids and UUID pieces, one in ten of which pass Luhn by chance;
 * a run inside a word or a hyphenated id is not a card number typed by a person.
 * Each hit comes with the text around it so a failure shows where it was written.
 */
function cardNumbers(text: string): string[] {
  const found: string[] = [];
  // Standing alone: not inside a word or a hyphenated id (a request id's UUID holds 0515-4847-9503-5271920).
  const pattern = /(?<![\w.-])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}|\d{4}([ -])\d{6}\2\d{5})(?![\w.-])/g;
  for (const match of text.matchAll(pattern)) {
    const digits = match[0].replace(/\D/g, '');
    if (digits.length < 13 || digits.length > 19) continue;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) found.push(text.slice(Math.max(0, match.index - 160), match.index + match[0].length + 20));
  }
  return found;
}

describe('the log canary', () => {
  it('never writes the password, TOTP secret, API token, webhook secret or a card number', async () => {
    lines.length = 0;
    const U = '/jpanel/auth/user';
    const user = await buildUser(database);
    const admin = new Agent(app);
    await admin.login(user.email);
    const cards = ['4242424242424242', '4000056655665556', '5555555555554444', '378282246310005'];

    // Sign-in: right and wrong passwords, the password confirmation, a password change attempt.
    await new Agent(app).post('/jpanel/login', { email: user.email, password: `${TEST_PASSWORD}x` });
    await admin.post(`${U}/confirm-password`, { password: TEST_PASSWORD });
    // A staff user created with a password, then signed in with it.
    const newPassword = 'Canary-Pass-8812-zq';
    const created = await admin.post('/jpanel/users', { first_name: 'Canary', last_name: 'User', email: 'canary-user@example.org', password: newPassword, is_admin_user: true, is_account_admin: true });
    expect(created.statusCode, created.body).toBe(201);
    await new Agent(app).login('canary-user@example.org', newPassword);

    // Two-factor: enable, read the secret and recovery codes, confirm, sign in with a code and a recovery code.
    await admin.post(`${U}/two-factor-authentication`);
    const secret = (await admin.get(`${U}/two-factor-secret-key`)).json().secretKey as string;
    const recovery = (await admin.get(`${U}/two-factor-recovery-codes`)).json() as string[];
    await admin.get(`${U}/two-factor-qr-code`);
    const confirmed = await admin.post(`${U}/confirmed-two-factor-authentication`, { code: await generate({ secret }) });
    expect(confirmed.statusCode).toBe(200);
    const second = new Agent(app);
    expect(await second.login(user.email)).toEqual({ two_factor: true });
    await second.post('/jpanel/two-factor-challenge', { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) });
    const third = new Agent(app);
    await third.login(user.email);
    const recovered = await third.post('/jpanel/two-factor-challenge', { recovery_code: recovery[0] });
    expect(recovered.statusCode).toBe(200);

    // API token: regenerate, use, use after regenerating again.
    const token = (await admin.post(`/jpanel/users/${user.id}/regenerate-key`)).json().api_token as string;
    expect(token.length).toBeGreaterThan(20);
    const withToken = await app.inject({ method: 'GET', url: '/jpanel/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect(withToken.statusCode, withToken.body).toBe(200);
    await admin.post(`/jpanel/users/${user.id}/regenerate-key`);
    expect((await app.inject({ method: 'GET', url: '/jpanel/api/v1/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);

    // Webhook secret: create, update (a blank secret keeps it), read back.
    const webhookSecret = 'whsec-canary-5c1d9e2a7b';
    const hook = await admin.post('/jpanel/settings/hooks', { payload_url: 'https://example.org/hooks/in', events: ['supporter.created'], secret: webhookSecret, active: false });
    expect(hook.statusCode).toBe(200);
    const hookId = hook.json().hook_id as number;
    await admin.post(`/jpanel/settings/hooks/${hookId}`, { payload_url: 'https://example.org/hooks/in', events: ['supporter.created'], secret: `${webhookSecret}-2`, active: false });
    await admin.get(`/jpanel/settings/hooks/${hookId}`);

    // Cards: the gateway's tokens endpoint, a point-of-sale payment, a card number typed into a search.
    const tokenCall = await admin.post('/sandbox-gateway/v1/tokens', { number: cards[0], expiry: '12 / 39', cvc: '123' });
    expect(tokenCall.statusCode).toBe(200);
    const order = await makeOrder(database.db, { items: [{ price: 2500 }], billFirstName: 'Ada', billLastName: 'Lovelace' });
    const paid = await admin.post(`/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: tokenCall.json().token });
    expect(paid.statusCode).toBe(200);
    for (const number of cards.slice(1)) {
      await admin.post('/sandbox-gateway/v1/tokens', { number, expiry: '12 / 39', cvc: '737' });
      await admin.get(`/jpanel/supporters.json?query=${number}`);
      await admin.post('/jpanel/supporters.listing', { draw: 1, start: 0, length: 10, search: { value: number } });
    }
    // A declined card and a malformed one (error paths log too).
    await admin.post('/sandbox-gateway/v1/tokens', { number: '4000000000000002', expiry: '12 / 39', cvc: '123' });
    await admin.post('/sandbox-gateway/v1/tokens', { number: `${cards[0]}99`, expiry: '13 / 10', cvc: 'x' });

    const log = lines.join('\n');
    const secrets: Record<string, string[]> = {
      password: [TEST_PASSWORD, newPassword],
      'TOTP secret': [secret],
      'recovery code': recovery,
      'API token': [token],
      'webhook secret': [webhookSecret],
    };
    const hits = Object.entries(secrets).flatMap(([what, values]) => values.filter((v) => log.includes(v)).map(() => what));
    // Each line without its own timestamp (epoch milliseconds are 13 digits and sometimes pass Luhn).
    const cardHits = cardNumbers(lines.map((line) => line.replace(/"time":\d+,/, '')).join('\n'));
    const stored = await database.db.execute(sql`select count(*)::int as n from users where api_token_hash is not null and id = ${user.id}`);
    printFigures('log canary', {
      'log lines searched': lines.length,
      'log bytes': log.length,
      'secrets looked for': `${Object.values(secrets).flat().length} + any Luhn-valid card number`,
      'secret hits': hits.length,
      'card number hits': cardHits.length,
    });
    // The detector itself finds each way a card is written, and not the dates or ids around it.
    expect(['4242424242424242', '4242 4242 4242 4242', '3782-822463-10005', 'n=4000056655665556,'].map((t) => cardNumbers(t).length)).toEqual([1, 1, 1, 1]);
    expect(cardNumbers('2026-11-28 1795879257811.5 12345678-1234-5678-1234-567812345678').length).toBe(0);
    expect(lines.length).toBeGreaterThan(30);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect(hits).toEqual([]);
    expect(cardHits).toEqual([]);
  });
});
