import { randomUUID } from 'node:crypto';
import { yearEndMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { runOnce } from '../jobs/jobs.queue.ts';
import { runYearEnd } from './receipts.year-end.job.ts';
import { receiptableAmountSql } from './receipts.service.ts';

let t: TestApp;
let agent: Agent;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const one = async (q: ReturnType<typeof sql>) => (await rows(q))[0];

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
}, 180_000);

/** Paid, receiptable, unrefunded demo gifts of known donors, freed of their receipts. */
async function freeGifts(n: number, offset: number): Promise<{ id: number; amount: number }[]> {
  const found = await rows(sql`
    select x.id, (${receiptableAmountSql(sql`x.id`, true)})::int as amount from contributions x
     where x.supporter_id is not null and x.paid_at is not null and x.refunded_amount = 0 and x.deleted_at is null and x.tax_receipt_type <> 'none'
       and (${receiptableAmountSql(sql`x.id`, true)}) > 0 and x.paid_at < '2030-01-01'
     order by x.id limit ${n} offset ${offset}`);
  const ids = sql.join(found.map((r) => sql`${r.id}`), sql`, `);
  await t.database.db.execute(sql`update tax_receipts set status = 'void', voided_at = now()
    where status = 'issued' and id in (select tax_receipt_id from tax_receipt_lines where live and contribution_id in (${ids}))`);
  await t.database.db.execute(sql`update tax_receipts set deleted_at = now()
    where status = 'draft' and id in (select tax_receipt_id from tax_receipt_lines where live and contribution_id in (${ids}))`);
  return found.map((r) => ({ id: Number(r.id), amount: Number(r.amount) }));
}

async function donor(name: string, contact: { email?: string | null; address?: boolean; country?: string }): Promise<number> {
  const [last = name, first = 'Test'] = name.split(' ').reverse();
  const row = await one(sql`insert into supporters (first_name, last_name, display_name, email, bill_first_name, bill_last_name, bill_email,
      bill_address_01, bill_city, bill_state, bill_zip, bill_country, currency_code)
    values (${first}, ${last}, ${name}, ${contact.email ?? null}, ${first}, ${last}, ${contact.email ?? null},
      ${contact.address ? '1 Main St' : null}, ${contact.address ? 'Denver' : null}, ${contact.address ? 'CO' : null}, ${contact.address ? '80202' : null},
      ${contact.country ?? 'US'}, 'USD') returning id`);
  return Number(row?.id);
}

/** Moves gifts to a donor and a day of the test's own period, in a currency. */
async function give(gift: { id: number }, supporterId: number, day: string, currency = 'USD') {
  await t.database.db.execute(sql`update contributions set supporter_id = ${supporterId}, paid_at = ${`${day}T15:00:00Z`}::timestamptz,
    currency_code = ${currency}, bill_country = 'US' where id = ${gift.id}`);
}

const period = { from: '2031-01-01', to: '2031-12-31' };
type DryRun = { receipts: number; donors: number; gifts: number; totals: { currency_code: string; amount: number; receipts: number }[]; skipped_counts: Record<string, number>; skipped: { supporter_id: number; reason: string; gifts: number }[]; below_minimum: number };
const dryRun = async (body: Record<string, unknown> = period) => {
  const response = await agent.post('/jpanel/tax_receipts/year_end/dry_run', body);
  return { status: response.statusCode, body: response.json() as DryRun & { message?: string; errors?: Record<string, string[]> } };
};
const job = (runId: number, once = (key: string, effect: Parameters<typeof runOnce>[3]) => runOnce(t.database, key, null, effect)) =>
  runYearEnd({ data: { run_id: runId }, database: t.database, once, progress: async () => {}, retryCount: 0, retryLimit: 3 });

let ada: number, bob: number, cleo: number, dora: number, emil: number;
let adaUsd: number, adaCad: number;

