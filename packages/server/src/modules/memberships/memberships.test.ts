import { membershipMessages as m } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { makeSupporter } from '../pos/pos.complete.fixtures.ts';

/** Issue 38 item 1: membership levels, memberships granted, extended and ended by hand, and renewals due. */
let t: TestApp;
let admin: Agent;
let levelId: number;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
/** The organisation's today as the database reads it (the app's clock), plus `days`. */
const today = async (days = 0) => String((await rows(sql`select (current_date + ${days}::int)::text as d`))[0]?.d);

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: admin } = await signedIn(t));
}, 60_000);

const history = async (table: string, id: number) =>
  ((await admin.get(`/jpanel/history/${table}/${id}`)).json() as { data: { action: string; changes: { field: string; before: unknown; after: unknown }[] }[] }).data;

describe('membership levels', () => {
  it('are created, corrected and listed, with bad input refused', async () => {
    const bad = await admin.post('/jpanel/memberships/levels', { name: ' ', duration_days: '0', renewal_rule: 'never', price: '-1' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['duration_days', 'name', 'price', 'renewal_rule']);
    const made = await admin.post('/jpanel/memberships/levels', { name: 'Friend', duration_days: '365', price: '40.00', renewal_rule: 'from_expiry' });
    expect(made.statusCode, made.body).toBe(201);
    levelId = made.json().level.id;
    expect(made.json()).toMatchObject({ message: m.levelCreated('Friend'), level: { name: 'Friend', duration_days: 365, price: 40, renewal_rule: 'from_expiry', is_public: true, active: 0 } });
    const saved = await admin.post(`/jpanel/memberships/levels/${levelId}`, { name: 'Friend', duration_days: '366', price: '45', renewal_rule: 'from_today', is_public: '1' });
    expect(saved.json()).toMatchObject({ level: { duration_days: 366, price: 45, renewal_rule: 'from_today' } });
    expect((await history('memberships', levelId)).flatMap((e) => e.changes)).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'duration_days', before: 365, after: 366 })]));
    const list = (await admin.get('/jpanel/memberships/levels.json')).json() as { data: { id: number }[] };
    expect(list.data.map((l) => l.id)).toContain(levelId);
    const { agent: viewer } = await signedIn(t, { permissions: ['member.edit'] });
    expect((await viewer.post('/jpanel/memberships/levels', { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.get('/jpanel/memberships/levels.json')).statusCode).toBe(200);
  });
});

describe("a supporter's membership by hand", () => {
  it('is granted for the level\'s length with the reason and a member number, once per level while active', async () => {
    const supporter = await makeSupporter(t.database.db);
    const start = await today(-10);
    const bad = await admin.post(`/jpanel/supporters/${supporter}/memberships`, { membership_id: levelId, starts_on: start, expires_on: await today(-20), reason: 'Joined at the fair' });
    expect(bad.json().errors.expires_on).toEqual([m.endsBeforeStart]);
    expect((await admin.post(`/jpanel/supporters/${supporter}/memberships`, { membership_id: levelId, starts_on: start, reason: ' ' })).json().errors.reason).toEqual([m.reason]);
    const granted = await admin.post(`/jpanel/supporters/${supporter}/memberships`, { membership_id: levelId, starts_on: start, membership_number: 'M-100', reason: 'Joined at the fair, paid cash' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ message: m.granted('Friend'), membership: { name: 'Friend', starts_on: start, expires_on: await today(355), is_expired: false, source: 'staff' } });
    expect((await rows(sql`select membership_number from supporters where id = ${supporter}`))[0]).toEqual({ membership_number: 'M-100' });
    const twice = await admin.post(`/jpanel/supporters/${supporter}/memberships`, { membership_id: levelId, starts_on: await today(), reason: 'Again' });
    expect(twice.json().errors.membership_id).toEqual([m.alreadyActive('Friend')]);
    const other = await makeSupporter(t.database.db);
    const taken = await admin.post(`/jpanel/supporters/${other}/memberships`, { membership_id: levelId, starts_on: start, membership_number: 'm-100', reason: 'x' });
    expect(taken.json().errors.membership_number).toEqual([m.numberTaken]);
    expect(await rows(sql`select count(*)::int as n from supporter_memberships where supporter_id = ${other}`)).toEqual([{ n: 0 }]);
    const page = (await admin.get(`/jpanel/supporters/${supporter}`)).json() as { memberships: { id: number; is_expired: boolean }[] };
    expect(page.memberships).toEqual([expect.objectContaining({ id: granted.json().membership.id, is_expired: false })]);
  });

  it('is extended and ended with the reason, each recorded in its history; bad changes are refused', async () => {
    const supporter = await makeSupporter(t.database.db);
    const start = await today(-100);
    const granted = await admin.post(`/jpanel/supporters/${supporter}/memberships`, { membership_id: levelId, starts_on: start, expires_on: await today(5), reason: 'Renewed by phone' });
    const id = Number(granted.json().membership.id);
    expect((await admin.post(`/jpanel/memberships/${id}/extend`, { expires_on: await today(1), reason: 'x' })).json().errors.expires_on).toEqual([m.extendLater]);
    const extended = await admin.post(`/jpanel/memberships/${id}/extend`, { expires_on: await today(200), reason: 'Gift of six months from the board' });
    expect(extended.statusCode, extended.body).toBe(200);
    expect((await admin.post(`/jpanel/memberships/${id}/end`, { ends_on: await today(-200), reason: 'Moved away' })).json().errors.ends_on).toEqual([m.endsBeforeStart]);
    const ended = await admin.post(`/jpanel/memberships/${id}/end`, { ends_on: await today(-1), reason: 'Moved away' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await admin.post(`/jpanel/memberships/${id}/end`, { ends_on: await today(-1), reason: 'Again' })).json().message).toBe(m.alreadyEnded);
    const changes = (await history('supporter_memberships', id)).flatMap((e) => e.changes);
    expect(changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'reason', before: 'Renewed by phone', after: 'Gift of six months from the board' }),
      expect.objectContaining({ field: 'reason', before: 'Gift of six months from the board', after: 'Moved away' }),
      expect.objectContaining({ field: 'expires_on', after: expect.stringMatching(new RegExp(`^${await today(-1)}`)) }),
    ]));
    const { agent: viewer } = await signedIn(t, { permissions: ['member.view'] });
    expect((await viewer.post(`/jpanel/memberships/${id}/extend`, { expires_on: await today(300), reason: 'x' })).statusCode).toBe(403);
  });
});

