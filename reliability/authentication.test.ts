import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../packages/server/src/modules/auth/crypto.ts';
import { MAX_FAILURES_PER_EMAIL_AND_IP, MAX_FAILURES_PER_IP } from '../packages/server/src/modules/auth/throttle.ts';
import { verifyTotp } from '../packages/server/src/modules/auth/two-factor.codes.ts';
import { users } from '../packages/server/src/modules/users/users.tables.ts';
import { Agent, TEST_PASSWORD, buildUser, createTestApp, signedIn } from '../packages/server/src/test/test-app.ts';
import { percentile, printFigures } from './support/figures.ts';

/**
 * Item 4 of issue 17: sign-in throttling (counted before any password is hashed), no user
 * enumeration by status, body or timing, the RFC 6238 test vectors against the app's own TOTP
 * check, TOTP replay refused, recovery codes once each, API tokens shown once, stored hashed and
 * dead once regenerated.
 *
 * The app's throttle contract (throttle.ts, stricter than 5 a minute): 5 failures per e-mail
 * from one address and 20 per address, in a 15-minute window.
 */
const t = await createTestApp();
const U = '/jpanel/auth/user';
const figures: Record<string, string | number> = {};
const login = (agent: Agent, email: string, password: string, remoteAddress: string) =>
  agent.post('/jpanel/login', { email, password }, { remoteAddress });
const median = (values: number[]) => percentile(values, 50);
afterAll(() => printFigures('authentication', figures));

async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await call();
  return [result, performance.now() - start];
}

describe('sign-in throttling', () => {
  it(`refuses the attempt after ${MAX_FAILURES_PER_EMAIL_AND_IP} failures per e-mail and address, the right password included, before hashing`, async () => {
    const user = await buildUser(t.database);
    const agent = new Agent(t.app);
    const wrong: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) {
      const [response, ms] = await timed(() => login(agent, user.email, 'wrong-password-1', '203.0.113.10'));
      expect(response.statusCode).toBe(422);
      wrong.push(ms);
    }
    const refused: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [response, ms] = await timed(() => login(agent, user.email, i === 0 ? TEST_PASSWORD : 'wrong-password-1', '203.0.113.10'));
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json().message).toMatch(/\S/);
      refused.push(ms);
    }
    // Another address may still sign in: a stranger cannot lock the owner out.
    expect((await login(new Agent(t.app), user.email, TEST_PASSWORD, '203.0.113.11')).statusCode).toBe(200);
    figures['wrong password, median ms'] = median(wrong).toFixed(1);
    figures['throttled (429), median ms'] = median(refused).toFixed(1);
    // Refused before hashing: a 429 costs far less than a password check.
    expect(median(refused)).toBeLessThan(median(wrong) / 2);
  });

  it(`refuses an address after ${MAX_FAILURES_PER_IP} failures over any e-mails`, async () => {
    const agent = new Agent(t.app);
    let first429 = 0;
    for (let i = 1; i <= MAX_FAILURES_PER_IP + 2; i++) {
      const response = await login(agent, `nobody-${i}@example.org`, 'wrong-password-1', '203.0.113.20');
      if (response.statusCode === 429 && !first429) first429 = i;
    }
    figures['per-address limit: first 429 at attempt'] = first429;
    expect(first429).toBe(MAX_FAILURES_PER_IP + 1);
  });
});

