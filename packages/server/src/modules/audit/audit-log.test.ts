import { messages } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, buildUser, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { parseCsv } from '../reports/reports.test-support.ts';
import { putSettings } from '../settings/settings.service.ts';
import { auditLog } from './audit.tables.ts';

let t: TestApp;
let agent: Agent;
let alice: { id: number };
let bob: { id: number };

type Row = { id: number; table_name: string; record_id: string; record: string; field_name: string; field: string; before: string | null; after: string | null; currency: string | null; actor_id: number | null; actor: string | null; ip: string | null; occurred_at: string; _url: string | null };
const list = async (body: Record<string, unknown>) => {
  const response = await agent.post('/jpanel/audit.ajax', { length: 500, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { recordsFiltered: number; data: Row[] };
};

/** Moves an actor's trail entries to one day, so the day filter is tested on fixed dates (not today). */
const dateEntries = (userId: number, at: string) => t.database.db.update(auditLog).set({ occurredAt: new Date(at) }).where(eq(auditLog.actorUserId, userId));

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  alice = await buildUser(t.database, { firstName: 'Alice', lastName: 'Auditor' });
  bob = await buildUser(t.database, { firstName: 'Bob', lastName: 'Builder' });
  await withActor(t.database.db, { userId: alice.id, ip: '203.0.113.7' }, (tx) => putSettings(tx, { org_name: 'Hope Trust' }));
  await withActor(t.database.db, { userId: alice.id, ip: '203.0.113.7' }, (tx) => putSettings(tx, { org_name: 'Hope Trust UK' }));
  await withActor(t.database.db, { userId: bob.id, ip: null }, (tx) =>
    tx.execute(sql`insert into campaigns (name, goal_amount, currency_code, starts_on) values ('Winter appeal', 1250050, 'USD', '2026-01-01')`));
  await withActor(t.database.db, { userId: bob.id, ip: null }, (tx) => tx.execute(sql`update campaigns set goal_amount = 99900 where name = 'Winter appeal'`));
  await dateEntries(alice.id, '2026-03-01T12:00:00Z');
  await dateEntries(bob.id, '2026-03-05T12:00:00Z');
});

describe('the audit view', () => {
  it('lists every recorded change, one row per field, newest first, with who and from where', async () => {
    const { data } = await list({ user_id: alice.id });
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((r) => r.actor_id === alice.id && r.actor === 'Alice Auditor')).toBe(true);
    const rename = data.find((r) => r.table_name === 'settings' && r.before === 'Hope Trust');
    expect(rename).toMatchObject({ record: 'Setting org_name', field: 'Value', after: 'Hope Trust UK', ip: '203.0.113.7', _url: '/jpanel/settings' });
    const ids = data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('shows money as a decimal in its currency and links the record to its page', async () => {
    const { data } = await list({ user_id: bob.id, record_type: 'campaigns' });
    const goal = data.find((r) => r.field_name === 'goal_amount' && r.before !== null);
    expect(goal).toMatchObject({ field: 'Goal', before: '12500.50', after: '999.00', currency: 'USD' });
    expect(goal?._url).toMatch(/^\/jpanel\/campaigns\/\d+$/);
    expect(data.every((r) => r.table_name === 'campaigns' && r.record.startsWith('Campaign #'))).toBe(true);
    // A catalogue's hidden columns (the id, the times) are never listed.
    expect(data.some((r) => ['id', 'created_at', 'updated_at'].includes(r.field_name))).toBe(false);
  });

  it('filters by day in ISO and in the display format, and by record type', async () => {
    const march5 = await list({ from: '03/05/2026', to: '2026-03-05' });
    expect(march5.data.length).toBeGreaterThan(0);
    expect(march5.data.every((r) => r.occurred_at.startsWith('2026-03-05'))).toBe(true);
    const settingsOnly = await list({ record_type: 'settings', from: '2026-03-01', to: '2026-03-05' });
    expect(settingsOnly.data.length).toBeGreaterThan(0);
    expect(settingsOnly.data.every((r) => r.table_name === 'settings' && r.actor_id === alice.id)).toBe(true);
    expect((await list({ from: '2026-03-02', to: '2026-03-04' })).recordsFiltered).toBe(0);
  });

  it('exports exactly the filtered rows as CSV', async () => {
    const filters = { user_id: bob.id, record_type: 'campaigns' };
    const { data, recordsFiltered } = await list(filters);
    const response = await agent.get(`/jpanel/audit.csv?user_id=${bob.id}&record_type=campaigns`);
    expect(response.statusCode).toBe(200);
    const records = parseCsv(response.body, []);
    expect(records).toHaveLength(recordsFiltered);
    expect(records.map((r) => [r.Record, r.Field, r.From, r.To, r.Who])).toEqual(data.map((r) => [r.record, r.field, r.before ?? '', r.after ?? '', r.actor]));
  });

  it('refuses a bad date or a bad filter with a clear message and no rows', async () => {
    for (const [body, field, message] of [
      [{ from: '2026-02-30' }, 'from', messages.date],
      [{ to: '13/45/2026' }, 'to', messages.date],
      [{ from: '2026-03-05', to: '2026-03-01' }, 'from', messages.startBeforeEnd('2026-03-05', '2026-03-01')],
      [{ record_type: 'pg_shadow' }, 'record_type', 'Choose a record type from the list.'],
      [{ user_id: 'abc' }, 'user_id', 'Choose a user from the list.'],
    ] as const) {
      const response = await agent.post('/jpanel/audit.ajax', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await agent.get('/jpanel/audit.csv?from=2026-02-30')).statusCode).toBe(422);
  });

  it('is for users with audit.view only; the user filter lists staff, deleted ones too', async () => {
    const { agent: clerk } = await signedIn(t, { permissions: ['member.view'] });
    expect((await clerk.post('/jpanel/audit.ajax', {})).statusCode).toBe(403);
    expect((await clerk.get('/jpanel/audit.csv')).statusCode).toBe(403);
    const { agent: auditor } = await signedIn(t, { permissions: ['audit.view'] });
    expect((await auditor.post('/jpanel/audit.ajax', {})).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${bob.id}`);
    const users = (await auditor.get('/jpanel/audit/users.json')).json().data as { id: number; name: string }[];
    expect(users).toContainEqual({ id: bob.id, name: 'Bob Builder (deleted)' });
    const [row] = await queryRows(t.database.db, sql`select count(*)::int as n from audit_log`);
    expect(Number(row?.n)).toBeGreaterThan(0);
  });
});
