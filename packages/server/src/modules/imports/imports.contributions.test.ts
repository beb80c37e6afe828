import { importMessages, messages, moneyMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { IMPORT_BATCH } from './imports.job.ts';
import { runImportJob } from './imports.test-helpers.ts';
import { UNDO_REFUSED } from './imports.service.ts';

/** Issue 15: the contributions import, through the API, on PGlite and PostgreSQL. */
let t: TestApp;
let agent: Agent;
let seq = 0;
const ref = () => `wb_gifts_${Date.now()}_${++seq}`;
const uniq = () => `${Date.now().toString(36)}${++seq}`;
const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};
const count = async (query: ReturnType<typeof sql>) => Number((await one(query)).n);

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
}, 120_000);

const runJob = (importId: number) => runImportJob(t.database, importId);

type Job = { id: number; status: string; counts: Record<string, number>; message: string | null; undoable: boolean };

async function importGifts(rows: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const workbookId = ref();
  const submitted = await agent.post('/flatfile/imports/contributions', { external_reference: workbookId, rows, ...extra });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const job = submitted.json() as Job;
  const started = await agent.post('/flatfile/webhook/contributions', { workbookId });
  expect(started.statusCode, started.body).toBe(200);
  await runJob(job.id);
  return (await agent.get(`/flatfile/imports/${job.id}`)).json() as Job;
}

const outcomes = (importId: number) =>
  queryRows(db(), sql`select row_number, outcome, record_id, errors from import_rows where import_id = ${importId} order by row_number`);

const gift = (over: Record<string, unknown> = {}) => ({
  date: '2024-03-01',
  subtotal_amt: '25.00',
  dcc: '1.50',
  total: '26.50',
  first_name: 'Ada',
  last_name: 'Gift',
  email: `ada.${uniq()}@example.org`,
  marketing_opt_in: 'yes',
  // Each gift's own donor: the same name at the same address would be the same supporter.
  address_line_1: `${++seq} Main St`,
  city: 'Springfield',
  zip: '12345',
  country: 'us',
  phone: '555-0100',
  payment_auth: 'AUTH-1',
  dp_gift_id: `G${uniq()}`,
  ...over,
});

async function existingSupporter(over: Partial<typeof supporters.$inferInsert> = {}) {
  const [s] = await db()
    .insert(supporters)
    .values({ firstName: 'Old', lastName: 'Name', displayName: 'Old Name', email: `old.${uniq()}@example.org`, currencyCode: 'USD', ...over })
    .returning();
  return s as typeof supporters.$inferSelect;
}