describe('renewals due', () => {
  it('lists memberships about to expire or just expired and not renewed, and queues one reminder each', async () => {
    const soon = await makeSupporter(t.database.db);
    await rows(sql`update supporters set email = 'soon@example.org' where id = ${soon}`);
    const renewed = await makeSupporter(t.database.db);
    const far = await makeSupporter(t.database.db);
    const grant = async (supporter: number, from: number, to: number) =>
      Number((await admin.post(`/jpanel/supporters/${supporter}/memberships`, { membership_id: levelId, starts_on: await today(from), expires_on: await today(to), reason: 'Test' })).json().membership?.id);
    const soonId = await grant(soon, -300, 10);
    await rows(sql`insert into supporter_memberships (supporter_id, membership_id, starts_on, expires_on, source) values (${renewed}, ${levelId}, ${await today(-350)}, ${await today(-3)}, 'pos'), (${renewed}, ${levelId}, ${await today(-2)}, ${await today(360)}, 'pos')`);
    await grant(far, -10, 200);
    const due = (await admin.get('/jpanel/memberships/renewals.json?days=30')).json() as { data: { id: number; supporter_id: number; email: string | null }[] };
    const mine = due.data.filter((r) => [soon, renewed, far].includes(r.supporter_id));
    expect(mine).toEqual([expect.objectContaining({ id: soonId, supporter_id: soon, email: 'soon@example.org' })]);
    expect((await admin.get('/jpanel/memberships/renewals.json?days=0')).statusCode).toBe(422);

    const sent = await admin.post('/jpanel/memberships/renewals/remind?days=30', { ids: [soonId] });
    expect(sent.json()).toEqual({ message: m.remindersSent(1), sent: 1 });
    const [mail] = await rows(sql`select to_address as "to", kind, subject, text from mail_outbox where supporter_id = ${soon} order by id desc limit 1`);
    expect(mail).toMatchObject({ to: 'soon@example.org', kind: 'membership_renewal', subject: expect.stringContaining('Friend membership') });
    expect(String(mail?.text)).toContain('expires on');
    expect((await admin.get('/jpanel/memberships/renewals.json?days=30')).json().data.find((r: { id: number }) => r.id === soonId).reminded_at).toEqual(expect.any(String));
    const { agent: viewer } = await signedIn(t, { permissions: ['member.view'] });
    expect((await viewer.post('/jpanel/memberships/renewals/remind', { ids: [soonId] })).statusCode).toBe(403);
  });
});
