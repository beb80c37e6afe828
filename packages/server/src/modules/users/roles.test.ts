import { roleMessages, userMessages } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: admin } = await signedIn(t));
});

const createRole = async (agent: Agent, name: string, permissions: string[]) => {
  const response = await agent.post('/jpanel/roles', { name, permissions });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string; permissions: string[]; user_count: number };
};

/** A user form save: the user's details as they are, with the roles given. */
const giveRoles = (agent: Agent, user: { id: number; firstName: string; lastName: string; email: string }, roleIds: number[]) =>
  agent.post(`/jpanel/users/${user.id}`, { first_name: user.firstName, last_name: user.lastName, email: user.email, role_ids: roleIds });

describe('roles', () => {
  it('gives a user their roles\' permissions besides their own, everywhere the server checks', async () => {
    const finance = await createRole(admin, 'Finance', ['order.view', 'user.view']);
    const { agent, user } = await signedIn(t, { permissions: ['member.view'] });
    expect((await agent.get('/jpanel/roles.json')).statusCode).toBe(403);

    expect((await giveRoles(admin, user, [finance.id])).statusCode).toBe(200);
    const me = (await agent.get('/jpanel/api/v1/me')).json() as { permissions: string[] };
    expect(me.permissions).toEqual(['member.view', 'order.view', 'user.view']);
    expect((await agent.get('/jpanel/roles.json')).statusCode).toBe(200);

    const detail = (await admin.get(`/jpanel/users/${user.id}`)).json();
    expect(detail).toMatchObject({ permissions: ['member.view'], role_ids: [finance.id], role_permissions: ['order.view', 'user.view'] });

    // A role's change reaches a signed-in holder at once (their cached session is forgotten).
    expect((await admin.post(`/jpanel/roles/${finance.id}`, { name: 'Finance', permissions: ['order.view'] })).statusCode).toBe(200);
    expect((await agent.get('/jpanel/roles.json')).statusCode).toBe(403);
  });

  it('keeps names unique and answers each role with how many users hold it', async () => {
    const role = await createRole(admin, 'Data entry', ['member.add']);
    const again = await admin.post('/jpanel/roles', { name: 'data ENTRY', permissions: [] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.name).toEqual([roleMessages.nameInUse('data ENTRY')]);
    expect((await admin.post('/jpanel/roles', { name: '', permissions: [] })).statusCode).toBe(422);
    expect((await admin.post('/jpanel/roles', { name: 'Ghost', permissions: ['nothing.real'] })).statusCode).toBe(422);
    const listed = (await admin.get('/jpanel/roles.json')).json().data as { id: number; user_count: number }[];
    expect(listed.find((r) => r.id === role.id)?.user_count).toBe(0);
  });

  it('refuses a role granting what the granting user does not hold, as for users', async () => {
    const { agent: manager, user: managerUser } = await signedIn(t, { permissions: ['user.view', 'user.edit', 'member.view'] });
    const refused = await manager.post('/jpanel/roles', { name: 'Refunds', permissions: ['order.refund'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.permissions).toEqual([userMessages.permissionNotHeld]);

    const volunteer = await createRole(manager, 'Volunteer', ['member.view']);
    const widened = await manager.post(`/jpanel/roles/${volunteer.id}`, { name: 'Volunteer', permissions: ['member.view', 'order.view'] });
    expect(widened.statusCode).toBe(422);
    expect(widened.json().errors.permissions).toEqual([userMessages.permissionNotHeld]);

    const refunds = await createRole(admin, 'Refunders', ['order.refund']);
    expect((await manager.post(`/jpanel/roles/${refunds.id}`, { name: 'Refund team', permissions: [] })).statusCode).toBe(403);
    expect((await manager.delete(`/jpanel/roles/${refunds.id}`)).statusCode).toBe(403);

    const { user: clerk } = await signedIn(t, { permissions: ['member.view'] });
    const given = await giveRoles(manager, clerk, [refunds.id]);
    expect(given.statusCode).toBe(422);
    expect(given.json().errors.role_ids).toEqual([userMessages.permissionNotHeld]);
    expect((await giveRoles(manager, clerk, [999_999])).json().errors.role_ids).toEqual([roleMessages.unknownRole]);
    expect((await giveRoles(manager, clerk, [volunteer.id])).statusCode).toBe(200);
    // A user whose role lifts them above the manager is out of the manager's reach.
    expect((await giveRoles(admin, clerk, [volunteer.id, refunds.id])).statusCode).toBe(200);
    expect((await giveRoles(manager, clerk, [volunteer.id])).statusCode).toBe(403);
    expect(managerUser.id).toBeGreaterThan(0);
  });

  it('refuses to delete a role in use, saying how many users hold it', async () => {
    const role = await createRole(admin, 'Events team', ['virtualevents.view']);
    const { user: one } = await signedIn(t, { permissions: [] });
    const { user: two } = await signedIn(t, { permissions: [] });
    await giveRoles(admin, one, [role.id]);
    await giveRoles(admin, two, [role.id]);
    const refused = await admin.delete(`/jpanel/roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(roleMessages.inUse('Events team', 2));
    await giveRoles(admin, one, []);
    await admin.post('/jpanel/users/destroy', { id: two.id });
    const deleted = await admin.delete(`/jpanel/roles/${role.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(roleMessages.deleted('Events team'));
    expect((await admin.get(`/jpanel/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('records the history of a role and of a user\'s roles', async () => {
    const role = await createRole(admin, 'Auditors', ['audit.view']);
    await admin.post(`/jpanel/roles/${role.id}`, { name: 'Auditing', permissions: ['audit.view', 'member.view'] });
    const roleHistory = (await admin.get(`/jpanel/history/roles/${role.id}`)).json().data;
    expect(roleHistory[0].changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'name', before: 'Auditors', after: 'Auditing' }),
      expect.objectContaining({ field: 'permissions', before: ['audit.view'], after: ['audit.view', 'member.view'] }),
    ]));

    const { user } = await signedIn(t, { permissions: [] });
    await giveRoles(admin, user, [role.id]);
    await giveRoles(admin, user, []);
    const userHistory = (await admin.get(`/jpanel/history/users/${user.id}`)).json().data as { action: string; changes: { label: string; before: unknown; after: unknown }[] }[];
    expect(userHistory[0]).toMatchObject({ action: 'update', changes: [{ label: 'Role taken away', before: { id: role.id, name: 'Auditing' }, after: null }] });
    expect(userHistory[1]).toMatchObject({ action: 'update', changes: [{ label: 'Role given', before: null, after: { id: role.id, name: 'Auditing' } }] });
  });
});
