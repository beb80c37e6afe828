import { crmMessages, donorImportMessages, type DonorImportRun } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { DonorPerfectStub } from '../../test/donorperfect-stub.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { JobQueue } from '../jobs/jobs.queue.ts';
import { putSettings } from '../settings/settings.service.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { DONOR_PAGE } from './crm.donor-import.ts';

/** Issue 16 item 3: the user form's donor import (spec part 3 §7 "POST /jpanel/donors/import"), against a DonorPerfect stub. */
let t: TestApp;
let agent: Agent;
let workers: JobQueue;
let stub: DonorPerfectStub;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const DONORS = DONOR_PAGE + 50;

/** Polls the run until it ends; the test's own timeout bounds the wait (no stopwatch of its own). */
async function finished(id: number): Promise<DonorImportRun> {
  for (;;) {
    const run = (await agent.get(`/jpanel/donors/import/${id}`)).json().data as DonorImportRun;
    if (run.status === 'complete' || run.status === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const start = async (createLogin: 0 | 1) => {
  const res = await agent.post('/jpanel/donors/import', { create_login: createLogin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; data: DonorImportRun };
};

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  stub = await new DonorPerfectStub().start();
  for (let i = 1; i <= DONORS; i++) {
    stub.donors.push({
      donor_id: String(2000 + i), first_name: `Donor${i}`, last_name: 'Crm', email: i % 5 === 0 ? '' : `donor${i}@example.org`,
      address: `${i} Main St`, city: 'Springfield', state: 'IL', zip: '62701', country: i % 2 ? 'US' : 'United States',
    });
  }
  // One donor with an e-mail too long for a supporter: kept without it, never cut.
  stub.donors.push({ donor_id: '9000', first_name: 'Long', last_name: 'Mail', email: `${'x'.repeat(50)}@example.org`, address: '', city: '', state: '', zip: '', country: 'Narnia' });
  // A supporter typed here with donor 2001's e-mail, and one already linked to donor 2002 with its own first name.
  await t.database.db.insert(supporters).values([
    { firstName: 'Ann', lastName: 'Typed', email: 'DONOR1@example.org', currencyCode: 'USD' },
    { firstName: 'Bea', lastName: null, donorId: '2002', currencyCode: 'USD' },
  ]);
  workers = new JobQueue(t.database, { work: true, pollingIntervalSeconds: 0.5 });
  await workers.start();
}, 120_000);

afterAll(async () => {
  await workers.stop();
  await stub.stop();
});

describe(`donor import on ${process.env.ALMONER_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('refuses while the CRM is off, bad input, and staff who may not add supporters', async () => {
    const off = await agent.post('/jpanel/donors/import', { create_login: 1 });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toBe(crmMessages.disabled);
    await putSettings(t.database.db, { edition_dp: true });
    expect((await agent.post('/jpanel/donor/connection', { provider: 'donorperfect', api_url: stub.url, apikey: stub.apikey })).statusCode).toBe(200);
    expect((await agent.post('/jpanel/donors/import', { create_login: 2 })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/donors/import', { create_login: 'yes' })).statusCode).toBe(422);
    const { agent: viewer } = await signedIn(t, { permissions: ['member.view', 'user.edit'] });
    expect((await viewer.post('/jpanel/donors/import', { create_login: 0 })).statusCode).toBe(403);
    expect((await viewer.get('/jpanel/donors/import/latest.json')).statusCode).toBe(403);
    expect((await agent.get('/jpanel/donors/import/latest.json')).json()).toEqual({ data: null });
    expect((await agent.get('/jpanel/donors/import/999999')).statusCode).toBe(404);
    expect(await rows(sql`select id from crm_donor_imports`)).toEqual([]);
  });

  it('imports every donor page by page, links by e-mail, keeps what staff typed, and gives new supporters with an e-mail a login', async () => {
    const first = await start(1);
    expect(first.message).toBe(donorImportMessages.started);
    // A second click while it runs joins the same run rather than starting another.
    const again = await agent.post('/jpanel/donors/import', { create_login: 0 });
    if (again.json().data.id === first.data.id) expect(again.json().message).toBe(donorImportMessages.running);
    const run = await finished(first.data.id);
    expect(run).toMatchObject({ status: 'complete', progress: 100, read: DONORS + 1, updated: 2, create_login: true, error: null });
    expect(run.created).toBe(DONORS - 1);
    const withEmail = stub.donors.filter((d) => d.email && d.email.length <= 45 && !['2001', '2002'].includes(d.donor_id as string)).length;
    expect(run.logins).toBe(withEmail);
    expect(run.started_by).toMatch(/^Test User/);

    const [ann] = await rows(sql`select first_name, last_name, email, donor_id, bill_city, password_hash from supporters where email = 'DONOR1@example.org'`);
    expect(ann).toMatchObject({ first_name: 'Ann', last_name: 'Typed', donor_id: '2001', bill_city: 'Springfield', password_hash: null });
    const [bea] = await rows(sql`select first_name, last_name from supporters where donor_id = '2002'`);
    expect(bea).toMatchObject({ first_name: 'Bea', last_name: 'Crm' });
    const [made] = await rows(sql`select display_name, bill_country, sign_up_method, password_hash is not null as login from supporters where donor_id = '2004'`);
    expect(made).toMatchObject({ display_name: 'Donor4 Crm', bill_country: 'US', sign_up_method: 'donor_crm', login: true });
    const [noMail] = await rows(sql`select email, password_hash is not null as login from supporters where donor_id = '2005'`);
    expect(noMail).toMatchObject({ email: null, login: false });
    const [long] = await rows(sql`select email, bill_country from supporters where donor_id = '9000'`);
    expect(long).toMatchObject({ email: null, bill_country: null });
    // Pages of DONOR_PAGE, each its own transaction; a short page is the last, so no empty read follows.
    expect(stub.calls.filter((c) => /FROM dp WHERE donor_id>/.test(c.action))).toHaveLength(2);
  }, 120_000);

  it('changes nothing when run again, and never duplicates a donor', async () => {
    const before = await rows(sql`select id, first_name, last_name, email, donor_id, updated_at from supporters order by id`);
    const { data } = await start(0);
    const run = await finished(data.id);
    expect(run).toMatchObject({ status: 'complete', created: 0, updated: 0, logins: 0, read: DONORS + 1 });
    expect(await rows(sql`select id, first_name, last_name, email, donor_id, updated_at from supporters order by id`)).toEqual(before);
    const [dupes] = await rows(sql`select count(*)::int as n from (select donor_id from supporters where donor_id is not null group by donor_id having count(*) > 1) d`);
    expect(dupes?.n).toBe(0);
    expect((await agent.get('/jpanel/donors/import/latest.json')).json().data.id).toBe(data.id);
  }, 120_000);

  it('fails with the CRM\'s words when it refuses, and records nothing half-done', async () => {
    const count = await rows(sql`select count(*)::int as n from supporters`);
    stub.next = 'refuse';
    const { data } = await start(0);
    const run = await finished(data.id);
    expect(run.status).toBe('failed');
    expect(run.error).toBe('Invalid donor record');
    expect(await rows(sql`select count(*)::int as n from supporters`)).toEqual(count);
  });
});
