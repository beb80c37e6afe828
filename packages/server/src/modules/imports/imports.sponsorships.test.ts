import { messages } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { segmentItems, segments, sponsorshipSegments } from '../segments/segments.tables.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { sponsors } from '../sponsorships/sponsors.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { runImportJob } from './imports.test-helpers.ts';
import { UNDO_REFUSED } from './imports.service.ts';
import { importRows } from './imports.tables.ts';

/** Issue 15: the sponsorships (sponsees) import kind through the API, on PGlite and PostgreSQL. */
let t: TestApp;
let agent: Agent;
let seq = 0;
const stamp = Date.now() % 1_000_000;
const ref = () => `wb_sp_${Date.now()}_${++seq}`;
/** A reference number of this run (at most 25 characters). */
const sref = (n: string) => `SI${stamp}-${n}`;
const seg = { country: 0, hobby: 0, baptised: 0 };
const item = { kenya: 0, peru: 0 };
const key = (id: number) => `segment_${id}`;

type Job = { id: number; status: string; progress: number; counts: Record<string, number>; message: string | null; undoable: boolean };

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const db = t.database.db;
  const made = await db
    .insert(segments)
    .values([
      { name: 'Imp Country', type: 'multi-select', sequence: 800 },
      { name: 'Imp Hobby', type: 'text', sequence: 801 },
      { name: 'Imp Baptised', type: 'date', sequence: 802 },
    ])
    .returning({ id: segments.id });
  [seg.country, seg.hobby, seg.baptised] = made.map((s) => s.id) as [number, number, number];
  const items = await db
    .insert(segmentItems)
    .values([
      { segmentId: seg.country, name: 'Kenya', sequence: 1 },
      { segmentId: seg.country, name: 'Peru', sequence: 2 },
      { segmentId: seg.country, name: 'Atlantis', sequence: 3, deletedAt: new Date() },
    ])
    .returning({ id: segmentItems.id });
  [item.kenya, item.peru] = items.map((i) => i.id) as [number, number];
}, 120_000);

const runJob = (importId: number) => runImportJob(t.database, importId);

async function importRowsOf(rows: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const workbookId = ref();
  const submitted = await agent.post('/flatfile/imports/sponsorships', { external_reference: workbookId, rows, ...extra });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const job = submitted.json() as Job;
  expect(job).toMatchObject({ status: 'acknowledged', progress: 10 });
  const started = await agent.post('/flatfile/webhook/sponsorships', { workbookId });
  expect(started.statusCode, started.body).toBe(200);
  await runJob(job.id);
  return (await agent.get(`/flatfile/imports/${job.id}`)).json() as Job;
}

const sponseeByRef = async (reference: string) =>
  (await t.database.db.select().from(sponsorships).where(sql`lower(${sponsorships.referenceNumber}) = ${reference.toLowerCase()} and ${sponsorships.deletedAt} is null`))[0];

const segmentRowsOf = async (id: number) =>
  (
    await t.database.db
      .select({ segmentId: sponsorshipSegments.segmentId, itemId: sponsorshipSegments.segmentItemId, value: sponsorshipSegments.value })
      .from(sponsorshipSegments)
      .where(eq(sponsorshipSegments.sponsorshipId, id))
  ).sort((a, b) => a.segmentId - b.segmentId);

