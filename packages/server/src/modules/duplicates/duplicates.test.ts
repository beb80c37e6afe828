import { duplicateMessages, messages, supporterPrivacyMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, type TestApp, createTestApp, signedIn } from '../../test/test-app.ts';
import { runOnce, runOnceEach } from '../jobs/jobs.queue.ts';
import { contributions } from '../contributions/contributions.tables.ts';
import { notes } from '../notes/notes.tables.ts';
import { recurringPaymentProfiles } from '../contributions/contributions.tables.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { sponsors } from '../sponsorships/sponsors.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { MOVED_REFERENCES, OTHER_REFERENCES, SNAPSHOT_TABLES } from './duplicates.merge.ts';
import { addressKey, duplicateScanJob, scoreOf, similarAddress, similarName } from './duplicates.scan.ts';

/** Issue 16 item 6: duplicate supporters through the API, on PGlite and PostgreSQL. */
let t: TestApp;
let admin: Agent;
let reader: Agent;
let nobody: Agent;
const base = '/jpanel/api/v1/supporters/duplicates';

async function supporter(values: Partial<typeof supporters.$inferInsert>): Promise<number> {
  const [row] = await t.database.db.insert(supporters).values({ currencyCode: 'USD', ...values }).returning({ id: supporters.id });
  return row?.id as number;
}

async function runScan(scanId: number): Promise<number[]> {
  const progress: number[] = [];
  await duplicateScanJob.handler({
    id: '00000000-0000-4000-8000-000000000001', name: duplicateScanJob.name, data: { scanId }, retryCount: 0, retryLimit: 1,
    database: t.database, once: (key, effect) => runOnce(t.database, key, null, effect), onceEach: (keys, effect) => runOnceEach(t.database, keys, null, effect), progress: async (p) => void progress.push(p), giveUp: async () => {},
  });
  return progress;
}

async function scan(): Promise<number[]> {
  const res = await admin.post(`${base}/scan`, {});
  expect(res.statusCode, res.body).toBe(200);
  // The scan runs in the background: a worker would pick it up; here the test is the worker.
  return runScan(res.json().data.id);
}

type Row = { id: number; score: number; reasons: string[]; a: { id: number }; b: { id: number } };
const pairOf = (rows: Row[], x: number, y: number) => rows.find((r) => (r.a.id === x && r.b.id === y) || (r.a.id === y && r.b.id === x));

let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  reader = (await signedIn(t, { permissions: ['member.view'] })).agent;
  nobody = (await signedIn(t, { permissions: ['contribution.view'] })).agent;
  ids = {
    mailA: await supporter({ firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada Lovelace', email: 'Ada@Example.org ' }),
    mailB: await supporter({ firstName: 'Augusta', lastName: 'King', displayName: 'Augusta King', email: 'ada@example.org' }),
    phoneA: await supporter({ firstName: 'Grace', lastName: 'Hopper', displayName: 'Grace Hopper', billPhone: '+1 (555) 201-3344' }),
    phoneB: await supporter({ firstName: 'G', lastName: 'Navy', displayName: 'G Navy', billPhone: '555.201.3344' }),
    nameA: await supporter({ firstName: 'Robert', lastName: 'Smithers', displayName: 'Robert Smithers', billAddress01: '12 Oak Street', billZip: '10001' }),
    nameB: await supporter({ firstName: 'Rob', lastName: 'Smithers', displayName: 'Rob Smithers', billAddress01: '12 Oak Str.', billZip: '10001' }),
    nameOnly: await supporter({ firstName: 'Robert', lastName: 'Smithers', displayName: 'Robert Smithers', billAddress01: '900 Elm Avenue', billZip: '90210' }),
    alone: await supporter({ firstName: 'Unique', lastName: 'Person', displayName: 'Unique Person', email: 'unique@example.org' }),
  };
}, 120_000);

describe('the rules', () => {
  it('similar names and addresses, and the score', () => {
    const p = (first: string, last: string, address = '', zip = '') => ({ first, last, address, zip, city: '' });
    expect(similarName(p('robert', 'smith'), p('rob', 'smith'))).toBe(true);
    expect(similarName(p('jon', 'smith'), p('john', 'smith'))).toBe(true);
    expect(similarName(p('mary', 'smith'), p('robert', 'smith'))).toBe(false);
    expect(similarName(p('mary', 'smith'), p('mary', 'jones'))).toBe(false);
    expect(similarAddress(p('', '', addressKey('12 Oak Street'), '1'), p('', '', addressKey('12 oak str.'), '1'))).toBe(true);
    expect(similarAddress(p('', '', addressKey('12 Oak Street'), '1'), p('', '', addressKey('12 Oaks Street'), '1'))).toBe(true);
    expect(similarAddress(p('', '', '12oakstreet', '1'), p('', '', '12oakstreet', '2'))).toBe(false);
    expect(scoreOf(['email', 'phone', 'name', 'address'], true)).toBe(100);
    expect(scoreOf(['name', 'address'], false)).toBe(35);
  });
});

