import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, messages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit.tables.ts';
import { Agent, TEST_PASSWORD, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.tables.ts';
import { sessions } from './auth.tables.ts';
import { decrypt, sha256 } from './crypto.ts';
import { MAX_FAILURES_PER_ACCOUNT } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const U = '/jpanel/auth/user';
/** The code for the step `offset` steps from now (1 = the next one, still within tolerance). */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** A signed-in user with two-factor enabled and confirmed (the current step is used up). */
async function withTwoFactor() {
  const { agent, user } = await signedIn(t);
  expect((await agent.post(`${U}/two-factor-authentication`)).json()).toEqual({ enabled: false, pending_confirmation: true });
  const secret = (await agent.get(`${U}/two-factor-secret-key`)).json().secretKey as string;
  const codes = (await agent.get(`${U}/two-factor-recovery-codes`)).json() as string[];
  const confirmed = await agent.post(`${U}/confirmed-two-factor-authentication`, { code: await codeAt(secret) });
  expect(confirmed.json()).toEqual({ enabled: true, pending_confirmation: false });
  return { agent, user, secret, codes };
}

async function signInHalfWay(email: string) {
  const agent = new Agent(t.app);
  expect(await agent.login(email)).toEqual({ two_factor: true });
  return agent;
}

const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('enabling two-factor', () => {
  it('gives a QR code, a secret and 8 recovery codes, and only takes effect once confirmed', async () => {
    const { agent, user } = await signedIn(t);
    await agent.post(`${U}/two-factor-authentication`);
    const qr = (await agent.get(`${U}/two-factor-qr-code`)).json();
    const secret = (await agent.get(`${U}/two-factor-secret-key`)).json().secretKey as string;
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/); // base32 of ≥ 20 bytes
    expect(qr.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qr.url).toBe(`otpauth://totp/Almoner:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Almoner`);
    const codes = (await agent.get(`${U}/two-factor-recovery-codes`)).json() as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    codes.forEach((c) => expect(c).toMatch(RECOVERY_CODE_PATTERN));
    expect((await agent.get('/jpanel/auth/session')).json().user.two_factor_pending_confirmation).toBe(true);

    // Not confirmed yet: signing in still needs only the password.
    expect(await new Agent(t.app).login(user.email)).toMatchObject({ two_factor: false });

    const wrong = await agent.post(`${U}/confirmed-two-factor-authentication`, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [messages.twoFactorInvalidCode] });
    const right = await agent.post(`${U}/confirmed-two-factor-authentication`, { code: await codeAt(secret) });
    expect(right.statusCode).toBe(200);
    expect((await agent.get('/jpanel/auth/session')).json().user.two_factor_enabled).toBe(true);
  });

  it('keeps the secret and the recovery codes encrypted at rest', async () => {
    const { user, secret, codes } = await withTwoFactor();
    const stored = await row(user.id);
    expect(stored.twoFactorSecret).not.toContain(secret);
    for (const code of codes) expect(stored.twoFactorRecoveryCodes).not.toContain(code);
    expect(decrypt(Buffer.alloc(32, 7), stored.twoFactorSecret!)).toBe(secret);
  });

  it('regenerates recovery codes and disables, clearing everything', async () => {
    const { agent, user, codes } = await withTwoFactor();
    const fresh = (await agent.post(`${U}/two-factor-recovery-codes`)).json() as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    expect((await agent.get(`${U}/two-factor-recovery-codes`)).json()).toEqual(fresh);

    expect((await agent.delete(`${U}/two-factor-authentication`)).json()).toEqual({ enabled: false, pending_confirmation: false });
    const stored = await row(user.id);
    expect([stored.twoFactorSecret, stored.twoFactorRecoveryCodes, stored.twoFactorConfirmedAt]).toEqual([null, null, null]);
    expect((await agent.get(`${U}/two-factor-secret-key`)).statusCode).toBe(404);
    expect(await new Agent(t.app).login(user.email)).toMatchObject({ two_factor: false });
  });
});

