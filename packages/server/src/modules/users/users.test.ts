import { API_TOKEN_LENGTH, messages, userMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit.tables.ts';
import { sessions } from '../auth/auth.tables.ts';
import { sha256 } from '../auth/crypto.ts';
import { Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { users } from './users.tables.ts';

let t: TestApp;
let admin: Agent;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const signed = await signedIn(t);
  admin = signed.agent;
  adminId = signed.user.id;
});

let counter = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: `Lovelace${++counter}`,
  email: `ada${counter}-${Date.now() % 100000}@example.org`,
  phone: '555-0100',
  password: 'analytical-engine-1',
  is_admin_user: true,
  is_account_admin: false,
  permissions: ['member.view', 'order.edit'],
  ...overrides,
});

async function create(agent = admin, overrides: Record<string, unknown> = {}) {
  const input = newUser(overrides);
  const response = await agent.post('/jpanel/users', input);
  expect(response.statusCode, response.body).toBe(201);
  return { input, user: response.json() as { id: number; email: string } };
}

const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('permissions', () => {
  it('refuses every users route to staff without user.* (403)', async () => {
    const { agent } = await signedIn(t, { permissions: ['member.view'] });
    const { user } = await create();
    const calls = [
      agent.get('/jpanel/users.json'),
      agent.get(`/jpanel/users/${user.id}`),
      agent.post('/jpanel/users', newUser()),
      agent.post(`/jpanel/users/${user.id}`, newUser()),
      agent.post('/jpanel/users/destroy', { id: user.id }),
      agent.post(`/jpanel/users/${user.id}/regenerate-key`),
      agent.delete(`/jpanel/users/${user.id}/two-factor-authentication`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.forbidden);
    }
  });

  it('lets user.view read but not write', async () => {
    const { agent } = await signedIn(t, { permissions: ['user.view'] });
    expect((await agent.get('/jpanel/users.json')).statusCode).toBe(200);
    expect((await agent.post('/jpanel/users', newUser())).statusCode).toBe(403);
  });

  it('keeps staff from granting more than they hold or touching account administrators', async () => {
    const { agent } = await signedIn(t, { permissions: ['user.edit', 'member.edit'] });
    const grant = await agent.post('/jpanel/users', newUser({ permissions: ['order.refund'] }));
    expect(grant.json().errors).toEqual({ permissions: [userMessages.permissionNotHeld] });
    const promote = await agent.post('/jpanel/users', newUser({ is_account_admin: true }));
    expect(promote.json().errors).toEqual({ is_account_admin: [userMessages.accountAdminOnly] });
    expect((await agent.post('/jpanel/users', newUser({ permissions: ['member.view'] }))).statusCode).toBe(201);
    expect((await agent.post(`/jpanel/users/${adminId}/regenerate-key`)).statusCode).toBe(403);
    expect((await agent.post('/jpanel/users/destroy', { id: adminId })).statusCode).toBe(403);
  });
});