describe('every reference to a supporter is handled by a merge', () => {
  it('the database’s foreign keys to supporters are exactly the handled list', async () => {
    const rows = await queryRows(
      t.database.db,
      sql`select kcu.table_name, kcu.column_name from information_schema.table_constraints tc
            join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
            join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
           where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.table_name = 'supporters' and ccu.column_name = 'id'`,
    );
    const found = rows.map((r) => `${r.table_name}.${r.column_name}`).sort();
    const handled = [...MOVED_REFERENCES, ...OTHER_REFERENCES].map((r) => `${r.table}.${r.column}`).sort();
    expect(found).toEqual(handled);
  });
});

describe('scanning', () => {
  it('only staff with member.merge start a scan; member.view reads; others see nothing', async () => {
    expect((await reader.post(`${base}/scan`, {})).statusCode).toBe(403);
    expect((await nobody.get(base)).statusCode).toBe(403);
    const list = await reader.get(base);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ data: [], total: 0, scan: null, can_merge: false });
  });

  it('finds pairs by e-mail, phone, and name with address, with reasons and scores, reporting progress', async () => {
    const first = await admin.post(`${base}/scan`, {});
    expect(first.json()).toMatchObject({ message: duplicateMessages.scanStarted, data: { status: 'queued', progress: 0 } });
    // A second click while it waits starts nothing new.
    const again = await admin.post(`${base}/scan`, {});
    expect(again.json()).toMatchObject({ message: duplicateMessages.scanRunning, data: { id: first.json().data.id } });
    const progress = await runScan(first.json().data.id);
    expect(progress).toEqual([30, 55, 75, 85, 100]);
    const status = await reader.get(`${base}/scans/${first.json().data.id}`);
    expect(status.json()).toMatchObject({ status: 'completed', progress: 100, found: 3 });
    expect((await reader.get(`${base}/scans/999999`)).statusCode).toBe(404);

    const list = (await admin.get(base)).json();
    expect(list.can_merge).toBe(true);
    expect(list.total).toBe(3);
    const rows = list.data as Row[];
    expect(rows.map((r) => r.score)).toEqual([...rows.map((r) => r.score)].sort((x, y) => y - x));
    expect(pairOf(rows, ids.mailA!, ids.mailB!)?.reasons).toEqual(['email']);
    expect(pairOf(rows, ids.phoneA!, ids.phoneB!)?.reasons).toEqual(['phone']);
    expect(pairOf(rows, ids.nameA!, ids.nameB!)).toMatchObject({ reasons: ['name', 'address'], score: 35 });
    // Same name, other address: not proposed.
    expect(pairOf(rows, ids.nameA!, ids.nameOnly!)).toBeUndefined();
    const one = (await reader.get(`${base}?supporter_id=${ids.phoneA}`)).json();
    expect(one.data.map((r: Row) => r.id)).toEqual([pairOf(rows, ids.phoneA!, ids.phoneB!)?.id]);
    const candidate = await reader.get(`${base}/${rows[0]?.id}`);
    expect(candidate.statusCode).toBe(200);
    expect(candidate.json().a.fields).toHaveProperty('first_name');
    expect((await reader.get(`${base}/999999`)).json().message).toBe(duplicateMessages.notFound);
  });

  it('dismisses a pair ("not a duplicate"): gone from the list, and later scans keep it dismissed', async () => {
    const rows = (await admin.get(base)).json().data as Row[];
    const phone = pairOf(rows, ids.phoneA!, ids.phoneB!) as Row;
    expect((await reader.post(`${base}/${phone.id}/dismiss`, {})).statusCode).toBe(403);
    const res = await admin.post(`${base}/${phone.id}/dismiss`, {});
    expect(res.json()).toEqual({ message: duplicateMessages.dismissed });
    expect((await admin.post(`${base}/${phone.id}/dismiss`, {})).statusCode).toBe(404);
    await scan();
    const after = (await admin.get(base)).json().data as Row[];
    expect(pairOf(after, ids.phoneA!, ids.phoneB!)).toBeUndefined();
    expect(after).toHaveLength(2);
  });
});

