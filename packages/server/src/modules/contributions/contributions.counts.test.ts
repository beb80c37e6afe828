import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, contributionStatuses } from '@almoner/contracts';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 6 item 23: the listing's total and its status-only counts come from counts the database
 * keeps (contribution_counts), exact at any size. They must equal a real count after every kind
 * of write: insert, soft delete, restore, status change, hard delete, and many small statements.
 */
let t: TestApp;
let agent: Agent;
type Page = { recordsTotal: number; recordsFiltered: number; capped: boolean; counts: string };

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
}, 120_000);

const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

async function page(body: Record<string, unknown>): Promise<Page> {
  const response = await agent.post('/jpanel/contributions-v2.listing', { length: 10, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

/** Every count the kept counts answer, checked against counting the rows. */
async function expectCountsRight(label: string) {
  // The ledger's rows: live, and not an open point-of-sale sale (issue 41, migration 0046).
  const inLedger = sql`deleted_at is null and not (is_pos and paid_at is null and payment_status is null)`;
  const [real] = await rows(sql`select count(*)::int as total, count(*) filter (where not is_spam)::int as listed from contributions where ${inLedger}`);
  const all = await page({});
  expect(all, label).toMatchObject({ recordsTotal: real?.total, recordsFiltered: real?.listed, capped: false });
  for (const { value } of [...contributionStatuses, { value: 'spam' }]) {
    const [n] = await rows(sql`select count(*)::int as n from contributions c where ${inLedger} and c.status = ${value}`);
    expect((await page({ status: value })).recordsFiltered, `${label}: ${value}`).toBe(n?.n);
  }
}

let uuid = 0;
const insert = (values: ReturnType<typeof sql>) =>
  rows(sql`insert into contributions (client_uuid, paid_at, payment_status, total_amount, subtotal_amount, refunded_amount,
                                      currency_code, functional_currency_code, functional_exchange_rate, functional_total_amount)
           select 'kept-' || ${++uuid} || '-' || g, ${values}, 'USD', 'USD', 1, 0 from generate_series(1, 3) g returning id`);

describe('kept contribution counts', () => {
  it('answer the total and each status exactly after every kind of write', async () => {
    await expectCountsRight('seeded');
    const inserted = (await insert(sql`now(), 'succeeded', 5000, 5000, 0`)).map((r) => Number(r.id));
    const list = sql.join(inserted.map((id) => sql`${id}`), sql`, `);
    await expectCountsRight('after insert');
    await exec(sql`update contributions set refunded_amount = 1000 where id in (${list})`);
    await expectCountsRight('after a partial refund');
    await exec(sql`update contributions set payment_status = 'failed' where id = ${inserted[0] as number}`);
    await expectCountsRight('after a failed payment');
    expect((await agent.post('/jpanel/contributions/batch', { action: 'spam', ids: inserted })).statusCode).toBe(200);
    await expectCountsRight('after marking spam');
    expect((await agent.post('/jpanel/contributions/batch', { action: 'not_spam', ids: inserted })).statusCode).toBe(200);
    await expectCountsRight('after unmarking spam');
    await exec(sql`update contributions set deleted_at = now() where id = ${inserted[1] as number}`);
    await expectCountsRight('after a soft delete');
    await exec(sql`update contributions set deleted_at = null where id = ${inserted[1] as number}`);
    await expectCountsRight('after a restore');
    // Status history is kept with RESTRICT (issue 7 item 8), so a hard delete takes it first.
    await exec(sql`delete from contribution_status_history where contribution_id in (${list})`);
    await exec(sql`delete from contributions where id in (${list})`);
    await expectCountsRight('after a hard delete');

    // Open sales at the point of sale are not counted until a payment is tried or they are paid.
    const sales = (await insert(sql`null, null, 2500, 2500, 0`)).map((r) => Number(r.id));
    await exec(sql`update contributions set is_pos = true where id in (${sql.join(sales.map((id) => sql`${id}`), sql`, `)})`);
    await expectCountsRight('after point-of-sale sales were opened');
    await exec(sql`update contributions set payment_status = 'pending' where id = ${sales[0] as number}`);
    await expectCountsRight('after a payment was tried on one');
    await exec(sql`update contributions set paid_at = now(), payment_status = 'succeeded' where id = ${sales[1] as number}`);
    await expectCountsRight('after one was paid');
    await exec(sql`update contributions set deleted_at = now() where id = ${sales[2] as number}`);
    await expectCountsRight('after one was discarded');
  });

  it('fold their rows when they pile up, without changing the answer', async () => {
    for (let i = 0; i < 80; i++) await insert(sql`null, null, 100, 100, 0`);
    const [before] = await rows(sql`select count(*)::int as n from contribution_counts`);
    expect(before?.n).toBeGreaterThan(64);
    await expectCountsRight('piled up');
    const [after] = await rows(sql`select count(*)::int as n from contribution_counts`);
    expect(after?.n).toBeLessThanOrEqual(contributionStatuses.length + 1);
    await expectCountsRight('folded');
  });

  it('are exact past the cap where counting rows stops', async () => {
    // A kept total of more rows than the cap is reported as it is, not as a lower bound.
    await exec(sql`insert into contribution_counts (status, n) values ('paid', ${COUNT_CAP * 3})`);
    const all = await page({});
    expect(all.capped).toBe(false);
    expect(all.recordsFiltered).toBeGreaterThan(COUNT_CAP * 3);
    await exec(sql`insert into contribution_counts (status, n) values ('paid', ${-COUNT_CAP * 3})`);
  });
});