describe('creating and updating', () => {
  it('creates a user who can then sign in, and lists them', async () => {
    const { input, user } = await create();
    expect(user).toMatchObject({ first_name: 'Ada', email: input.email, permissions: input.permissions, two_factor_enabled: false, api_token_last_four: null });
    expect((await admin.get(`/jpanel/users/${user.id}`)).json()).toMatchObject({ id: user.id, phone: '555-0100' });
    const list = (await admin.get('/jpanel/users.json')).json().data as { id: number }[];
    expect(list.some((u) => u.id === user.id)).toBe(true);
    expect(await new Agent(t.app).login(input.email, input.password)).toMatchObject({ two_factor: false });
  });

  it('answers invalid input with the spec messages on each field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: '' }, 'first_name', messages.required],
      [{ last_name: 'x'.repeat(46) }, 'last_name', messages.maxLength(45)],
      [{ email: 'not-an-email' }, 'email', messages.email],
      [{ password: 'short1' }, 'password', userMessages.passwordLength],
      [{ password: 'onlyletters' }, 'password', userMessages.passwordMix],
      [{ password: '1234567890' }, 'password', userMessages.passwordMix],
      [{ permissions: ['nope.view'] }, 'permissions.0', userMessages.unknownPermission],
    ];
    for (const [patch, field, message] of cases) {
      const response = await admin.post('/jpanel/users', newUser(patch));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field], field).toEqual([message]);
    }
  });

  it('refuses an email already used by staff who are not deleted, in any case', async () => {
    const { input, user } = await create();
    const shouted = input.email.toUpperCase();
    const taken = await admin.post('/jpanel/users', newUser({ email: shouted }));
    expect(taken.json().errors.email).toEqual([userMessages.emailInUse(shouted)]);
    const other = await create();
    const update = await admin.post(`/jpanel/users/${other.user.id}`, newUser({ email: input.email }));
    expect(update.json().errors.email).toEqual([userMessages.emailInUse(input.email)]);

    await admin.post('/jpanel/users/destroy', { id: user.id });
    expect((await admin.post('/jpanel/users', newUser({ email: input.email }))).statusCode).toBe(201);
  });

  it('ends the user’s sessions when their password changes, but not the editor’s own', async () => {
    const { input, user } = await create();
    const theirs = new Agent(t.app);
    await theirs.login(input.email, input.password);
    const changed = await admin.post(`/jpanel/users/${user.id}`, newUser({ email: input.email, password: 'new-password-2' }));
    expect(changed.statusCode).toBe(200);
    expect((await theirs.get('/jpanel/auth/session')).statusCode).toBe(401);
    expect(await new Agent(t.app).login(input.email, 'new-password-2')).toMatchObject({ two_factor: false });

    // Changing your own password keeps the session you did it from and ends the others.
    const me = new Agent(t.app);
    await me.login(input.email, 'new-password-2');
    const elsewhere = new Agent(t.app);
    await elsewhere.login(input.email, 'new-password-2');
    await t.database.db.update(users).set({ isAccountAdmin: true }).where(eq(users.id, user.id));
    expect((await me.post(`/jpanel/users/${user.id}`, newUser({ email: input.email, password: 'newer-password-3', is_account_admin: true }))).statusCode).toBe(200);
    expect((await me.get('/jpanel/auth/session')).statusCode).toBe(200);
    expect((await elsewhere.get('/jpanel/auth/session')).statusCode).toBe(401);
  });

  it('keeps staff from locking themselves out', async () => {
    const mine = await admin.post(`/jpanel/users/${adminId}`, { ...newUser(), is_admin_user: false });
    expect(mine.json().errors).toEqual({ is_admin_user: [userMessages.cannotRemoveOwnAccess] });
  });
});