describe('the sign-in challenge', () => {
  it('signs in with a code under a new session id, and refuses the same code again', async () => {
    const { user, secret } = await withTwoFactor();
    const agent = await signInHalfWay(user.email);
    const pendingId = agent.cookies.almoner_session;
    expect((await agent.get('/jpanel/auth/session')).statusCode).toBe(401);

    const code = await codeAt(secret, 1);
    const answer = await agent.post('/jpanel/two-factor-challenge', { code });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ two_factor: false, user: { email: user.email, two_factor_enabled: true } });
    expect(agent.cookies.almoner_session).not.toBe(pendingId);
    expect((await agent.get('/jpanel/auth/session')).statusCode).toBe(200);

    for (const replay of [code, await codeAt(secret)]) {
      const again = await signInHalfWay(user.email);
      const refused = await again.post('/jpanel/two-factor-challenge', { code: replay });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.code).toEqual([messages.twoFactorInvalidCode]);
    }
  });

  it('accepts a recovery code once, replacing it with a fresh one', async () => {
    const { agent: owner, user, codes } = await withTwoFactor();
    const used = codes[2]!;
    const agent = await signInHalfWay(user.email);
    expect((await agent.post('/jpanel/two-factor-challenge', { recovery_code: used })).statusCode).toBe(200);

    const now = (await owner.get(`${U}/two-factor-recovery-codes`)).json() as string[];
    expect(now).toHaveLength(RECOVERY_CODE_COUNT);
    expect(now).not.toContain(used);
    expect(now.slice(0, -1)).toEqual(codes.filter((c) => c !== used));

    const again = await signInHalfWay(user.email);
    const refused = await again.post('/jpanel/two-factor-challenge', { recovery_code: used });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.recovery_code).toEqual([messages.twoFactorInvalidRecovery]);
  });

  it('needs the half-signed-in session from the password step', async () => {
    const guest = new Agent(t.app);
    const response = await guest.post('/jpanel/two-factor-challenge', { code: '123456' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.twoFactorNoPendingLogin);
    // Nor does a fully signed-in session count as a pending one.
    const { agent } = await signedIn(t);
    expect((await agent.post('/jpanel/two-factor-challenge', { code: '123456' })).statusCode).toBe(401);
  });

  it('throttles wrong codes, then refuses even the right one with Retry-After', async () => {
    const { user, secret } = await withTwoFactor();
    const agent = await signInHalfWay(user.email);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await agent.post('/jpanel/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);
    }
    const blocked = await agent.post('/jpanel/two-factor-challenge', { code: await codeAt(secret, 1) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers bad input with 422, never 500', async () => {
    const { user } = await withTwoFactor();
    const agent = await signInHalfWay(user.email);
    const huge = 'x'.repeat(100_000);
    for (const body of [{}, { code: 123456 }, { code: huge }, { recovery_code: huge }, { code: null }, { code: '' }, []]) {
      const response = await agent.post('/jpanel/two-factor-challenge', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
    expect((await agent.post('/jpanel/two-factor-challenge', { code: 'abcdef' })).json().errors.code).toEqual([
      messages.twoFactorInvalidCode,
    ]);
  });
});

describe('password confirmation', () => {
  it('is needed again after 3 hours to read or change second-factor material', async () => {
    const { agent } = await withTwoFactor();
    await t.database.db
      .update(sessions)
      .set({ passwordConfirmedAt: new Date(Date.now() - 4 * 3600 * 1000) })
      .where(eq(sessions.idHash, sha256(agent.cookies.almoner_session!)));

    const guarded = [
      () => agent.get(`${U}/two-factor-secret-key`),
      () => agent.get(`${U}/two-factor-qr-code`),
      () => agent.get(`${U}/two-factor-recovery-codes`),
      () => agent.post(`${U}/two-factor-recovery-codes`),
      () => agent.post(`${U}/two-factor-authentication`),
      () => agent.delete(`${U}/two-factor-authentication`),
    ];
    for (const call of guarded) {
      const response = await call();
      expect(response.statusCode).toBe(423);
      expect(response.json().message).toBe(messages.passwordConfirmationRequired);
    }
    expect((await agent.get(`${U}/confirmed-password-status`)).json()).toEqual({ confirmed: false });

    const wrong = await agent.post(`${U}/confirm-password`, { password: 'not-it-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: [messages.passwordIncorrect] });
    expect((await agent.post(`${U}/confirm-password`, { password: 'x'.repeat(100_000) })).statusCode).toBe(422);
    expect((await agent.post(`${U}/confirm-password`, { password: 12 })).statusCode).toBe(422);

    expect((await agent.post(`${U}/confirm-password`, { password: TEST_PASSWORD })).statusCode).toBe(201);
    expect((await agent.get(`${U}/confirmed-password-status`)).json()).toEqual({ confirmed: true });
    expect((await agent.get(`${U}/two-factor-secret-key`)).statusCode).toBe(200);
  });
});

describe('the audit trail', () => {
  it('notes two-factor changes without copying any secret', async () => {
    const { agent, user, secret, codes } = await withTwoFactor();
    const fresh = (await agent.post(`${U}/two-factor-recovery-codes`)).json() as string[];
    const half = await signInHalfWay(user.email);
    await half.post('/jpanel/two-factor-challenge', { recovery_code: fresh[0] });
    await agent.post(`${U}/confirm-password`, { password: TEST_PASSWORD });

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.tableName, 'users'));
    const mine = rows.filter((r) => r.recordId === String(user.id));
    expect(mine.length).toBeGreaterThan(2);
    const text = JSON.stringify(mine);
    for (const needle of [secret, ...codes, ...fresh, TEST_PASSWORD]) expect(text).not.toContain(needle);
    const stored = await row(user.id);
    for (const needle of [stored.twoFactorSecret!, stored.twoFactorRecoveryCodes!, stored.passwordHash]) {
      expect(text).not.toContain(needle);
    }
    expect(text).toContain('"two_factor_secret":[null,"[hidden]"]');
    // Two-factor changes made by the user (on the profile and at sign-in) are recorded as theirs.
    const twoFactorRows = mine.filter((r) => Object.keys(r.changes as object).some((k) => k.startsWith('two_factor')));
    expect(twoFactorRows.length).toBeGreaterThan(2);
    expect(twoFactorRows.every((r) => r.actorUserId === user.id)).toBe(true);
  });
});