describe('contributions import: rows', () => {
  it('good rows become paid offline gifts; bad rows are rejected with the spec messages', async () => {
    const good = gift();
    const rows = [
      good,
      gift({ date: '2024-02-30' }),
      gift({ subtotal_amt: 'ten', total: '10' }),
      gift({ email: 'not-an-email' }),
      gift({ first_name: '', organization_name: 'o'.repeat(101) }),
      gift({ total: '30.00' }),
      gift({ country: 'USA' }),
      gift({ subtotal_amt: '25.001', total: '26.501' }),
    ];
    const job = await importGifts(rows);
    expect(job).toMatchObject({ status: 'completed', counts: { created: 1, updated: 0, skipped: 0, rejected: 7 }, undoable: true });
    expect(job.message).toBe('Created 1, updated 0, skipped 0, rejected 7.');
    const r = await outcomes(job.id);
    expect(r.map((x) => x.outcome)).toEqual(['created', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(r[1]?.errors).toEqual({ date: [messages.date] });
    expect(r[2]?.errors).toEqual({ subtotal_amt: ['This field must be a number.'] });
    expect(r[3]?.errors).toEqual({ email: ['Email must be valid'] });
    expect(r[4]?.errors).toEqual({ first_name: ['Please fill this field.'], organization_name: ['This field can contain a maximum of 100 characters.'] });
    expect(r[5]?.errors).toEqual({ total: ['Total (30.00) must equal Subtotal amount (25.00) plus DCC (1.50).'] });
    expect(r[6]?.errors).toEqual({ country: ['This field can contain a maximum of 2 characters.'] });
    // Only the server knows the organisation currency's decimals.
    expect(r[7]?.errors).toEqual({ subtotal_amt: [moneyMessages.tooManyDecimals('USD', 2)], total: [moneyMessages.tooManyDecimals('USD', 2)] });

    // The gift, as the contributions API shows it.
    const id = Number(r[0]?.record_id);
    const page = await agent.get(`/jpanel/contributions/${id}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { contribution: Record<string, unknown>; items: Record<string, unknown>[]; payments: Record<string, unknown>[] };
    expect(body.contribution).toMatchObject({
      status: 'paid',
      payment_state: 'paid',
      subtotal_amount: 25,
      dcc_amount: 1.5,
      total_amount: 26.5,
      refunded_amount: 0,
      currency_code: 'USD',
      payment_type: 'unknown',
      source: 'Import',
      is_pos: false,
    });
    expect(body.items).toEqual([expect.objectContaining({ description: 'Imported gift', qty: 1, total: 25, is_donation: true })]);
    expect(body.payments).toEqual([expect.objectContaining({ type: 'unknown', status: 'succeeded', amount: 26.5, gateway: 'offline' })]);
    // Dated the row's day: midnight in the organisation's time zone.
    const { timeZone } = await getOrgMoneySettings(db());
    const row = await one(sql`select c.gift_id, c.confirmation_number, c.supporter_id, c.bill_country, c.functional_total_amount::int as f,
        c.ordered_at = c.paid_at and c.paid_at = ('2024-03-01'::timestamp at time zone ${timeZone}) as on_the_day,
        s.sign_up_method, s.email, s.email_opt_in, s.bill_phone, s.bill_country as s_country, s.lifetime_donation_count::int as gifts
      from contributions c join supporters s on s.id = c.supporter_id where c.id = ${id}`);
    expect(row).toMatchObject({ on_the_day: true, gift_id: good.dp_gift_id, confirmation_number: 'AUTH-1', bill_country: 'US', f: 2650, sign_up_method: 'import', email: good.email, email_opt_in: true, bill_phone: '555-0100', s_country: 'US', gifts: 1 });
    // Its payment was captured that day too, under the row's authorisation.
    const payment = await one(sql`select p.reference_number, p.captured_at = ('2024-03-01'::timestamp at time zone ${timeZone}) as on_the_day
      from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${id}`);
    expect(payment).toEqual({ reference_number: 'AUTH-1', on_the_day: true });
    // The listing finds it too, by its status.
    const listing = await agent.post('/jpanel/contributions-v2.listing', { search: good.email });
    expect(listing.statusCode, listing.body).toBe(200);
    expect(listing.json()).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ id, status: 'paid', total: 26.5, payment: 'Other', source: 'Import', dp_gift_id: good.dp_gift_id })]) });
    // The POS path's event.
    expect(await count(sql`select count(*)::int as n from domain_events where type = 'contribution.paid' and (payload->>'contribution_id')::int = ${id}`)).toBe(1);
  });

  it('matches the supporter by e-mail, then by donor id; the mode decides what happens to the match', async () => {
    const byMail = await existingSupporter();
    const byDonor = await existingSupporter({ donorId: `D${uniq()}` });
    const job = await importGifts([
      gift({ email: byMail.email?.toUpperCase(), first_name: 'New' }),
      gift({ dp_donor_id: byDonor.donorId, email: `other.${uniq()}@example.org` }),
    ]);
    expect(job.counts).toMatchObject({ created: 2, rejected: 0 });
    const r = await outcomes(job.id);
    const owners = await queryRows(db(), sql`select supporter_id from contributions where id in (${Number(r[0]?.record_id)}, ${Number(r[1]?.record_id)}) order by id`);
    expect(owners.map((o) => Number(o.supporter_id))).toEqual([byMail.id, byDonor.id]);
    // Create mode leaves the matched supporter as it was.
    expect(await one(sql`select first_name from supporters where id = ${byMail.id}`)).toEqual({ first_name: 'Old' });

    const updated = await importGifts([gift({ email: byMail.email, first_name: 'Renamed' })], { mode: 'update' });
    expect(updated.counts.created).toBe(1);
    expect(await one(sql`select first_name, display_name from supporters where id = ${byMail.id}`)).toEqual({ first_name: 'Renamed', display_name: 'Renamed Gift' });

    const before = await count(sql`select count(*)::int as n from contributions where supporter_id = ${byMail.id}`);
    const skipped = await importGifts([gift({ email: byMail.email })], { mode: 'skip' });
    expect(skipped.counts).toMatchObject({ created: 0, skipped: 1 });
    expect(await count(sql`select count(*)::int as n from contributions where supporter_id = ${byMail.id}`)).toBe(before);
  });

  it('the audit trail: one brief entry per inserted row naming the import and row; a matched supporter updated in full', async () => {
    const matched = await existingSupporter();
    const job = await importGifts([gift({ date: '2024-02-30' }), gift(), gift({ email: matched.email, first_name: 'Newname' })], { mode: 'update' });
    expect(job.counts).toMatchObject({ created: 2, rejected: 1 });
    const r = await outcomes(job.id);
    const giftId = Number(r[1]?.record_id);
    const entries = await queryRows(db(), sql`
      select table_name, action, actor_user_id, changes from audit_log
       where (table_name, record_id) in (select 'contributions', ${String(giftId)}
                                         union all select 'payments', payment_id::text from payment_links where contribution_id = ${giftId}
                                         union all select 'contribution_items', id::text from contribution_items where contribution_id = ${giftId}
                                         union all select 'supporters', supporter_id::text from contributions where id = ${giftId})
       order by table_name`);
    const brief = { imported_from: [null, `Import #${job.id}, row ${Number(r[1]?.row_number)}`] };
    expect(entries).toEqual(
      ['contribution_items', 'contributions', 'payments', 'supporters'].map((table) => ({ table_name: table, action: 'insert', actor_user_id: expect.any(Number), changes: brief })),
    );
    // Staff read it on the gift's history.
    const history = (await agent.get(`/jpanel/history/contributions/${giftId}`)).json() as { data: { action: string; changes: { label: string; after: unknown }[] }[] };
    expect(history.data).toMatchObject([{ action: 'insert', changes: [{ label: 'Imported from', after: brief.imported_from[1] }] }]);
    // The supporter who existed: its change is audited with the value before and after.
    const update = await one(sql`select changes from audit_log where table_name = 'supporters' and record_id = ${String(matched.id)} and action = 'update' and changes ? 'first_name'`);
    expect((update.changes as Record<string, unknown>).first_name).toEqual(['Old', 'Newname']);
  });

  it('a dp_gift_id imported before, or earlier in the same file, is rejected as a duplicate', async () => {
    const first = gift();
    await importGifts([first]);
    const again = await importGifts([first, gift({ dp_gift_id: 'DUP-1' }), gift({ dp_gift_id: 'DUP-1' })]);
    expect(again.counts).toMatchObject({ created: 1, rejected: 2 });
    const r = await outcomes(again.id);
    expect(r[0]?.errors).toEqual({ dp_gift_id: [importMessages.giftImported(first.dp_gift_id)] });
    expect(r[0]?.errors).toEqual({ dp_gift_id: [`Gift ${first.dp_gift_id} has already been imported.`] });
    expect(r[2]?.errors).toEqual({ dp_gift_id: ['Gift DUP-1 has already been imported.'] });
    expect(await count(sql`select count(*)::int as n from contributions where gift_id = ${first.dp_gift_id}`)).toBe(1);
  });

  it('a dry run writes nothing and says what would happen', async () => {
    const before = await one(sql`select (select count(*) from contributions)::int as c, (select count(*) from supporters)::int as s,
      (select count(*) from payments)::int as p, (select count(*) from domain_events)::int as e`);
    const row = gift({ dp_gift_id: 'DRY-1' });
    const job = await importGifts([row, gift({ dp_gift_id: 'DRY-1' }), gift({ total: '1' })], { dry_run: true });
    expect(job).toMatchObject({ status: 'completed', counts: { created: 1, rejected: 2 }, undoable: false });
    expect(job.message).toBe('Dry run: would create 1, update 0, skip 0, reject 2.');
    expect(await one(sql`select (select count(*) from contributions)::int as c, (select count(*) from supporters)::int as s,
      (select count(*) from payments)::int as p, (select count(*) from domain_events)::int as e`)).toEqual(before);
    // The real import afterwards is not refused by the dry run's rows.
    expect((await importGifts([row])).counts.created).toBe(1);
  });

  it('resubmitting the same external_reference is the same job', async () => {
    const workbookId = ref();
    const body = { external_reference: workbookId, rows: [gift()] };
    const a = await agent.post('/flatfile/imports/contributions', body);
    const b = await agent.post('/flatfile/imports/contributions', body);
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect((b.json() as Job).id).toBe((a.json() as Job).id);
    expect(await count(sql`select count(*)::int as n from imports where external_reference = ${workbookId}`)).toBe(1);
  });
});

describe('contributions import: undo', () => {
  it('removes exactly the gifts, payments and supporters it created and puts back the updated ones', async () => {
    const matched = await existingSupporter();
    const other = await importGifts([gift()]);
    const totals = async () => one(sql`select (select count(*) from contributions)::int as c, (select count(*) from supporters)::int as s,
      (select count(*) from payments)::int as p, (select count(*) from contribution_items)::int as i`);
    const before = await totals();
    const job = await importGifts([gift({ email: matched.email, first_name: 'Changed' }), gift(), gift({ total: 'x' })], { mode: 'update' });
    expect(job.counts).toMatchObject({ created: 2, rejected: 1 });
    expect(await one(sql`select lifetime_donation_count::int as n from supporters where id = ${matched.id}`)).toEqual({ n: 1 });
    const undo = await agent.post(`/flatfile/imports/${job.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ status: 'undone', undoable: false });
    expect(await totals()).toEqual(before);
    expect(await one(sql`select first_name, display_name, lifetime_donation_count::int as n from supporters where id = ${matched.id}`)).toEqual({ first_name: 'Old', display_name: 'Old Name', n: 0 });
    // Each removed row has one brief entry by the staff member who undid it; the supporter put back, its fields before and after.
    const [, created] = await outcomes(job.id);
    const removed = await queryRows(db(), sql`select table_name, action, actor_user_id, changes from audit_log
      where table_name = 'contributions' and record_id = ${String(created?.record_id)} order by id`);
    expect(removed.map((e) => [e.action, e.changes])).toEqual([
      ['insert', { imported_from: [null, `Import #${job.id}, row ${Number(created?.row_number)}`] }],
      ['delete', { import_undone: [`Import #${job.id}, row ${Number(created?.row_number)}`, null] }],
    ]);
    expect(removed[1]?.actor_user_id).toEqual(expect.any(Number));
    const putBack = await one(sql`select changes from audit_log where table_name = 'supporters' and record_id = ${String(matched.id)} and changes ? 'first_name' order by id desc limit 1`);
    expect((putBack.changes as Record<string, unknown>).first_name).toEqual(['Changed', 'Old']);
    // The other import's gift is untouched.
    const [otherRow] = await outcomes(other.id);
    expect(await count(sql`select count(*)::int as n from contributions where id = ${Number(otherRow?.record_id)}`)).toBe(1);
    expect((await agent.post(`/flatfile/imports/${job.id}/undo`)).statusCode).toBe(409);
  });

  it('undoes an import whose new donor gives again in a later batch (the second gift touched the supporter again)', async () => {
    const email = `twice.${uniq()}@example.org`;
    const rows = Array.from({ length: IMPORT_BATCH + 2 }, (_, i) => gift(i === IMPORT_BATCH - 1 || i === IMPORT_BATCH ? { email } : {}));
    const job = await importGifts(rows);
    expect(job.counts).toMatchObject({ created: IMPORT_BATCH + 2, rejected: 0 });
    expect(await count(sql`select count(*)::int as n from contributions c join supporters s on s.id = c.supporter_id where s.email = ${email}`)).toBe(2);
    const undo = await agent.post(`/flatfile/imports/${job.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await count(sql`select count(*)::int as n from supporters where email = ${email}`)).toBe(0);
  });

  it('is refused after a refund, after an edit, and once a created supporter has another gift', async () => {
    const refunded = await importGifts([gift()]);
    const [r1] = await outcomes(refunded.id);
    const refund = await agent.post(`/jpanel/contributions/${Number(r1?.record_id)}/refund`, { refund_type: 'custom', amount: '5.00' });
    expect(refund.statusCode, refund.body).toBe(200);
    const u1 = await agent.post(`/flatfile/imports/${refunded.id}/undo`);
    expect(u1.statusCode).toBe(409);
    expect((u1.json() as { message: string }).message).toBe(UNDO_REFUSED);
    expect(await count(sql`select count(*)::int as n from contributions where id = ${Number(r1?.record_id)}`)).toBe(1);

    const edited = await importGifts([gift()]);
    const [r2] = await outcomes(edited.id);
    const mark = await agent.post('/jpanel/contributions/mark', { ids: [Number(r2?.record_id)], mark: 'spam' });
    expect(mark.statusCode, mark.body).toBe(200);
    const u2 = await agent.post(`/flatfile/imports/${edited.id}/undo`);
    expect(u2.statusCode).toBe(409);
    expect((u2.json() as { message: string }).message).toBe(UNDO_REFUSED);

    const row = gift();
    const created = await importGifts([row]);
    await importGifts([gift({ email: row.email })]);
    const u3 = await agent.post(`/flatfile/imports/${created.id}/undo`);
    expect(u3.statusCode).toBe(409);
    expect(await count(sql`select count(*)::int as n from supporters where email = ${row.email} and sign_up_method = 'import'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from supporters where email = ${row.email}`)).toBe(1);
  });
});

describe('contributions import: rows of one batch see each other', () => {
  const memos = (importId: number) =>
    queryRows(db(), sql`select row_number, outcome, record_id, previous, record_stamp, note from import_rows where import_id = ${importId} order by row_number`);

  it('a new donor on two rows is created once; the second row matches it (create and skip modes)', async () => {
    const email = `twice.${uniq()}@example.org`;
    const events = async () => count(sql`select count(*)::int as n from domain_events where type = 'supporter.created' and payload->>'email' = ${email}`);
    const job = await importGifts([gift({ email }), gift({ email: email.toUpperCase(), first_name: 'Other' })]);
    expect(job.counts).toMatchObject({ created: 2, rejected: 0 });
    const r = await memos(job.id);
    const owners = await queryRows(db(), sql`select supporter_id from contributions where id in (${Number(r[0]?.record_id)}, ${Number(r[1]?.record_id)}) order by id`);
    const id = Number(owners[0]?.supporter_id);
    expect(owners.map((o) => Number(o.supporter_id))).toEqual([id, id]);
    expect(r[0]?.previous).toMatchObject({ supporter_id: id, supporter_created: true, supporter_before: null });
    // Every row stamps its supporter as its batch left it (one batch here: the same stamp).
    const stamp = (r[0]?.previous as { supporter_stamp: string }).supporter_stamp;
    expect(stamp).toEqual(expect.any(String));
    expect(r[1]?.previous).toMatchObject({ supporter_id: id, supporter_created: false, supporter_before: null, supporter_stamp: stamp });
    expect(await one(sql`select first_name, lifetime_donation_count::int as n from supporters where id = ${id}`)).toEqual({ first_name: 'Ada', n: 2 });
    expect(await events()).toBe(1);
    // The stamps are what undo reads: it goes through, and takes the supporter away.
    const undo = await agent.post(`/flatfile/imports/${job.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await count(sql`select count(*)::int as n from supporters where id = ${id}`)).toBe(0);

    const email2 = `skip.${uniq()}@example.org`;
    const skipped = await importGifts([gift({ email: email2 }), gift({ email: email2 })], { mode: 'skip' });
    expect(skipped.counts).toMatchObject({ created: 1, skipped: 1 });
    const s = await memos(skipped.id);
    const created = await one(sql`select supporter_id from contributions where id = ${Number(s[0]?.record_id)}`);
    expect(s[1]?.note).toBe(`matched supporter ${Number(created.supporter_id)}`);

    // A dry run creates nothing, so both rows would make a new supporter.
    const email3 = `dry.${uniq()}@example.org`;
    const dry = await importGifts([gift({ email: email3 }), gift({ email: email3 })], { dry_run: true });
    expect((await memos(dry.id)).map((x) => x.note)).toEqual(['new supporter', 'new supporter']);
  });

  it('update mode: a later row matches the supporter as the earlier rows left it; stamps let undo put everything back', async () => {
    const shared = `shared.${uniq()}@example.org`;
    const a = await existingSupporter({ email: shared, donorId: `DA${uniq()}` });
    const b = await existingSupporter({ email: shared });
    const newDonor = `DN${uniq()}`;
    const moved = `moved.${uniq()}@example.org`;
    const job = await importGifts(
      [
        // Matched by donor id: a's e-mail changes, and it gets a first name.
        gift({ dp_donor_id: a.donorId, email: moved, first_name: 'First' }),
        // The shared e-mail now finds b only (a no longer has it).
        gift({ email: shared, first_name: 'Bee' }),
        // a's new e-mail finds a, now with the row's donor id.
        gift({ email: moved, dp_donor_id: newDonor, first_name: 'Second' }),
        // Found by that new donor id.
        gift({ dp_donor_id: newDonor, email: `third.${uniq()}@example.org`, first_name: 'Third' }),
      ],
      { mode: 'update' },
    );
    expect(job.counts).toMatchObject({ created: 4, rejected: 0 });
    const r = await memos(job.id);
    const owners = await queryRows(db(), sql`select c.supporter_id from import_rows r join contributions c on c.id = r.record_id
      where r.import_id = ${job.id} order by r.row_number`);
    expect(owners.map((o) => Number(o.supporter_id))).toEqual([a.id, b.id, a.id, a.id]);
    expect(r.map((x) => (x.previous as { supporter_before: Record<string, unknown> }).supporter_before.firstName)).toEqual(['Old', 'Old', 'First', 'Second']);
    expect((r[2]?.previous as { supporter_before: Record<string, unknown> }).supporter_before).toMatchObject({ email: moved, donorId: a.donorId, displayName: 'First Gift' });
    const now = await one(sql`select to_json(updated_at) #>> '{}' as at, first_name, email, donor_id, lifetime_donation_count::int as n from supporters where id = ${a.id}`);
    expect(now).toMatchObject({ first_name: 'Third', email: expect.stringMatching(/^third\./), donor_id: newDonor, n: 3 });
    for (const x of [r[0], r[2], r[3]]) expect(new Date(String((x?.previous as { supporter_stamp: string }).supporter_stamp)).getTime()).toBe(new Date(String(now.at)).getTime());
    const stamps = await queryRows(db(), sql`select date_trunc('milliseconds', c.updated_at) = r.record_stamp as same from import_rows r join contributions c on c.id = r.record_id where r.import_id = ${job.id}`);
    expect(stamps.map((x) => x.same)).toEqual([true, true, true, true]);
    expect(await count(sql`select count(*)::int as n from domain_events where type = 'supporter.updated' and (payload->>'supporter_id')::int in (${a.id}, ${b.id})`)).toBe(4);

    const undo = await agent.post(`/flatfile/imports/${job.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await one(sql`select first_name, display_name, email, donor_id, lifetime_donation_count::int as n from supporters where id = ${a.id}`)).toEqual({
      first_name: 'Old',
      display_name: 'Old Name',
      email: shared,
      donor_id: a.donorId,
      n: 0,
    });
    expect(await one(sql`select first_name, email from supporters where id = ${b.id}`)).toEqual({ first_name: 'Old', email: shared });
  });
});