describe('deleting', () => {
  it('soft-deletes from a form post and ends the user’s sessions', async () => {
    const { input, user } = await create();
    const theirs = new Agent(t.app);
    await theirs.login(input.email, input.password);
    const response = await admin.post('/jpanel/users/destroy', `id=${user.id}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.json()).toEqual({ message: userMessages.deleted(`Ada ${input.last_name}`) });
    expect((await row(user.id)).deletedAt).not.toBeNull();
    expect((await theirs.get('/jpanel/auth/session')).statusCode).toBe(401);
    expect((await admin.get(`/jpanel/users/${user.id}`)).statusCode).toBe(404);
    expect((await admin.post('/jpanel/users/destroy', { id: user.id })).statusCode).toBe(404);
  });

  it('refuses to delete yourself', async () => {
    const response = await admin.post('/jpanel/users/destroy', { id: adminId });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.id).toEqual([userMessages.cannotDeleteSelf]);
  });
});

describe('API tokens', () => {
  it('shows a new token once, stores only its hash, and authenticates /jpanel/api/v1 with it', async () => {
    const { input, user } = await create();
    const first = (await admin.post(`/jpanel/users/${user.id}/regenerate-key`)).json().api_token as string;
    expect(first).toHaveLength(API_TOKEN_LENGTH);
    const stored = await row(user.id);
    expect(stored.apiTokenHash).toBe(sha256(first));
    expect(stored.apiTokenLastFour).toBe(first.slice(-4));
    expect((await admin.get(`/jpanel/users/${user.id}`)).json().api_token_last_four).toBe(first.slice(-4));

    const me = await t.app.inject({ method: 'GET', url: '/jpanel/api/v1/me', ...bearer(first) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: input.email, permissions: input.permissions });

    // One character changed (never to itself: a token ending in x would otherwise still match).
    expect((await t.app.inject({ method: 'GET', url: '/jpanel/api/v1/me', ...bearer(`${first.slice(0, -1)}${first.endsWith('x') ? 'y' : 'x'}`) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/jpanel/api/v1/me', ...bearer('x'.repeat(5000)) })).statusCode).toBe(401);

    const second = (await admin.post(`/jpanel/users/${user.id}/regenerate-key`)).json().api_token as string;
    expect((await t.app.inject({ method: 'GET', url: '/jpanel/api/v1/me', ...bearer(first) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/jpanel/api/v1/me', ...bearer(second) })).statusCode).toBe(200);

    await admin.post('/jpanel/users/destroy', { id: user.id });
    expect((await t.app.inject({ method: 'GET', url: '/jpanel/api/v1/me', ...bearer(second) })).statusCode).toBe(401);
  });

  it('does not authenticate anything outside /jpanel/api/v1', async () => {
    const token = (await admin.post(`/jpanel/users/${adminId}/regenerate-key`)).json().api_token as string;
    for (const url of ['/jpanel/users.json', '/jpanel/auth/session']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' } });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('turning off someone else’s two-factor', () => {
  it('clears their setup so they sign in with the password alone', async () => {
    const { input, user } = await create();
    const theirs = new Agent(t.app);
    await theirs.login(input.email, input.password);
    await theirs.post('/jpanel/auth/user/two-factor-authentication');
    const secret = (await theirs.get('/jpanel/auth/user/two-factor-secret-key')).json().secretKey as string;
    await theirs.post('/jpanel/auth/user/confirmed-two-factor-authentication', { code: await generate({ secret }) });
    expect((await admin.get(`/jpanel/users/${user.id}`)).json().two_factor_enabled).toBe(true);
    expect(await new Agent(t.app).login(input.email, input.password)).toEqual({ two_factor: true });

    const off = await admin.delete(`/jpanel/users/${user.id}/two-factor-authentication`);
    expect(off.json()).toEqual({ message: userMessages.twoFactorDisabled });
    expect((await row(user.id)).twoFactorSecret).toBeNull();
    expect(await new Agent(t.app).login(input.email, input.password)).toMatchObject({ two_factor: false });
  });

  it('asks for a fresh password when it is your own', async () => {
    const { agent, user } = await signedIn(t);
    await t.database.db
      .update(sessions)
      .set({ passwordConfirmedAt: new Date(Date.now() - 4 * 3600 * 1000) })
      .where(eq(sessions.idHash, sha256(agent.cookies.almoner_session!)));
    expect((await agent.delete(`/jpanel/users/${user.id}/two-factor-authentication`)).statusCode).toBe(423);
  });
});

describe('hostile input', () => {
  it('answers wrong types, missing fields and huge strings with 4xx, never 500', async () => {
    const { user } = await create();
    const huge = 'x'.repeat(100_000);
    const bodies: unknown[] = [
      {}, [], 'text', { first_name: 1, last_name: [], email: {} }, { ...newUser(), permissions: { a: 1 } },
      { ...newUser(), permissions: [huge] }, { ...newUser(), first_name: huge }, { ...newUser(), email: huge },
      { ...newUser(), password: huge }, { ...newUser(), is_admin_user: 'maybe' }, { ...newUser(), phone: huge },
    ];
    for (const url of ['/jpanel/users', `/jpanel/users/${user.id}`]) {
      for (const body of bodies) {
        const response = await admin.post(url, body);
        expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
    }
    for (const id of ['abc', '-1', huge.slice(0, 500), '99999999999']) {
      expect((await admin.get(`/jpanel/users/${id}`)).statusCode).toBeLessThan(500);
      expect((await admin.post('/jpanel/users/destroy', { id })).statusCode).toBeLessThan(500);
      expect((await admin.post(`/jpanel/users/${id}/regenerate-key`)).statusCode).toBeLessThan(500);
    }
  });

  it('accepts a single permission from a form post', async () => {
    const input = newUser();
    const form = new URLSearchParams({ first_name: 'Form', last_name: 'Post', email: input.email, permissions: 'member.view', is_admin_user: '1' });
    const response = await admin.post('/jpanel/users', form.toString(), { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().permissions).toEqual(['member.view']);
  });
});

describe('the audit trail', () => {
  it('records user changes without passwords, hashes or tokens', async () => {
    const { input, user } = await create();
    const token = (await admin.post(`/jpanel/users/${user.id}/regenerate-key`)).json().api_token as string;
    await admin.post(`/jpanel/users/${user.id}`, newUser({ email: input.email, password: 'changed-again-4' }));
    const stored = await row(user.id);

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, String(user.id)));
    const mine = rows.filter((r) => r.tableName === 'users');
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((r) => r.actorUserId === adminId)).toBe(true);
    const text = JSON.stringify(mine);
    for (const needle of [input.password, 'changed-again-4', token, sha256(token), stored.passwordHash]) {
      expect(text).not.toContain(needle);
    }
    expect(text).toContain('"api_token_hash":[null,"[hidden]"]');
  });
});