describe('no user enumeration', () => {
  it('answers an unknown e-mail and a wrong password alike: status, body and time', async () => {
    const user = await buildUser(t.database);
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    const statuses = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const [a, msA] = await timed(() => login(new Agent(t.app), user.email, `wrong-${i}`, `203.0.113.${100 + i}`));
      const [b, msB] = await timed(() => login(new Agent(t.app), `no-such-${i}@example.org`, `wrong-${i}`, `203.0.113.${120 + i}`));
      known.push(msA);
      unknown.push(msB);
      bodies.add(a.body).add(b.body);
      statuses.add(a.statusCode).add(b.statusCode);
    }
    figures['wrong password vs unknown e-mail, median ms'] = `${median(known).toFixed(1)} vs ${median(unknown).toFixed(1)}`;
    expect([...statuses]).toEqual([422]);
    expect(bodies.size).toBe(1);
    // Both hash a password: the medians stay within a factor of two of each other.
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1, seed "12345678901234567890" (base32 below); 6 digits are the
  // low digits of the RFC's 8-digit values.
  const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const VECTORS: [number, string][] = [
    [59, '94287082'], [1111111109, '07081804'], [1111111111, '14050471'],
    [1234567890, '89005924'], [2000000000, '69279037'], [20000000000, '65353130'],
  ];

  it('accepts each test vector at its time, in its step, and refuses it two steps later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const [seconds, eight] of VECTORS) {
        const code = eight.slice(-6);
        vi.setSystemTime(seconds * 1000);
        expect(await verifyTotp(SECRET, code, null), `T=${seconds}`).toBe(Math.floor(seconds / 30));
        expect(await verifyTotp(SECRET, code, Math.floor(seconds / 30)), `T=${seconds} replay`).toBeNull();
        vi.setSystemTime((seconds + 61) * 1000);
        expect(await verifyTotp(SECRET, code, null), `T=${seconds}+61s`).toBeNull();
      }
    } finally {
      vi.useRealTimers();
    }
    figures['RFC 6238 vectors checked'] = VECTORS.length;
  });

  it('refuses a code used once (replay), and takes each recovery code once', async () => {
    const { agent, user } = await signedIn(t);
    await agent.post(`${U}/two-factor-authentication`);
    const secret = (await agent.get(`${U}/two-factor-secret-key`)).json().secretKey as string;
    const codes = (await agent.get(`${U}/two-factor-recovery-codes`)).json() as string[];
    // Confirm with the previous step's code, so the current one is still unused.
    const previous = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });
    expect((await agent.post(`${U}/confirmed-two-factor-authentication`, { code: previous })).statusCode).toBe(200);

    const code = await generate({ secret });
    const first = new Agent(t.app);
    expect(await first.login(user.email)).toEqual({ two_factor: true });
    expect((await first.post('/jpanel/two-factor-challenge', { code })).statusCode).toBe(200);
    const replay = new Agent(t.app);
    expect(await replay.login(user.email)).toEqual({ two_factor: true });
    const again = await replay.post('/jpanel/two-factor-challenge', { code });
    expect(again.statusCode).toBe(422);
    expect((await replay.get('/jpanel/auth/session')).statusCode).toBe(401);

    let recoveryUses = 0;
    for (const recovery of codes.slice(0, 3)) {
      const a = new Agent(t.app);
      await a.login(user.email);
      expect((await a.post('/jpanel/two-factor-challenge', { recovery_code: recovery })).statusCode).toBe(200);
      recoveryUses += 1;
      const b = new Agent(t.app);
      await b.login(user.email);
      expect((await b.post('/jpanel/two-factor-challenge', { recovery_code: recovery })).statusCode).toBe(422);
    }
    figures['TOTP replays refused'] = 1;
    figures['recovery codes: used once / refused twice'] = `${recoveryUses} / ${recoveryUses}`;
  });
});

describe('API tokens', () => {
  it('are shown once, stored hashed, and dead once regenerated', async () => {
    const { agent, user } = await signedIn(t);
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/jpanel/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    const token = (await agent.post(`/jpanel/users/${user.id}/regenerate-key`)).json().api_token as string;
    expect((await me(token)).statusCode).toBe(200);

    // Shown once: no later answer about the user carries it, only its last four.
    const detail = await agent.get(`/jpanel/users/${user.id}`);
    const list = await agent.get('/jpanel/users.json');
    const session = await agent.get('/jpanel/auth/session');
    for (const response of [detail, list, session]) expect(response.body).not.toContain(token);
    expect(detail.json().api_token_last_four).toBe(token.slice(-4));

    // Stored hashed: the row holds the SHA-256, never the token.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.apiTokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const next = (await agent.post(`/jpanel/users/${user.id}/regenerate-key`)).json().api_token as string;
    expect(next).not.toBe(token);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(next)).statusCode).toBe(200);
    expect((await me(`${next}x`)).statusCode).toBe(401);
    figures['API token: old one after regenerate'] = (await me(token)).statusCode;
  });
});
