import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { buildUser, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { putSettings } from '../settings/settings.service.ts';
import { users } from '../users/users.tables.ts';
import { auditLog } from './audit.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('audit trail', () => {
  it('records who changed which field, before and after, from which address', async () => {
    const { agent, user } = await signedIn(t);
    await withActor(t.database.db, { userId: user.id, ip: '203.0.113.9' }, (tx) => putSettings(tx, { org_name: 'Hope Trust' }));
    await withActor(t.database.db, { userId: user.id, ip: '203.0.113.9' }, (tx) => putSettings(tx, { org_name: 'Hope Trust UK' }));

    const response = await agent.get('/jpanel/history/settings/org_name');
    expect(response.statusCode).toBe(200);
    const [latest, first] = response.json().data;
    expect(latest).toMatchObject({
      action: 'update',
      actor: { id: user.id, name: `${user.firstName} ${user.lastName}` },
      ip: '203.0.113.9',
      changes: [{ field: 'value', before: 'Hope Trust', after: 'Hope Trust UK' }],
    });
    expect(first.action).toBe('insert');
  });

  it('never copies passwords, secrets or tokens into the trail', async () => {
    const user = await buildUser(t.database);
    await withActor(t.database.db, { userId: user.id, ip: null }, (tx) =>
      tx
        .update(users)
        .set({ passwordHash: 'new-hash-value', twoFactorSecret: 'sealed-secret', apiTokenHash: 'token-hash' })
        .where(eq(users.id, user.id)),
    );
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, String(user.id)));
    const text = JSON.stringify(rows);
    expect(text).not.toContain('new-hash-value');
    expect(text).not.toContain('sealed-secret');
    expect(text).not.toContain('token-hash');
    expect(text).not.toContain(user.passwordHash);
    expect(text).toContain('[hidden]');
  });

  it('needs the permission of the record kind', async () => {
    const { agent } = await signedIn(t, { permissions: ['member.view'] });
    expect((await agent.get('/jpanel/history/settings/org_name')).statusCode).toBe(403);
    expect((await agent.get('/jpanel/history/supporters/1')).statusCode).toBe(200);
    expect((await agent.get('/jpanel/history/sessions/1')).statusCode).toBe(422);
  });

  it('pages through long histories', async () => {
    const { agent, user } = await signedIn(t);
    for (let i = 0; i < 5; i++) {
      await withActor(t.database.db, { userId: user.id, ip: null }, (tx) => putSettings(tx, { site_currency: `C${i}` }));
    }
    const first = (await agent.get('/jpanel/history/settings/site_currency?limit=3')).json();
    expect(first.data).toHaveLength(3);
    const rest = (await agent.get(`/jpanel/history/settings/site_currency?limit=3&before=${first.next_before}`)).json();
    expect(rest.data).toHaveLength(2);
    expect(rest.next_before).toBeNull();
  });
});
