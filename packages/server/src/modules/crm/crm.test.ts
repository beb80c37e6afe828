import { crmMessages, SANDBOX_CRM_CREDENTIALS } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { DonorPerfectStub } from '../../test/donorperfect-stub.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { JOB_SCHEMA, JobQueue } from '../jobs/jobs.queue.ts';
import { putSettings } from '../settings/settings.service.ts';

/** Issue 13 item 2: the donor CRM on the sandbox and on DonorPerfect (a local stub), with background sync. */
let t: TestApp;
let agent: Agent;
let workers: JobQueue;
let stub: DonorPerfectStub;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

async function until(check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const queueIdle = async () => {
  const [r] = await rows(sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job where name in ('domain_event_delivery', 'crm_sync_record') and state in ('created', 'retry', 'active')`);
  return r?.n === 0;
};

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(120, 40));
  ({ agent } = await signedIn(t));
  stub = await new DonorPerfectStub().start();
  workers = new JobQueue(t.database, { work: true, pollingIntervalSeconds: 0.5 });
  await workers.start();
  // The demo's own events go by while the CRM is off: nothing of theirs may reach it.
  await until(queueIdle, 120_000);
}, 240_000);

afterAll(async () => {
  await workers.stop();
  await stub.stop();
});

/** A paid, unrefunded sandbox payment paying exactly one contribution. */
async function freshPayment(skip: number[] = []) {
  const [row] = await rows(sql`
    select p.id, l.contribution_id from payments p join payment_links l on l.payment_id = p.id join contributions c on c.id = l.contribution_id
     where p.gateway = 'sandbox' and p.status = 'succeeded' and p.amount_refunded = 0 and c.refunded_amount = 0 and c.paid_at is not null
       and c.deleted_at is null and (select count(*) from payment_links l2 where l2.payment_id = p.id) = 1
       and not exists (select 1 from crm_syncs s where s.contribution_id = c.id) and not (p.id = any(${`{${skip.join(',')}}`}::int[]))
     order by p.id desc limit 1`);
  if (!row) throw new Error('no payment left in the demo');
  return { payment: Number(row.id), contribution: Number(row.contribution_id) };
}
const paid = (contributionId: number) =>
  withActor(t.database.db, { userId: null, ip: null }, async (tx) => {
    const [c] = await queryRows(tx, sql`select supporter_id, total_amount, currency_code from contributions where id = ${contributionId}`);
    await recordEvent(tx, 'contribution.paid', { contribution_id: contributionId, supporter_id: c?.supporter_id === null ? null : Number(c?.supporter_id), total: { amount: Number(c?.total_amount) / 100, currency: String(c?.currency_code) } });
  });
const syncsOf = async (contributionId: number) => (await agent.get(`/jpanel/donor/contributions/${contributionId}/syncs.json`)).json() as { enabled: boolean; records: { id: number; kind: string; status: string; gift_id: string | null; donor_id: string | null; error: string | null }[] };
const settled = (contributionId: number, count = 1) => until(async () => {
  const list = (await syncsOf(contributionId)).records;
  return list.length >= count && list.every((r) => r.status === 'synced' || r.status === 'failed');
});

describe(`donor CRM on ${process.env.ALMONER_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('tests credentials: the sandbox takes only its documented test ones, DonorPerfect asks the stub', async () => {
    const verify = async (body: object) => (await agent.post('/jpanel/donor/verify_connection.json', body)).json();
    const test = SANDBOX_CRM_CREDENTIALS;
    expect(await verify({ apikey: 'short' })).toBe(false);
    // Any complete-looking credentials used to pass: a test that cannot fail proves nothing.
    expect(await verify({ apikey: 'a-sandbox-key-of-enough-length' })).toBe(false);
    expect(await verify({ username: 'me', password: 'pw' })).toBe(false);
    expect(await verify({ username: test.username, password: 'wrong' })).toBe(false);
    expect(await verify({ apikey: test.apikey })).toBe(true);
    expect(await verify({ username: test.username, password: test.password })).toBe(true);
    expect(await verify({ provider: 'donorperfect', api_url: stub.url, apikey: stub.apikey })).toBe(true);
    expect(await verify({ provider: 'donorperfect', api_url: stub.url, apikey: 'not-the-key' })).toBe(false);
    const bad = await agent.post('/jpanel/donor/verify_connection.json', { provider: 'donorperfect', api_url: 'ftp://x' });
    expect(bad.statusCode).toBe(422);
    const { agent: clerk } = await signedIn(t, { permissions: ['order.view'] });
    expect((await clerk.post('/jpanel/donor/verify_connection.json', { apikey: 'x' })).statusCode).toBe(403);
  });

  it('keeps the password and API key sealed and never answers them', async () => {
    const saved = await agent.post('/jpanel/donor/connection', { provider: 'donorperfect', api_url: stub.url, apikey: stub.apikey, username: 'staff', password: 'secret', web_url: 'https://crm.example.org/donor?id={donor_id}' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().connection).toMatchObject({ provider: 'donorperfect', has_apikey: true, has_password: true, enabled: false });
    expect(saved.body).not.toContain(stub.apikey);
    const [row] = await rows(sql`select apikey_sealed, password_sealed from crm_connection`);
    expect(String(row?.apikey_sealed)).not.toContain(stub.apikey);
    expect(String(row?.password_sealed)).not.toContain('secret');
    // A blank key keeps the stored one: the stored connection still works.
    await agent.post('/jpanel/donor/connection', { provider: 'donorperfect', api_url: stub.url, username: 'staff', web_url: 'https://crm.example.org/donor?id={donor_id}' });
    expect((await agent.post('/jpanel/donor/verify_connection.json', {})).json()).toBe(true);
  });

  it('answers no codes while the CRM is off, then reads, caches and clears them', async () => {
    expect((await agent.get('/jpanel/donor/codes/GL_CODE.json')).json()).toEqual([]);
    await putSettings(t.database.db, { edition_dp: true });
    const before = stub.calls.length;
    expect((await agent.get('/jpanel/donor/codes/GL_CODE.json')).json()).toEqual([{ code: 'GEN', description: 'General Fund' }]);
    expect((await agent.get('/jpanel/donor/codes/gl_code.json')).json()).toEqual([{ code: 'GEN', description: 'General Fund' }]);
    expect(stub.calls.length - before).toBe(1);
    expect((await agent.post('/jpanel/donor/codes/clearCache')).json()).toBe(true);
    stub.next = 'http500';
    expect((await agent.get('/jpanel/donor/codes/GL_CODE.json')).json()).toEqual([]);
    expect((await agent.get('/jpanel/donor/codes/GL_CODE.json')).json()).toHaveLength(1);
    expect((await agent.get('/jpanel/donor/codes/GL%20CODE.json')).statusCode).toBe(422);
    expect((await agent.get('/jpanel/donor/codes/GL_CODE')).statusCode).toBe(422);
  });

  it('pushes a paid contribution and its refund exactly once each, in the background', async () => {
    const { payment, contribution } = await freshPayment();
    await paid(contribution);
    await paid(contribution); // a second delivery of "paid" changes nothing
    await settled(contribution);
    const [gift] = (await syncsOf(contribution)).records;
    expect(gift).toMatchObject({ kind: 'gift', status: 'synced', error: null });
    expect(stub.gifts.filter((g) => (g.reference ?? '').startsWith('ALMONER-C-') && g.gift_id === gift?.gift_id)).toHaveLength(1);
    const [c] = await rows(sql`select c.gift_id, c.donor_id, s.donor_id as supporter_donor from contributions c left join supporters s on s.id = c.supporter_id where c.id = ${contribution}`);
    expect(c?.gift_id).toBe(gift?.gift_id);
    const giftsBefore = stub.count('dp_savegift');

    const refund = await agent.post(`/jpanel/transactions/${payment}/refund`);
    expect(refund.json().status, refund.body).toBe('success');
    await settled(contribution, 2);
    const refundRow = (await syncsOf(contribution)).records.find((r) => r.kind === 'refund');
    expect(refundRow).toMatchObject({ status: 'synced', donor_id: gift?.donor_id });
    expect(stub.count('dp_savegift')).toBe(giftsBefore + 1);
    expect(Number(stub.gifts.find((g) => g.gift_id === refundRow?.gift_id)?.amount)).toBeLessThan(0);
    await until(queueIdle);
    expect(stub.count('dp_savegift')).toBe(giftsBefore + 1);
  });

  it('shows the CRM\'s words when a push fails, and the retry action sends it', async () => {
    const { contribution } = await freshPayment();
    stub.next = 'refuse';
    await paid(contribution);
    await settled(contribution);
    const [failed] = (await syncsOf(contribution)).records;
    expect(failed).toMatchObject({ status: 'failed', error: 'Invalid donor record', gift_id: null });
    const retry = await agent.post(`/jpanel/donor/syncs/${failed?.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'success', record: { status: 'synced', error: null } });
    expect((await agent.post('/jpanel/donor/syncs/999999/retry')).statusCode).toBe(404);
  });

  it('resyncs a transaction into the same gift, or a new one with the warning when the CRM lost it', async () => {
    const { payment, contribution } = await freshPayment();
    await paid(contribution);
    await settled(contribution);
    const [first] = (await syncsOf(contribution)).records;
    const count = stub.gifts.length;
    const again = (await agent.post(`/jpanel/transactions/${payment}/sync_dpo`)).json();
    expect(again).toEqual({ status: 'success', message: crmMessages.resynced(payment, String(first?.gift_id)) });
    expect(stub.gifts.length).toBe(count);
    stub.gifts.splice(stub.gifts.findIndex((g) => g.gift_id === first?.gift_id), 1);
    const renewed = (await agent.post(`/jpanel/transactions/${payment}/sync_dpo`)).json();
    expect(renewed.status).toBe('success');
    expect(renewed.message).toContain(crmMessages.newGiftWarning(String(first?.gift_id)));
    const [second] = (await syncsOf(contribution)).records;
    expect(second?.gift_id).not.toBe(first?.gift_id);
    stub.next = 'http500';
    const down = (await agent.post(`/jpanel/transactions/${payment}/sync_dpo`)).json();
    expect(down).toEqual({ status: 'error', message: crmMessages.resyncFailed(payment, 'The donor CRM answered HTTP 500.') });
    expect((await agent.post('/jpanel/transactions/999999/sync_dpo')).statusCode).toBe(404);
  });

  it('shows a donor with gifts and look-alikes, and a gift with its donor and links out', async () => {
    const donor = stub.donors[0] as Record<string, string>;
    const view = await agent.post('/jpanel/donors/view', { id: donor.donor_id, first_name: donor.first_name, last_name: donor.last_name, email: donor.email });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().donor).toMatchObject({ donor_id: donor.donor_id, url: `https://crm.example.org/donor?id=${donor.donor_id}` });
    const giftId = stub.gifts.find((g) => g.donor_id === donor.donor_id)?.gift_id as string;
    const gift = await agent.post('/jpanel/donors/gift', { id: giftId });
    expect(gift.json()).toMatchObject({ gift: { gift_id: giftId }, donor: { donor_id: donor.donor_id } });
    expect((await agent.post('/jpanel/donors/gift', { id: '77777777' })).json()).toMatchObject({ message: crmMessages.giftNotFound });
    expect((await agent.post('/jpanel/donors/view', { id: 'drop table' })).statusCode).toBe(422);

  }, 40_000);

  it('works the same on the built-in sandbox', async () => {
    stub.next = null;
    await agent.post('/jpanel/donor/connection', { provider: 'sandbox' });
    const { contribution } = await freshPayment();
    await paid(contribution);
    await settled(contribution);
    const [record] = (await syncsOf(contribution)).records;
    expect(record).toMatchObject({ status: 'synced' });
    const [g] = await rows(sql`select donor_id, amount, reference from crm_sandbox_gifts where id = ${Number(record?.gift_id)}`);
    expect(String(g?.reference)).toMatch(/^ALMONER-C-/);
    const view = (await agent.post('/jpanel/donors/view', { id: record?.donor_id })).json();
    expect(view.donor.url).toBe(`/jpanel/donor-crm/sandbox/${record?.donor_id}`);
    expect(view.gifts.map((x: { gift_id: string }) => x.gift_id)).toContain(record?.gift_id);
    expect((await agent.get('/jpanel/donor/codes/CAMPAIGN.json')).json().length).toBeGreaterThan(0);
    await putSettings(t.database.db, { edition_dp: false });
    expect((await agent.post('/jpanel/donors/view', { id: record?.donor_id })).json()).toMatchObject({ message: crmMessages.disabled });
  });
});