describe('year-end consolidated receipts', () => {
  beforeAll(async () => {
    const gifts = await freeGifts(8, 5);
    ada = await donor('Ada Lovelace', { email: 'ada@example.org' });
    bob = await donor('Bob Nocontact', {});
    cleo = await donor('Cleo Refunded', { address: true });
    dora = await donor('Dora Receipted', { email: 'dora@example.org' });
    emil = await donor('Emil Abroad', { email: 'emil@example.org', country: 'CA' });
    const [g0, g1, g2, g3, g4, g5, g6] = gifts as [typeof gifts[0], typeof gifts[0], typeof gifts[0], typeof gifts[0], typeof gifts[0], typeof gifts[0], typeof gifts[0]];
    await give(g0, ada, '2031-02-01');
    await give(g1, ada, '2031-11-30');
    await give(g2, ada, '2031-05-05', 'CAD');
    adaUsd = g0.amount + g1.amount;
    adaCad = g2.amount;
    await give(g3, bob, '2031-03-03');
    await give(g4, cleo, '2031-04-04');
    await t.database.db.execute(sql`update contributions set refunded_amount = 100 where id = ${g4.id}`);
    await give(g5, dora, '2031-06-06');
    await agent.post(`/jpanel/contributions/${g5.id}/tax_receipt`, { issue: true });
    await give(g6, emil, '2031-07-07');
    // Outside the period: never counted.
    const [late] = gifts.slice(7);
    if (late) await give(late, ada, '2032-01-01');
  });

  it('refuses a bad period or filter with a clear message and changes nothing', async () => {
    expect((await dryRun({ from: '2031-12-31', to: '2031-01-01' })).status).toBe(422);
    const long = await dryRun({ from: '2030-01-01', to: '2031-12-31' });
    expect(long.status).toBe(422);
    expect(long.body.errors?.to).toEqual([yearEndMessages.periodTooLong]);
    expect((await dryRun({ from: '2031-02-30', to: '2031-12-31' })).status).toBe(422);
    expect((await dryRun({ ...period, currency: 'XYZ' })).status).toBe(422);
    expect((await dryRun({ ...period, min_amount: '-5' })).status).toBe(422);
    expect((await dryRun({ from: '2031-01-01\u0000', to: '2031-12-31' })).status).toBe(422);
    expect(await one(sql`select count(*)::int as n from tax_receipt_runs`)).toEqual({ n: 0 });
  });

  it('dry run: counts, totals per currency and the donors skipped with why', async () => {
    const { status, body } = await dryRun();
    expect(status).toBe(200);
    expect(body.receipts).toBe(2);
    expect(body.donors).toBe(1);
    expect(body.gifts).toBe(3);
    expect(body.totals).toEqual([
      { currency_code: 'CAD', amount: adaCad / 100, receipts: 1 },
      { currency_code: 'USD', amount: adaUsd / 100, receipts: 1 },
    ]);
    expect(body.skipped_counts).toEqual({ no_contact: 1, refunded: 1, already_receipted: 1, country: 1 });
    const reasons = Object.fromEntries(body.skipped.map((s) => [s.supporter_id, s.reason]));
    expect(reasons).toEqual({ [bob]: 'no_contact', [cleo]: 'refunded', [dora]: 'already_receipted', [emil]: 'country' });
    // The filter: one currency, and a minimum per receipt.
    const cad = await dryRun({ ...period, currency: 'cad' });
    expect(cad.body.totals).toEqual([{ currency_code: 'CAD', amount: adaCad / 100, receipts: 1 }]);
    const high = await dryRun({ ...period, min_amount: String(adaCad / 100 + 0.01) });
    expect(high.body.receipts).toBe(adaUsd > adaCad ? 1 : 0);
    expect(high.body.below_minimum).toBe(adaUsd > adaCad ? 1 : 2);
  });

  it('only staff who may edit receipts can run it', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['taxreceipt.view'] });
    expect((await viewer.post('/jpanel/tax_receipts/year_end/dry_run', period)).statusCode).toBe(403);
    expect((await viewer.post('/jpanel/tax_receipts/year_end/runs', period)).statusCode).toBe(403);
    expect((await viewer.get('/jpanel/tax_receipts/year_end/runs.json')).statusCode).toBe(200);
  });

  it('issues in the background: one receipt per donor and currency, once, even after a crash mid-batch', async () => {
    const started = await agent.post('/jpanel/tax_receipts/year_end/runs', period);
    expect(started.statusCode, started.body).toBe(200);
    const { run, message } = started.json() as { run: { id: number; status: string; planned: number }; message: string };
    expect(run).toMatchObject({ status: 'queued', planned: 2 });
    expect(message).toBe(yearEndMessages.queued(2));
    expect(await one(sql`select count(*)::int as n from pgboss.job where name = 'tax_receipt_year_end' and data->>'run_id' = ${String(run.id)}`)).toEqual({ n: 1 });
    // One run at a time.
    const again = await agent.post('/jpanel/tax_receipts/year_end/runs', period);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: yearEndMessages.busy });

    // The first attempt dies after its first donor's receipt is committed.
    let done = 0;
    await expect(job(run.id, async (key, effect) => {
      if (done++ === 1) throw new Error('worker died');
      return runOnce(t.database, key, randomUUID(), effect);
    })).rejects.toThrow('worker died');
    expect(await one(sql`select count(*)::int as n from tax_receipts where year_end_run_id = ${run.id}`)).toEqual({ n: 1 });
    await job(run.id);
    await job(run.id);
    const issued = await rows(sql`select r.number, r.amount::int as amount, r.currency_code, r.receipt_type, r.status, r.email,
        (select count(*)::int from tax_receipt_lines l where l.tax_receipt_id = r.id and l.live) as lines
      from tax_receipts r where r.year_end_run_id = ${run.id} order by r.currency_code`);
    expect(issued.map(({ number: _n, ...r }) => r)).toEqual([
      { amount: adaCad, currency_code: 'CAD', receipt_type: 'consolidated', status: 'issued', email: 'ada@example.org', lines: 1 },
      { amount: adaUsd, currency_code: 'USD', receipt_type: 'consolidated', status: 'issued', email: 'ada@example.org', lines: 2 },
    ]);
    const counters = issued.map((r) => Number(String(r.number).slice(-9))).sort((a, b) => a - b);
    expect(counters[1]! - counters[0]!).toBe(1);

    const read = (await agent.get(`/jpanel/tax_receipts/year_end/runs/${run.id}`)).json() as Record<string, unknown>;
    expect(read).toMatchObject({ status: 'completed', issued: 2, progress: 100, totals: [{ currency_code: 'CAD', amount: adaCad / 100, receipts: 1 }, { currency_code: 'USD', amount: adaUsd / 100, receipts: 1 }] });
    const list = (await agent.get('/jpanel/tax_receipts/year_end/runs.json')).json() as { data: { id: number }[] };
    expect(list.data[0]?.id).toBe(run.id);
    // Now Ada is receipted: nothing left, and a new run is refused.
    expect((await dryRun()).body.skipped_counts.already_receipted).toBe(3);
    const none = await agent.post('/jpanel/tax_receipts/year_end/runs', period);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: yearEndMessages.nothingToIssue });
    expect((await agent.get('/jpanel/tax_receipts/year_end/runs/999999')).statusCode).toBe(404);
  });
});
