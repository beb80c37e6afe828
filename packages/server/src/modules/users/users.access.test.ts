import { messages, userMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../auth/auth.tables.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { Agent, buildUser, createTestApp, signedIn, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { users } from './users.tables.ts';

/**
 * Acting on another user never reaches past your own permissions: every actor × target × action,
 * with the expected answer written out by hand rather than derived from the rule under test.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Access = { permissions?: string[]; isAccountAdmin?: boolean };
const access = (a: Access) => (a.isAccountAdmin ? { isAccountAdmin: true } : { permissions: a.permissions ?? [] });

const actors = {
  'user.edit only': { permissions: ['user.edit'] },
  'user.edit + member.edit': { permissions: ['user.edit', 'member.edit'] },
  'user.edit + member.view + order.refund': { permissions: ['user.edit', 'member.view', 'order.refund'] },
  'account admin': { isAccountAdmin: true },
} satisfies Record<string, Access>;

const targets: Record<string, Access> = {
  'no permissions': { permissions: [] },
  'member.view': { permissions: ['member.view'] },
  'member.edit': { permissions: ['member.edit'] },
  'order.refund': { permissions: ['order.refund'] },
  'user.edit': { permissions: ['user.edit'] },
  'user.edit + admin.general': { permissions: ['user.edit', 'admin.general'] },
  'account admin': { isAccountAdmin: true },
};

type ActorName = keyof typeof actors;
type TargetName = string;

/** Which targets each actor may manage (x.edit covers x.view; nobody but an admin covers an admin). */
const allowed: Record<ActorName, TargetName[]> = {
  'user.edit only': ['no permissions', 'user.edit'],
  'user.edit + member.edit': ['no permissions', 'member.view', 'member.edit', 'user.edit'],
  'user.edit + member.view + order.refund': ['no permissions', 'member.view', 'order.refund', 'user.edit'],
  'account admin': Object.keys(targets),
};

let emailCounter = 0;
const form = (target: Access, extra: Record<string, unknown> = {}) => ({
  first_name: 'Matrix',
  last_name: 'Target',
  email: `matrix${++emailCounter}-${Date.now() % 100000}@example.org`,
  is_admin_user: true,
  is_account_admin: target.isAccountAdmin ?? false,
  permissions: target.permissions ?? [],
  ...extra,
});

const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A target with a second factor, an API token and a live session of their own. */
async function buildTarget(target: Access) {
  const user = await buildUser(t.database, {
    ...access(target),
    twoFactorSecret: 'not-a-real-secret',
    twoFactorConfirmedAt: new Date(),
    apiTokenHash: sha256(randomToken()),
    apiTokenLastFour: 'aaaa',
  });
  await t.database.db.insert(sessions).values({
    idHash: sha256(randomToken()),
    userId: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return user;
}

const liveSessions = async (id: number) => (await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).length;

type Target = Awaited<ReturnType<typeof buildTarget>>;
type Action = {
  call: (agent: Agent, target: Target, access: Access) => ReturnType<Agent['post']>;
  /** Whether the action's effect is visible on the target now. */
  happened: (before: Target) => Promise<boolean>;
};

const actions: Record<string, Action> = {
  'reset the password': {
    call: (agent, target, a) => agent.post(`/jpanel/users/${target.id}`, form(a, { email: target.email, password: 'taken-over-1' })),
    happened: async (before) => (await row(before.id)).passwordHash !== before.passwordHash && (await liveSessions(before.id)) === 0,
  },
  'edit the profile': {
    call: (agent, target, a) => agent.post(`/jpanel/users/${target.id}`, form(a, { email: target.email, first_name: 'Renamed' })),
    happened: async (before) => (await row(before.id)).firstName === 'Renamed',
  },
  'turn off two-factor': {
    call: (agent, target) => agent.delete(`/jpanel/users/${target.id}/two-factor-authentication`),
    happened: async (before) => (await row(before.id)).twoFactorConfirmedAt === null && (await liveSessions(before.id)) === 0,
  },
  'regenerate the API token': {
    call: (agent, target) => agent.post(`/jpanel/users/${target.id}/regenerate-key`),
    happened: async (before) => (await row(before.id)).apiTokenHash !== before.apiTokenHash,
  },
  delete: {
    call: (agent, target) => agent.post('/jpanel/users/destroy', { id: target.id }),
    happened: async (before) => (await row(before.id)).deletedAt !== null,
  },
};

const cases = (Object.keys(actors) as ActorName[]).flatMap((actor) =>
  (Object.keys(targets)).map((target) => ({ actor, target, ok: allowed[actor].includes(target) })),
);

describe.each(Object.entries(actions))('%s', (_name, action) => {
  it.each(cases)('$actor → $target: allowed $ok', async ({ actor, target, ok }) => {
    const { agent } = await signedIn(t, access(actors[actor]));
    const before = await buildTarget(targets[target]!);
    const response = await action.call(agent, before, targets[target]!);
    if (ok) {
      expect(response.statusCode, response.body).toBe(200);
      expect(await action.happened(before)).toBe(true);
    } else {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(targets[target]!.isAccountAdmin ? userMessages.accountAdminOnly : userMessages.userAboveYou);
      expect(await action.happened(before)).toBe(false);
    }
  });
});

describe('creating a user', () => {
  it.each(cases)('$actor creates $target: allowed $ok', async ({ actor, target, ok }) => {
    const { agent } = await signedIn(t, access(actors[actor]));
    const response = await agent.post('/jpanel/users', form(targets[target]!));
    expect(response.statusCode, response.body).toBe(ok ? 201 : 422);
    if (!ok) {
      const field = targets[target]!.isAccountAdmin ? 'is_account_admin' : 'permissions';
      const message = targets[target]!.isAccountAdmin ? userMessages.accountAdminOnly : userMessages.permissionNotHeld;
      expect(response.json().errors).toEqual({ [field]: [message] });
    }
  });

  it('needs user.add (or user.edit) for create and user.edit for the rest, whatever the target', async () => {
    const { agent } = await signedIn(t, { permissions: ['user.add', 'member.edit'] });
    expect((await agent.post('/jpanel/users', form({ permissions: ['member.view'] }))).statusCode).toBe(201);
    const target = await buildTarget({ permissions: [] });
    for (const action of Object.values(actions)) {
      const response = await action.call(agent, target, { permissions: [] });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.forbidden);
    }
  });
});

describe('granting', () => {
  it('never grants what the editor does not hold, even to a user they may manage', async () => {
    const { agent } = await signedIn(t, access(actors['user.edit + member.edit']));
    const target = await buildTarget({ permissions: ['member.view'] });
    const more = await agent.post(`/jpanel/users/${target.id}`, form({ permissions: ['member.view', 'order.refund'] }, { email: target.email }));
    expect(more.json().errors).toEqual({ permissions: [userMessages.permissionNotHeld] });
    const promote = await agent.post(`/jpanel/users/${target.id}`, form({ isAccountAdmin: true }, { email: target.email }));
    expect(promote.json().errors).toEqual({ is_account_admin: [userMessages.accountAdminOnly] });
    expect(await row(target.id)).toMatchObject({ permissions: ['member.view'], isAccountAdmin: false });
  });

  it('lets the taken-over path fail end to end: no sign-in as a stronger user', async () => {
    const { agent } = await signedIn(t, { permissions: ['user.edit'] });
    const strong = await buildUser(t.database, { permissions: ['order.refund', 'user.edit'] });
    await agent.post(`/jpanel/users/${strong.id}`, form({ permissions: strong.permissions }, { email: strong.email, password: 'taken-over-1' }));
    const attempt = await new Agent(t.app).post('/jpanel/login', { email: strong.email, password: 'taken-over-1' });
    expect(attempt.statusCode).toBe(422);
    expect(await new Agent(t.app).login(strong.email, TEST_PASSWORD)).toMatchObject({ two_factor: false });
  });
});

describe('turning off two-factor', () => {
  it('ends the user’s other sessions, keeping only the one it was done from', async () => {
    const { agent, user } = await signedIn(t);
    const elsewhere = new Agent(t.app);
    await elsewhere.login(user.email);
    await t.database.db.update(users).set({ twoFactorSecret: 'x', twoFactorConfirmedAt: new Date() }).where(eq(users.id, user.id));
    expect((await agent.delete('/jpanel/auth/user/two-factor-authentication')).statusCode).toBe(200);
    expect((await agent.get('/jpanel/auth/session')).statusCode).toBe(200);
    expect((await elsewhere.get('/jpanel/auth/session')).statusCode).toBe(401);
  });
});
