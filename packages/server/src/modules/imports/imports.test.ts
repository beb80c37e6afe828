import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type TestApp, createTestApp, signedIn } from '../../test/test-app.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { segmentItems, segments } from '../segments/segments.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { runImportJob } from './imports.test-helpers.ts';
import { UNDO_REFUSED } from './imports.service.ts';
import { importRows } from './imports.tables.ts';

/** Issue 15 (c): the supporter import job through the API, on PGlite and PostgreSQL. */
let t: TestApp;
let agent: Awaited<ReturnType<typeof signedIn>>['agent'];
let seq = 0;
const ref = () => `wb_test_${Date.now()}_${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
}, 120_000);

const runJob = (importId: number) => runImportJob(t.database, importId);

type Job = { id: number; status: string; progress: number; counts: Record<string, number>; message: string | null; undoable: boolean };

async function importRowsOf(rows: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const workbookId = ref();
  const submitted = await agent.post('/flatfile/imports/supporters', { external_reference: workbookId, rows, ...extra });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const job = submitted.json() as Job;
  expect(job).toMatchObject({ status: 'acknowledged', progress: 10 });
  const started = await agent.post('/flatfile/webhook/supporters', { workbookId });
  expect(started.statusCode, started.body).toBe(200);
  expect((started.json() as Job).status).toBe('processing');
  const progress = await runJob(job.id);
  const done = (await agent.get(`/flatfile/imports/${job.id}`)).json() as Job;
  return { job: done, progress, workbookId };
}

describe('field definitions and segment rules', () => {
  it('serves the fields of each kind and the segment values', async () => {
    for (const kind of ['contributions', 'sponsorships', 'sponsorships-timeline', 'supporters']) {
      const r = await agent.get(`/flatfile/fields/${kind}`);
      expect(r.statusCode, r.body).toBe(200);
      expect((r.json() as unknown[]).length).toBeGreaterThan(5);
    }
    const fields = (await agent.get('/flatfile/fields/contributions')).json() as { key: string; required: boolean; max: number | null }[];
    expect(fields.find((f) => f.key === 'organization_name')).toMatchObject({ max: 100, required: false });
    expect((await agent.get('/flatfile/fields/nope')).statusCode).toBe(422);
    const seg = await agent.get('/flatfile/field-rules/segments');
    expect(seg.statusCode).toBe(200);
    expect(Array.isArray(seg.json())).toBe(true);
  });

  it('option-list segments give a segment_<id> field with their values; text segments have none', async () => {
    const [country] = await t.database.db.insert(segments).values({ name: 'Import country', type: 'multi-select' }).returning();
    const [note] = await t.database.db.insert(segments).values({ name: 'Import note', type: 'text' }).returning();
    await t.database.db.insert(segmentItems).values([
      { segmentId: country?.id as number, name: 'Kenya', sequence: 1 },
      { segmentId: country?.id as number, name: 'Peru', sequence: 2 },
    ]);
    const rules = (await agent.get('/flatfile/field-rules/segments')).json() as { key: string; name: string; values: string[] }[];
    expect(rules).toEqual(expect.arrayContaining([
      { key: `segment_${country?.id}`, name: 'Import country', values: ['Kenya', 'Peru'] },
      { key: `segment_${note?.id}`, name: 'Import note', values: [] },
    ]));
    const fields = (await agent.get('/flatfile/fields/sponsorships')).json() as { key: string; options?: string[] }[];
    expect(fields.find((f) => f.key === `segment_${country?.id}`)?.options).toEqual(['Kenya', 'Peru']);
  });

  it('refuses a user without the imports permission, and anyone signed out', async () => {
    const { agent: clerk } = await signedIn(t, { permissions: ['supporter.view'] });
    expect((await clerk.get('/flatfile/fields/supporters')).statusCode).toBe(403);
    expect((await clerk.post('/flatfile/imports/supporters', { rows: [{ first_name: 'X' }] })).statusCode).toBe(403);
    const before = await queryRows(t.database.db, sql`select count(*)::int as n from imports`);
    expect((await clerk.post('/flatfile/webhook/supporters', { workbookId: 'x' })).statusCode).toBe(403);
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from imports`)).toEqual(before);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    [{}, 422],
    [{ rows: [] }, 422],
    [{ rows: 'x' }, 422],
    [{ rows: [{ first_name: 'A' }], mode: 'merge' }, 422],
    [{ rows: [{ first_name: 'A' }], external_reference: 'a\u0000b' }, 422],
  ])('%j → %i', async (body, status) => {
    const before = await queryRows(t.database.db, sql`select count(*)::int as n from imports`);
    const r = await agent.post('/flatfile/imports/supporters', body);
    expect(r.statusCode, r.body).toBe(status);
    expect((r.json() as { message: string }).message).toBeTruthy();
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from imports`)).toEqual(before);
  });

  it('a kind that is none of the four is refused clearly; an unknown workbook is the spec failure', async () => {
    const r = await agent.post('/flatfile/imports/donations', { rows: [{ first_name: 'A' }] });
    expect(r.statusCode).toBe(422);
    const w = await agent.post('/flatfile/webhook/supporters', { workbookId: 'never-submitted' });
    expect(w.statusCode).toBe(404);
    expect((w.json() as { message: string }).message).toBe("This job failed probably because it couldn't find the Almoner URL.");
    expect((await agent.get('/flatfile/imports/99999999')).statusCode).toBe(404);
    expect((await agent.get('/flatfile/imports/abc')).statusCode).toBeLessThan(500);
  });
});

describe('supporter import job', () => {
  it('re-validates every row, creates the good ones, returns the rejected ones, 10% → 100%', async () => {
    const email = `new${Date.now()}@example.org`;
    const { job, progress } = await importRowsOf([
      { first_name: 'Ada', last_name: 'Import', email, password: 'p4ss-word-xyz', bill_country: 'GB' },
      // The browser may say this is fine: the server checks again.
      { first_name: 'Bad', email: 'not-an-email', bill_country: 'GBR' },
    ]);
    expect(job).toMatchObject({ status: 'completed', progress: 100, counts: { created: 1, updated: 0, skipped: 0, rejected: 1 }, undoable: true });
    expect(job.message).toBe('Created 1, updated 0, skipped 0, rejected 1.');
    expect(progress.at(-1)).toBe(100);
    const [made] = await t.database.db.select().from(supporters).where(eq(supporters.email, email));
    expect(made).toMatchObject({ firstName: 'Ada', displayName: 'Ada Import', billCountry: 'GB', signUpMethod: 'import' });
    // The password was hashed, and never kept in plain text anywhere.
    expect(made?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(made?.passwordHash as string, 'p4ss-word-xyz')).toBe(true);
    const staged = await queryRows(t.database.db, sql`select raw::text as raw, sealed_secret from import_rows where import_id = ${job.id}`);
    expect(staged.every((r) => !String(r.raw).includes('p4ss-word-xyz') && r.sealed_secret === null)).toBe(true);

    const file = await agent.get(`/flatfile/imports/${job.id}/outcome.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body.split('\r\n')[0]).toBe('row,outcome,record_id,errors,warnings,first_name,last_name,email,bill_country');
    expect(file.body).toContain(`1,created,${made?.id}`);
    expect(file.body).toContain('2,rejected,,email: Email must be valid; bill_country: This field can contain a maximum of 2 characters.,,');
    const rejectedOnly = await agent.get(`/flatfile/imports/${job.id}/outcome.csv?rejected=1`);
    expect(rejectedOnly.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('a resubmitted job is one job', async () => {
    const workbookId = ref();
    const body = { external_reference: workbookId, rows: [{ first_name: 'Once', email: `once${Date.now()}@example.org` }] };
    const first = await agent.post('/flatfile/imports/supporters', body);
    const second = await agent.post('/flatfile/imports/supporters', body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect((second.json() as Job).id).toBe((first.json() as Job).id);
    const rows = await t.database.db.select().from(importRows).where(eq(importRows.importId, (first.json() as Job).id));
    expect(rows).toHaveLength(1);
  });

  it('matches by id, then e-mail, then name and address; modes update and skip', async () => {
    const stamp = Date.now();
    await importRowsOf([
      { first_name: 'Grace', last_name: 'Hopper', email: `grace${stamp}@example.org`, donor_id: `D${stamp}` },
      { first_name: 'Alan', last_name: 'Turing', bill_address_01: '1 Bletchley Park', bill_zip: 'MK3' },
    ]);
    const { job } = await importRowsOf(
      [
        { donor_id: `D${stamp}`, bill_city: 'Arlington' },
        { email: `GRACE${stamp}@example.org`, bill_state: 'VA' },
        { first_name: 'alan', last_name: 'TURING', bill_address_01: '1 bletchley park', bill_zip: 'mk3', referral_source: 'Radio' },
      ],
      { mode: 'update' },
    );
    expect(job.counts).toEqual({ created: 0, updated: 3, skipped: 0, rejected: 0 });
    const [grace] = await t.database.db.select().from(supporters).where(eq(supporters.donorId, `D${stamp}`));
    expect(grace).toMatchObject({ firstName: 'Grace', billCity: 'Arlington', billState: 'VA' });
    const [alan] = await t.database.db.select().from(supporters).where(sql`lower(${supporters.billAddress01}) = '1 bletchley park' and ${supporters.lastName} ilike 'turing'`);
    expect(alan?.referralSource).toBe('Radio');

    const skipped = await importRowsOf([{ email: `grace${stamp}@example.org`, bill_city: 'Nowhere' }], { mode: 'skip' });
    expect(skipped.job.counts).toEqual({ created: 0, updated: 0, skipped: 1, rejected: 0 });
    const [still] = await t.database.db.select().from(supporters).where(eq(supporters.id, grace?.id as number));
    expect(still?.billCity).toBe('Arlington');
  });

  it('maps the membership number; one another supporter holds rejects the row (issue 36)', async () => {
    const stamp = Date.now();
    const number = `MN-${stamp}`;
    const { job } = await importRowsOf([{ first_name: 'Meg', last_name: 'Member', email: `meg${stamp}@example.org`, membership_number: number }]);
    expect(job.counts).toMatchObject({ created: 1, rejected: 0 });
    const [meg] = await t.database.db.select().from(supporters).where(eq(supporters.email, `meg${stamp}@example.org`));
    expect(meg?.membershipNumber).toBe(number);
    // Her own number again on an update is no clash; the same number for someone else is.
    const again = await importRowsOf([{ email: `meg${stamp}@example.org`, membership_number: number.toLowerCase(), bill_city: 'Bath' }], { mode: 'update' });
    expect(again.job.counts).toMatchObject({ updated: 1, rejected: 0 });
    const clash = await importRowsOf([{ first_name: 'Other', email: `other${stamp}@example.org`, membership_number: number }]);
    expect(clash.job.counts).toMatchObject({ created: 0, rejected: 1 });
    const outcome = await agent.get(`/flatfile/imports/${clash.job.id}/outcome.csv?rejected=1`);
    expect(outcome.body).toContain(`This membership number already belongs to Meg Member (#${meg?.id})`);
    expect(await t.database.db.select().from(supporters).where(eq(supporters.email, `other${stamp}@example.org`))).toHaveLength(0);
  });

  it('a dry run reports what would happen and writes nothing', async () => {
    const stamp = Date.now();
    const before = await queryRows(t.database.db, sql`select count(*)::int as n, max(updated_at) as at from supporters`);
    const { job } = await importRowsOf(
      [{ first_name: 'Dry', email: `dry${stamp}@example.org` }, { email: 'bad' }],
      { dry_run: true },
    );
    expect(job).toMatchObject({ status: 'completed', counts: { created: 1, updated: 0, skipped: 0, rejected: 1 }, undoable: false });
    expect(job.message).toBe('Dry run: would create 1, update 0, skip 0, reject 1.');
    expect(await queryRows(t.database.db, sql`select count(*)::int as n, max(updated_at) as at from supporters`)).toEqual(before);
  });

  it('undo puts back a whole import, and refuses once a record has changed', async () => {
    const stamp = Date.now();
    await importRowsOf([{ first_name: 'Undo', last_name: 'Me', email: `keep${stamp}@example.org`, bill_city: 'Leeds' }]);
    const { job } = await importRowsOf(
      [{ email: `keep${stamp}@example.org`, bill_city: 'York' }, { first_name: 'Fresh', email: `fresh${stamp}@example.org` }],
      { mode: 'update' },
    );
    expect(job.counts).toMatchObject({ created: 1, updated: 1 });
    const undone = await agent.post(`/flatfile/imports/${job.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as Job).status).toBe('undone');
    const [kept] = await t.database.db.select().from(supporters).where(eq(supporters.email, `keep${stamp}@example.org`));
    expect(kept?.billCity).toBe('Leeds');
    expect(await t.database.db.select().from(supporters).where(eq(supporters.email, `fresh${stamp}@example.org`))).toHaveLength(0);
    expect((await agent.post(`/flatfile/imports/${job.id}/undo`)).statusCode).toBe(409);

    const second = await importRowsOf([{ first_name: 'Touched', email: `touched${stamp}@example.org` }]);
    await t.database.db.update(supporters).set({ billCity: 'Changed', updatedAt: new Date() }).where(eq(supporters.email, `touched${stamp}@example.org`));
    const refused = await agent.post(`/flatfile/imports/${second.job.id}/undo`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toBe(UNDO_REFUSED);
    expect(await t.database.db.select().from(supporters).where(eq(supporters.email, `touched${stamp}@example.org`))).toHaveLength(1);
  });

  it('lists jobs newest first', async () => {
    const list = await agent.get('/flatfile/imports.json?kind=supporters');
    expect(list.statusCode).toBe(200);
    const data = (list.json() as { data: Job[] }).data;
    expect(data.length).toBeGreaterThan(3);
    expect(data[0]?.id).toBeGreaterThan(data.at(-1)?.id as number);
  });
});

describe('timeline import', () => {
  it('posts on the sponsorship named by reference number, rejects unknown references, and undoes', async () => {
    const reference = `TL-${Date.now() % 1e9}`;
    const [sponsee] = await queryRows(t.database.db, sql`insert into sponsorships (reference_number, first_name, last_name) values (${reference}, 'Kofi', 'Mensah') returning id`);
    const workbookId = ref();
    const submitted = await agent.post('/flatfile/imports/sponsorships-timeline', {
      external_reference: workbookId,
      rows: [
        { reference_number: reference.toLowerCase(), headline: 'Back to school', posted_on: '09/01/2026', tag: 'Education', is_private: 'no', notify_sponsors: '0', message: 'Kofi started year 3.' },
        { reference_number: 'NOPE-1', headline: 'Lost', posted_on: '2026-09-01', tag: 'general', is_private: 'n', notify_sponsors: 'n', message: 'x' },
        { reference_number: reference, headline: 'Bad tag', posted_on: '2026-09-31', tag: 'party', is_private: '', notify_sponsors: 'n', message: 'x' },
      ],
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const job = submitted.json() as Job;
    expect((await agent.post('/flatfile/webhook/sponsorships-timeline', { workbookId })).statusCode).toBe(200);
    await runJob(job.id);
    const done = (await agent.get(`/flatfile/imports/${job.id}`)).json() as Job;
    expect(done).toMatchObject({ status: 'completed', progress: 100, counts: { created: 1, rejected: 2 } });
    const posts = await queryRows(t.database.db, sql`select headline, tag, posted_on::text as posted_on, is_private from timeline_posts where parent_type = 'sponsorship' and parent_id = ${sponsee?.id} and deleted_at is null`);
    expect(posts).toEqual([{ headline: 'Back to school', tag: 'education', posted_on: '2026-09-01', is_private: false }]);
    const file = (await agent.get(`/flatfile/imports/${job.id}/outcome.csv?rejected=1`)).body;
    expect(file).toContain('No sponsorship has the reference number NOPE-1.');
    expect(file).toContain('posted_on: Date is invalid.; is_private: Please fill this field.');
    expect((await agent.post(`/flatfile/imports/${job.id}/undo`)).statusCode).toBe(200);
    expect(await queryRows(t.database.db, sql`select id from timeline_posts where parent_id = ${sponsee?.id} and parent_type = 'sponsorship' and deleted_at is null`)).toEqual([]);
  });
});