describe('sponsorship rows: the checks, on the server', () => {
  it('stages every row with the spec messages, segment values checked against the live list', async () => {
    const workbookId = ref();
    const submitted = await agent.post('/flatfile/imports/sponsorships', {
      external_reference: workbookId,
      rows: [
        { reference_number: sref('ok'), first_name: 'Amani', gender: 'F', [key(seg.country)]: 'kenya' },
        { reference_number: sref('g'), first_name: 'NoGender' },
        { reference_number: sref('d'), gender: 'M', birth_date: '2019-02-29', enrollment_date: '13/45/2020' },
        { reference_number: sref('n'), gender: 'M', latitude: 'north', longitude: '36.8' },
        { reference_number: sref('s'), gender: 'M', [key(seg.country)]: 'Chile' },
        // A deleted option is no longer allowed.
        { reference_number: sref('a'), gender: 'M', [key(seg.country)]: 'Atlantis' },
        { reference_number: sref('c'), gender: 'M', custom_colour: 'blue' },
        { reference_number: 'R'.repeat(26), gender: 'M' },
      ],
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = (submitted.json() as Job).id;
    const staged = await t.database.db.select().from(importRows).where(eq(importRows.importId, id)).orderBy(importRows.rowNumber);
    expect(staged.map((r) => [r.outcome, r.errors])).toEqual([
      ['pending', {}],
      ['rejected', { gender: [messages.required] }],
      ['rejected', { birth_date: [messages.date], enrollment_date: [messages.date] }],
      ['rejected', { latitude: [messages.number] }],
      ['rejected', { [key(seg.country)]: ['Chile must be one of Kenya, Peru'] }],
      ['rejected', { [key(seg.country)]: ['Atlantis must be one of Kenya, Peru'] }],
      ['rejected', { custom_colour: ['Custom fields are not allowed.'] }],
      ['rejected', { reference_number: [messages.maxLength(25)] }],
    ]);
    expect(staged[1]?.warnings).toEqual({ last_name: [messages.recommended] });

    expect((await agent.post('/flatfile/webhook/sponsorships', { workbookId })).statusCode).toBe(200);
    await runJob(id);
    const done = (await agent.get(`/flatfile/imports/${id}`)).json() as Job;
    expect(done).toMatchObject({ status: 'completed', progress: 100, counts: { created: 1, updated: 0, skipped: 0, rejected: 7 } });
    const file = (await agent.get(`/flatfile/imports/${id}/outcome.csv?rejected=1`)).body;
    expect(file.trim().split('\r\n')).toHaveLength(8);
    expect(file).toContain('gender: Please fill this field.');
    expect(file).toContain('birth_date: Date is invalid.; enrollment_date: Date is invalid.');
    expect(file).toContain('latitude: This field must be a number.');
    expect(file).toContain(`${key(seg.country)}: Chile must be one of Kenya, Peru`);
    expect(file).toContain('custom_colour: Custom fields are not allowed.');
  });

  it('the job checks again: gender spelled out, ranges, date segments, a segment value gone since staging', async () => {
    const workbookId = ref();
    const submitted = await agent.post('/flatfile/imports/sponsorships', {
      external_reference: workbookId,
      rows: [
        { reference_number: sref('boy'), gender: 'boy', latitude: '-1.2921', longitude: '36.8219' },
        { reference_number: sref('x'), gender: 'x' },
        { reference_number: sref('far'), gender: 'F', latitude: '91' },
        { reference_number: sref('bap'), gender: 'F', [key(seg.baptised)]: '2020-02-30' },
        { reference_number: sref('peru'), gender: 'F', [key(seg.country)]: 'Peru' },
      ],
      mode: 'update',
    });
    const id = (submitted.json() as Job).id;
    // Peru is deleted after the rows were staged: the job refuses it.
    await t.database.db.update(segmentItems).set({ deletedAt: new Date() }).where(eq(segmentItems.id, item.peru));
    try {
      expect((await agent.post('/flatfile/webhook/sponsorships', { workbookId })).statusCode).toBe(200);
      await runJob(id);
    } finally {
      await t.database.db.update(segmentItems).set({ deletedAt: null }).where(eq(segmentItems.id, item.peru));
    }
    const rows = await t.database.db.select().from(importRows).where(eq(importRows.importId, id)).orderBy(importRows.rowNumber);
    expect(rows.map((r) => [r.outcome, r.errors])).toEqual([
      ['created', {}],
      ['rejected', { gender: ['Choose female or male.'] }],
      ['rejected', { latitude: ['Latitude must be between -90 and 90.'] }],
      ['rejected', { [key(seg.baptised)]: [messages.date] }],
      ['rejected', { [key(seg.country)]: ['Peru must be one of Kenya'] }],
    ]);
    expect(await sponseeByRef(sref('boy'))).toMatchObject({ gender: 'M', latitude: '-1.292100', longitude: '36.821900' });
  });
});

describe('sponsorship import job', () => {
  it('creates sponsees the sponsees API shows, with their segment values', async () => {
    const job = await importRowsOf([
      {
        reference_number: sref('new'),
        first_name: 'Neema',
        last_name: 'Wanjiru',
        gender: 'female',
        birth_date: '03/14/2016',
        enrollment_date: '2022-09-01',
        latitude: '-1.5',
        longitude: '37',
        is_enabled: 'yes',
        [key(seg.country)]: 'KENYA',
        [key(seg.hobby)]: 'Football',
        [key(seg.baptised)]: '04/02/2017',
      },
    ]);
    expect(job).toMatchObject({ status: 'completed', counts: { created: 1, updated: 0, skipped: 0, rejected: 0 }, undoable: true });
    const made = await sponseeByRef(sref('new'));
    expect(made).toMatchObject({ firstName: 'Neema', isEnabled: true, isSponsoredAuto: true, isSponsored: false, sponsorCount: 0 });
    const page = await agent.get(`/jpanel/sponsorships/${made?.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { sponsee: Record<string, unknown>; segments: { name: string; values: string[] }[]; segment_values: unknown[] };
    expect(body.sponsee).toMatchObject({
      reference_number: sref('new'),
      full_name: 'Neema Wanjiru',
      gender: 'F',
      birth_date: '2016-03-14',
      enrollment_date: '2022-09-01',
      latitude: '-1.500000',
      longitude: '37.000000',
      is_enabled: true,
      is_sponsored: false,
    });
    expect(body.segments.filter((s) => s.name.startsWith('Imp '))).toEqual([
      { name: 'Imp Country', type: 'multi-select', values: ['Kenya'] },
      { name: 'Imp Hobby', type: 'text', values: ['Football'] },
      { name: 'Imp Baptised', type: 'date', values: ['2017-04-02'] },
    ]);
    expect(body.segment_values).toEqual(expect.arrayContaining([{ segment_id: seg.country, item_ids: [item.kenya], value: null }]));
    const listed = await agent.post('/jpanel/sponsorship.ajax', { search: { value: sref('new') } });
    expect((listed.json() as { data: { reference_number: string; full_name: string }[] }).data).toEqual([
      expect.objectContaining({ reference_number: sref('new'), full_name: 'Neema Wanjiru' }),
    ]);
  });

  it('matches by reference number ignoring case: update changes fields and only the segments given; skip and create leave it', async () => {
    await importRowsOf([{ reference_number: sref('m'), first_name: 'Baraka', gender: 'M', [key(seg.country)]: 'Kenya', [key(seg.hobby)]: 'Chess' }]);
    const before = await sponseeByRef(sref('m'));

    const skipped = await importRowsOf([{ reference_number: sref('m').toLowerCase(), first_name: 'Skip', gender: 'M' }], { mode: 'skip' });
    expect(skipped.counts).toEqual({ created: 0, updated: 0, skipped: 1, rejected: 0 });
    const created = await importRowsOf([{ reference_number: sref('m'), first_name: 'Twice', gender: 'M' }], { mode: 'create' });
    expect(created.counts).toEqual({ created: 0, updated: 0, skipped: 0, rejected: 1 });
    const file = (await agent.get(`/flatfile/imports/${created.id}/outcome.csv?rejected=1`)).body;
    expect(file).toContain('reference_number: Another sponsee already has this reference number.');
    expect(await sponseeByRef(sref('m'))).toMatchObject({ firstName: 'Baraka', updatedAt: before?.updatedAt });

    const updated = await importRowsOf(
      [{ reference_number: sref('m').toLowerCase(), first_name: 'Baraka J', last_name: '', gender: 'M', is_sponsored: 'y', [key(seg.country)]: 'Peru' }],
      { mode: 'update' },
    );
    expect(updated.counts).toEqual({ created: 0, updated: 1, skipped: 0, rejected: 0 });
    const after = await sponseeByRef(sref('m'));
    expect(after).toMatchObject({ id: before?.id, referenceNumber: sref('m'), firstName: 'Baraka J', isSponsored: true, isSponsoredAuto: false });
    // Country replaced; the hobby, not in the sheet, kept.
    expect(await segmentRowsOf(before?.id as number)).toEqual([
      { segmentId: seg.country, itemId: item.peru, value: null },
      { segmentId: seg.hobby, itemId: null, value: 'Chess' },
    ]);
  });

  it('a dry run reports what would happen and writes nothing', async () => {
    await importRowsOf([{ reference_number: sref('dry'), first_name: 'Dry', gender: 'F' }]);
    const count = () => queryRows(t.database.db, sql`select count(*)::int as n, max(updated_at) as at, (select count(*)::int from sponsorship_segments) as segs from sponsorships`);
    const before = await count();
    const job = await importRowsOf(
      [
        { reference_number: sref('dry'), first_name: 'Changed', gender: 'F', [key(seg.country)]: 'Kenya' },
        { reference_number: sref('dry2'), gender: 'M' },
        // The same new reference again: the real run would update what the row before created.
        { reference_number: sref('DRY2'), gender: 'M', first_name: 'Again' },
        { reference_number: sref('bad'), gender: '' },
      ],
      { dry_run: true, mode: 'update' },
    );
    expect(job).toMatchObject({ status: 'completed', counts: { created: 1, updated: 2, skipped: 0, rejected: 1 }, undoable: false });
    expect(job.message).toBe('Dry run: would create 1, update 2, skip 0, reject 1.');
    expect(await count()).toEqual(before);
    expect(await sponseeByRef(sref('dry2'))).toBeUndefined();
  });

  it('a blank is_sponsored follows the sponsor count (the existing recount); a stated one is kept', async () => {
    await importRowsOf([
      { reference_number: sref('auto'), gender: 'F' },
      { reference_number: sref('manual'), gender: 'F', is_sponsored: 'no' },
    ]);
    expect(await sponseeByRef(sref('auto'))).toMatchObject({ isSponsored: false, isSponsoredAuto: true, sponsorCount: 0 });
    expect(await sponseeByRef(sref('manual'))).toMatchObject({ isSponsored: false, isSponsoredAuto: false, sponsorCount: 0 });
    const [supporter] = await t.database.db.insert(supporters).values({ firstName: 'Auto', email: `auto${stamp}@example.org`, currencyCode: 'USD' }).returning({ id: supporters.id });
    for (const r of ['auto', 'manual']) {
      const sponsee = await sponseeByRef(sref(r));
      expect((await agent.post('/jpanel/sponsor', { sponsorship_id: sponsee?.id, supporter_id: supporter?.id })).statusCode).toBe(200);
    }
    expect(await sponseeByRef(sref('auto'))).toMatchObject({ isSponsored: true, sponsorCount: 1 });
    expect(await sponseeByRef(sref('manual'))).toMatchObject({ isSponsored: false, sponsorCount: 1 });
    // Updating the automatic one with a stated value takes it out of automatic mode; undo puts it back.
    const job = await importRowsOf([{ reference_number: sref('auto'), gender: 'F', is_sponsored: 'no' }], { mode: 'update' });
    expect(await sponseeByRef(sref('auto'))).toMatchObject({ isSponsored: false, isSponsoredAuto: false, sponsorCount: 1 });
    expect((await agent.post(`/flatfile/imports/${job.id}/undo`)).statusCode).toBe(200);
    expect(await sponseeByRef(sref('auto'))).toMatchObject({ isSponsored: true, isSponsoredAuto: true, sponsorCount: 1 });
  });
});

describe('undo of a sponsorship import', () => {
  it('puts back fields and segment values, removes what it created, and is refused once a sponsee changed', async () => {
    await importRowsOf([{ reference_number: sref('u1'), first_name: 'Zawadi', gender: 'F', birth_date: '2015-01-02', [key(seg.country)]: 'Kenya', [key(seg.hobby)]: 'Art' }]);
    const original = await sponseeByRef(sref('u1'));
    const segmentsBefore = await segmentRowsOf(original?.id as number);
    const job = await importRowsOf(
      [
        { reference_number: sref('u1'), first_name: 'Zawadi M', gender: 'F', birth_date: '2015-01-03', is_sponsored: 'no', [key(seg.country)]: 'Peru', [key(seg.baptised)]: '2016-05-05' },
        { reference_number: sref('u2'), first_name: 'Fresh', gender: 'M', [key(seg.hobby)]: 'Music' },
        // Created then updated by the same import: undo takes both back.
        { reference_number: sref('u2'), last_name: 'Twice', gender: 'M' },
      ],
      { mode: 'update' },
    );
    expect(job.counts).toEqual({ created: 1, updated: 2, skipped: 0, rejected: 0 });
    const fresh = await sponseeByRef(sref('u2'));
    expect(fresh).toMatchObject({ firstName: 'Fresh', lastName: 'Twice' });

    const undone = await agent.post(`/flatfile/imports/${job.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'undone', message: 'Undone: 3 records put back.' });
    const back = await sponseeByRef(sref('u1'));
    expect(back).toMatchObject({ firstName: 'Zawadi', birthDate: '2015-01-02', isSponsored: false, isSponsoredAuto: true, updatedAt: original?.updatedAt });
    expect(await segmentRowsOf(original?.id as number)).toEqual(segmentsBefore);
    expect(await sponseeByRef(sref('u2'))).toBeUndefined();
    expect((await agent.get(`/jpanel/sponsorships/${fresh?.id}`)).statusCode).toBe(404);
    // Its reference number is free again.
    expect((await importRowsOf([{ reference_number: sref('u2'), gender: 'M' }])).counts.created).toBe(1);
    expect((await agent.post(`/flatfile/imports/${job.id}/undo`)).statusCode).toBe(409);
  });

  it('still undoes when the recount brought a stale sponsor count up to date during the import', async () => {
    await importRowsOf([{ reference_number: sref('r1'), first_name: 'Stale', gender: 'F' }]);
    const sponsee = await sponseeByRef(sref('r1'));
    const [supporter] = await t.database.db.insert(supporters).values({ firstName: 'Stale', email: `stale${stamp}@example.org`, currencyCode: 'USD' }).returning({ id: supporters.id });
    // Written straight to the table, so the count is behind until something recounts it.
    await t.database.db.insert(sponsors).values({ supporterId: supporter?.id as number, sponsorshipId: sponsee?.id as number, startedAt: '2020-01-01', currencyCode: 'USD' });
    const job = await importRowsOf([{ reference_number: sref('r1'), first_name: 'Fresh', gender: 'F' }], { mode: 'update' });
    expect(await sponseeByRef(sref('r1'))).toMatchObject({ firstName: 'Fresh', sponsorCount: 1, isSponsored: true });
    const undone = await agent.post(`/flatfile/imports/${job.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await sponseeByRef(sref('r1'))).toMatchObject({ firstName: 'Stale', sponsorCount: 1, isSponsored: true });
  });

  it('is refused once a sponsee was edited, or a sponsor attached, since', async () => {
    const edited = await importRowsOf([{ reference_number: sref('e1'), first_name: 'Edit', gender: 'F' }]);
    const sponsee = await sponseeByRef(sref('e1'));
    const saved = await agent.post(`/jpanel/sponsorships/${sponsee?.id}`, { reference_number: sref('e1'), first_name: 'Edited', gender: 'F', is_enabled: '1' });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await agent.post(`/flatfile/imports/${edited.id}/undo`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toBe(UNDO_REFUSED);
    expect(await sponseeByRef(sref('e1'))).toMatchObject({ firstName: 'Edited' });

    const sponsored = await importRowsOf([{ reference_number: sref('e2'), gender: 'M' }]);
    const child = await sponseeByRef(sref('e2'));
    const [supporter] = await t.database.db.insert(supporters).values({ firstName: 'Undo', email: `undo${stamp}@example.org`, currencyCode: 'USD' }).returning({ id: supporters.id });
    // Starting next year: the sponsor count (and so the sponsee's updated_at) does not change.
    const started = await agent.post('/jpanel/sponsor', { sponsorship_id: child?.id, supporter_id: supporter?.id, started_at: `${new Date().getUTCFullYear() + 1}-01-01` });
    expect(started.statusCode, started.body).toBe(200);
    expect(await sponseeByRef(sref('e2'))).toMatchObject({ sponsorCount: 0, updatedAt: child?.updatedAt });
    const again = await agent.post(`/flatfile/imports/${sponsored.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toBe(UNDO_REFUSED);
    expect(await sponseeByRef(sref('e2'))).toMatchObject({ id: child?.id });
  });
});