/** Every row of every table a merge may touch, as the database stores it. */
async function everything(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of [...SNAPSHOT_TABLES, 'contribution_counts', 'supporter_tags', 'mail_outbox']) {
    const [row] = await queryRows(t.database.db, sql`select coalesce(jsonb_agg(to_jsonb(x.*) order by to_jsonb(x.*)::text), '[]'::jsonb)::text as rows from ${sql.raw(`"${table}"`)} x`);
    out[table] = String(row?.rows);
  }
  return out;
}

describe('merging and undoing', () => {
  let winner: number;
  let loser: number;
  let candidateId: number;
  let mergeId: number;
  let loserContribution: number;

  beforeAll(async () => {
    winner = await supporter({ firstName: 'Winnie', lastName: 'Keeper', displayName: 'Winnie Keeper', email: 'keeper@example.org', billCity: 'Boston', lifetimeDonationAmount: 500, lifetimeDonationCount: 1 });
    loser = await supporter({ firstName: 'Winifred', lastName: 'Keeper', displayName: 'Winifred Keeper', email: 'KEEPER@example.org', billCity: 'Cambridge', billPhone: '555 111 2222', lifetimeDonationAmount: 2500, lifetimeDonationCount: 2 });
    const referred = await supporter({ firstName: 'Friend', lastName: 'Of', referredBySupporterId: loser });
    void referred;
    const contribution = (supporterId: number, n: number) => ({ clientUuid: `DUP-${supporterId}-${n}`, supporterId, currencyCode: 'USD', functionalCurrencyCode: 'USD', functionalExchangeRate: '1', functionalTotalAmount: 1000 * n, totalAmount: 1000 * n, paidAt: new Date(), isTest: false });
    const made = await t.database.db.insert(contributions).values([contribution(winner, 1), contribution(loser, 2), contribution(loser, 3)]).returning({ id: contributions.id });
    loserContribution = made[1]?.id as number;
    await t.database.db.insert(recurringPaymentProfiles).values({ profileId: `DUP${loser}`, status: 'Active', supporterId: loser, description: 'Monthly', startDate: '2026-01-01', billingPeriod: 'monthly', currencyCode: 'USD', amount: 1500 });
    const [child] = await t.database.db.insert(sponsorships).values({ referenceNumber: `DUP-${loser}`, firstName: 'Amani', lastName: 'Sponsored', isEnabled: true }).returning({ id: sponsorships.id });
    await t.database.db.insert(sponsors).values({ sponsorshipId: child?.id as number, supporterId: loser, currencyCode: 'USD', source: 'Website', startedAt: '2026-01-01' });
    await t.database.db.insert(notes).values({ commentableType: 'supporter', commentableId: loser, body: '<p>Prefers e-mail.</p>' });
    await t.database.db.execute(sql`insert into tax_receipts (supporter_id, number, currency_code, amount, issued_at) values (${loser}, ${`R-DUP-${loser}`}, 'USD', 2500, now())`);
    // The person's mail, consent history, follow-ups and tags, and a "do not contact" on the loser's record.
    await t.database.db.execute(sql`insert into mail_outbox (to_address, subject, supporter_id, kind) values ('keeper@example.org', 'Thank you', ${loser}, 'confirmation')`);
    await t.database.db.execute(sql`insert into supporter_consent_changes (supporter_id, topic, previous, granted, changed_on, source) values (${loser}, 'do_not_contact', false, true, '2026-01-02', 'staff')`);
    await t.database.db.execute(sql`update supporters set do_not_contact = true where id = ${loser}`);
    await t.database.db.execute(sql`insert into tasks (supporter_id, title) values (${loser}, 'Call back')`);
    const [tag] = await queryRows(t.database.db, sql`insert into tags (name) values ('Major donor') returning id`);
    await t.database.db.execute(sql`insert into supporter_tags (supporter_id, tag_id) values (${loser}, ${Number(tag?.id)})`);
    await scan();
    const rows = (await admin.get(base)).json().data as Row[];
    candidateId = (pairOf(rows, winner, loser) as Row).id;
  });

  it('refuses bad choices and users without member.merge, changing nothing', async () => {
    const before = await everything();
    expect((await reader.post(`${base}/${candidateId}/merge`, { winner: 'a' })).statusCode).toBe(403);
    const bad = await admin.post(`${base}/${candidateId}/merge`, { winner: 'c' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.winner).toEqual([duplicateMessages.winnerInvalid]);
    const badField = await admin.post(`${base}/${candidateId}/merge`, { winner: 'a', fields: { email: 'z' } });
    expect(badField.statusCode).toBe(422);
    expect((await admin.post(`${base}/999999/merge`, { winner: 'a' })).json().message).toBe(duplicateMessages.notFound);
    expect(await everything()).toEqual(before);
    expect(messages.forbidden).toBeTruthy();
  });

  it('merges in one go: records move, chosen values survive, the loser is archived; undo restores every row exactly', async () => {
    const before = await everything();
    const candidate = (await admin.get(`${base}/${candidateId}`)).json();
    const winnerSide = candidate.a.id === winner ? 'a' : 'b';
    const loserSide = winnerSide === 'a' ? 'b' : 'a';
    const res = await admin.post(`${base}/${candidateId}/merge`, { winner: winnerSide, fields: { first_name: loserSide, bill_city: loserSide, bill_phone: loserSide, email: winnerSide } });
    expect(res.statusCode, res.body).toBe(201);
    const merge = res.json().data;
    mergeId = merge.id;
    expect(res.json().message).toBe(duplicateMessages.merged);
    expect(merge).toMatchObject({ winner: { id: winner, display_name: 'Winifred Keeper' }, loser: { id: loser }, can_undo: true, undone_at: null });
    expect(Object.fromEntries(merge.moved.map((m: { reference: string; count: number }) => [m.reference, m.count]))).toMatchObject({ 'contributions.supporter_id': 2, 'recurring_payment_profiles.supporter_id': 1, 'sponsors.supporter_id': 1, 'notes.commentable_id': 1, 'tax_receipts.supporter_id': 1, 'supporters.referred_by_supporter_id': 1,
      'mail_outbox.supporter_id': 1, 'supporter_consent_changes.supporter_id': 1, 'tasks.supporter_id': 1, 'supporter_tags.tag_id': 1 });
    expect(merge.contributions.map((c: { id: number }) => c.id)).toContain(loserContribution);

    const [w] = await t.database.db.select().from(supporters).where(sql`id = ${winner}`);
    expect(w).toMatchObject({ firstName: 'Winifred', billCity: 'Cambridge', billPhone: '555 111 2222', email: 'keeper@example.org', lifetimeDonationAmount: 3000, lifetimeDonationCount: 3 });
    // One person: the loser's "do not contact" holds for the survivor, and its tag is theirs too.
    expect(w?.doNotContact).toBe(true);
    const [tags] = await queryRows(t.database.db, sql`select count(*)::int as n from supporter_tags where supporter_id = ${winner}`);
    expect(tags?.n).toBe(1);
    const [l] = await t.database.db.select().from(supporters).where(sql`id = ${loser}`);
    expect(l).toMatchObject({ isActive: false, lifetimeDonationAmount: 0 });
    const [left] = await queryRows(t.database.db, sql`select count(*)::int as n from contributions where supporter_id = ${loser}`);
    expect(left?.n).toBe(0);
    const [name] = await queryRows(t.database.db, sql`select supporter_name from contributions where id = ${loserContribution}`);
    expect(name?.supporter_name).toBe('Winifred Keeper');
    // The merged pair is no longer a candidate, and a second merge of it is refused.
    expect(pairOf((await admin.get(base)).json().data, winner, loser)).toBeUndefined();
    expect((await admin.post(`${base}/${candidateId}/merge`, { winner: 'a' })).statusCode).toBe(404);
    expect((await reader.get(`/jpanel/api/v1/supporters/merges/${mergeId}`)).json()).toMatchObject({ id: mergeId, can_undo: false });

    expect((await reader.post(`/jpanel/api/v1/supporters/merges/${mergeId}/undo`, {})).statusCode).toBe(403);
    const undone = await admin.post(`/jpanel/api/v1/supporters/merges/${mergeId}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ message: duplicateMessages.undone, data: { can_undo: false } });
    expect(undone.json().data.undone_at).not.toBeNull();
    const after = await everything();
    for (const table of Object.keys(before)) expect(after[table], table).toBe(before[table]);

    const twice = await admin.post(`/jpanel/api/v1/supporters/merges/${mergeId}/undo`, {});
    expect([twice.statusCode, twice.json().message]).toEqual([409, duplicateMessages.alreadyUndone]);
    expect((await admin.post('/jpanel/api/v1/supporters/merges/999999/undo', {})).statusCode).toBe(404);
  });

  it('refuses an undo once the records have changed since the merge, changing nothing', async () => {
    const rows = (await admin.get(base)).json().data as Row[];
    const again = pairOf(rows, winner, loser) as Row;
    expect(again).toBeDefined();
    const res = await admin.post(`${base}/${again.id}/merge`, { winner: again.a.id === winner ? 'a' : 'b' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    await t.database.db.execute(sql`update contributions set total_amount = total_amount + 1 where id = ${loserContribution}`);
    const before = await everything();
    const refused = await admin.post(`/jpanel/api/v1/supporters/merges/${id}/undo`, {});
    expect([refused.statusCode, refused.json().message]).toEqual([409, duplicateMessages.changedSince]);
    expect(await everything()).toEqual(before);
  });

  it('offers the membership number among the choices; the one kept moves to the survivor, and an undo gives it back (issue 36)', async () => {
    const x = await supporter({ firstName: 'Mia', lastName: 'Member', email: 'mia.member@example.org', membershipNumber: null });
    const y = await supporter({ firstName: 'Mia', lastName: 'Member', email: 'MIA.member@example.org', membershipNumber: 'M-1001' });
    await scan();
    const pair = pairOf((await admin.get(base)).json().data, x, y) as Row;
    const candidate = (await admin.get(`${base}/${pair.id}`)).json();
    const side = (id: number) => (candidate.a.id === id ? 'a' : 'b');
    expect(candidate[side(y)].fields.membership_number).toBe('M-1001');
    expect(candidate[side(x)].fields.membership_number).toBeNull();
    const before = await everything();
    const res = await admin.post(`${base}/${pair.id}/merge`, { winner: side(x), fields: { membership_number: side(y) } });
    expect(res.statusCode, res.body).toBe(201);
    const numbers = async () => Object.fromEntries((await queryRows(t.database.db, sql`select id, membership_number from supporters where id in (${x}, ${y})`)).map((r) => [Number(r.id), r.membership_number]));
    expect(await numbers()).toEqual({ [x]: 'M-1001', [y]: null });
    const undone = await admin.post(`/jpanel/api/v1/supporters/merges/${res.json().data.id}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await numbers()).toEqual({ [x]: null, [y]: 'M-1001' });
    const after = await everything();
    for (const table of Object.keys(before)) expect(after[table], table).toBe(before[table]);
  });

  it('refuses to merge an erased supporter, changing nothing', async () => {
    const x = await supporter({ firstName: 'Ezra', lastName: 'Gone', email: 'ezra.gone@example.org' });
    const y = await supporter({ firstName: 'Ezra', lastName: 'Gone', email: 'ezra.gone@example.org' });
    await scan();
    const pair = pairOf((await admin.get(base)).json().data, x, y) as Row;
    // Marked erased with its pair still listed (as a page opened before the erase holds it): the merge itself refuses.
    await t.database.db.execute(sql`update supporters set erased_at = now() where id = ${y}`);
    const before = await everything();
    const res = await admin.post(`${base}/${pair.id}/merge`, { winner: 'a' });
    expect([res.statusCode, res.json().message]).toEqual([409, supporterPrivacyMessages.noMerge]);
    expect(await everything()).toEqual(before);
  });

  it('refuses to merge two sponsors of the same sponsorship', async () => {
    const x = await supporter({ firstName: 'Sam', lastName: 'Twin', email: 'twin@example.org' });
    const y = await supporter({ firstName: 'Samuel', lastName: 'Twin', email: 'twin@example.org' });
    const [child] = await t.database.db.insert(sponsorships).values({ referenceNumber: `TWIN-${x}`, firstName: 'Kofi', lastName: 'Child', isEnabled: true }).returning({ id: sponsorships.id });
    await t.database.db.insert(sponsors).values([x, y].map((s) => ({ sponsorshipId: child?.id as number, supporterId: s, currencyCode: 'USD', source: 'Website', startedAt: '2026-01-01' })));
    await scan();
    const pair = pairOf((await admin.get(base)).json().data, x, y) as Row;
    const res = await admin.post(`${base}/${pair.id}/merge`, { winner: 'a' });
    expect([res.statusCode, res.json().message]).toEqual([409, duplicateMessages.sameSponsorship]);
  });
});
