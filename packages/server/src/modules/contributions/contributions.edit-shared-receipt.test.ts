import { contributionEditMessages as m, contributionNumber } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { runOnce } from '../jobs/jobs.queue.ts';
import { cardToken, makeOrder, makeSupporter, makeVariant } from '../pos/pos.complete.fixtures.ts';
import { receiptMailValues } from '../receipts/receipts.pdf.ts';
import { runYearEnd } from '../receipts/receipts.year-end.job.ts';

/**
 * Issue 37 item 1: a gift on a receipt it shares with other gifts (a year-end one) can still be
 * given to another donor or re-dated. The receipt is revised, not refused and not edited in place.
 */
let t: TestApp;
let admin: Agent;
const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};

/** A paid $25.00 receiptable donation of `supporterId`, dated `day` (paid and ordered), without a receipt of its own. */
async function giftOn(supporterId: number, day: string): Promise<number> {
  const v = await makeVariant(db(), { price: 2500, quantity: 5, receiptable: true });
  const o = await makeOrder(db(), { supporterId, items: [{ variantId: v.variantId, productId: v.productId, price: 2500 }] });
  await db().execute(sql`update contribution_items set is_donation = true where contribution_id = ${o.id}`);
  const paid = await admin.post(`/jpanel/pos/${o.id}/complete`, { payment_type: 'credit_card', token: await cardToken(db()) });
  expect(paid.statusCode, paid.body).toBe(200);
  // The point of sale receipted it at once; the year-end run is to receipt it instead.
  const single = await one(sql`select tax_receipt_id as id from tax_receipt_lines where contribution_id = ${o.id} and live`);
  if (single.id) expect((await admin.post(`/jpanel/tax_receipt/${Number(single.id)}/void`, {})).statusCode).toBe(200);
  await db().execute(sql`update contributions set paid_at = ${`${day}T15:00:00Z`}::timestamptz, ordered_at = ${`${day}T15:00:00Z`}::timestamptz where id = ${o.id}`);
  return o.id;
}

const receiptOf = (id: number) => one(sql`select r.id, r.number, r.amount::int as amount, r.supporter_id from tax_receipt_lines l join tax_receipts r on r.id = l.tax_receipt_id where l.contribution_id = ${id} and l.live`);
const lines = (receiptId: number) =>
  queryRows(db(), sql`select contribution_id, to_char(donated_at at time zone 'UTC', 'YYYY-MM-DD') as day, removed_at is not null as removed, live
                        from tax_receipt_lines where tax_receipt_id = ${receiptId} order by contribution_id`);
const reasons = async (receiptId: number) => (await queryRows(db(), sql`select reason from tax_receipt_revisions where tax_receipt_id = ${receiptId} order by revision`)).map((r) => r.reason);

let donor: number;
let gifts: number[];
let receipt: { id: number; number: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  donor = await makeSupporter(db());
  gifts = [await giftOn(donor, '2025-03-10'), await giftOn(donor, '2025-06-20'), await giftOn(donor, '2025-09-30')];
  const started = await admin.post('/jpanel/tax_receipts/year_end/runs', { from: '2025-01-01', to: '2025-12-31' });
  expect(started.statusCode, started.body).toBe(200);
  const runId = (started.json() as { run: { id: number } }).run.id;
  await runYearEnd({ data: { run_id: runId }, database: t.database, once: (key, effect) => runOnce(t.database, key, null, effect), progress: async () => {}, retryCount: 0, retryLimit: 3 });
  const issued = await receiptOf(gifts[0] as number);
  receipt = { id: Number(issued.id), number: String(issued.number) };
  expect(issued.amount).toBe(7500);
}, 120_000);

describe('a gift on a receipt shared with other gifts', () => {
  it('re-dated inside the receipt’s period: the receipt is revised with the new date and keeps its amount', async () => {
    const [first] = gifts as [number];
    const answer = await admin.post(`/jpanel/contributions/${first}`, { ordered_at: '2025-03-12' });
    expect(answer.statusCode, answer.body).toBe(200);
    const revised = `${receipt.number}-R1`;
    expect(answer.json()).toMatchObject({ receipt_number: revised, message: `${m.updated(contributionNumber(first))} ${m.receiptRevised(revised)}` });
    expect(await receiptOf(first)).toMatchObject({ id: receipt.id, number: revised, amount: 7500 });
    expect((await lines(receipt.id))[0]).toMatchObject({ contribution_id: first, day: '2025-03-12', removed: false, live: true });
    expect(await reasons(receipt.id)).toEqual([expect.stringMatching(/^The date of Contribution #.+ was corrected to Mar 12, 2025\.$/)]);
  });

  it('given to another donor: it leaves the receipt, which is revised without it, and can have a receipt of its own', async () => {
    const [, second] = gifts as [number, number];
    const other = await makeSupporter(db());
    const answer = await admin.post(`/jpanel/contributions/${second}`, { supporter_id: other });
    expect(answer.statusCode, answer.body).toBe(200);
    const revised = `${receipt.number}-R2`;
    expect(answer.json()).toMatchObject({ receipt_number: revised, message: `${m.updated(contributionNumber(second))} ${m.leftSharedReceipt(`${receipt.number}-R1`, revised)}` });
    // The receipt stays the first donor's, for the two gifts left.
    expect(await one(sql`select number, amount::int as amount, supporter_id from tax_receipts where id = ${receipt.id}`)).toEqual({ number: revised, amount: 5000, supporter_id: donor });
    expect(await receiptOf(second)).toEqual({});
    expect((await lines(receipt.id)).find((l) => l.contribution_id === second)).toMatchObject({ removed: true, live: false });
    expect((await reasons(receipt.id))[1]).toMatch(/^Contribution #.+ was moved to another supporter and is no longer on this receipt\.$/);
    // Its revision records the amount from → to, and the receipt as sent now lists two gifts.
    const [revision] = await queryRows(db(), sql`select changes from tax_receipt_revisions where tax_receipt_id = ${receipt.id} and revision = 2`);
    expect(revision?.changes).toEqual([{ label: 'Amount', from: '75.00', to: '50.00' }]);
    expect(String((await receiptMailValues(db(), receipt.id)).receipt?.summary_table ?? '').split('\n')).toHaveLength(2);
    // Now without a receipt, the gift is receipted for its new donor.
    const own = await admin.post(`/jpanel/contributions/${second}/tax_receipt`, { issue: true });
    expect(own.statusCode, own.body).toBe(200);
    expect(await receiptOf(second)).toMatchObject({ supporter_id: other, amount: 2500 });
  });

  it('re-dated outside the period: it leaves the receipt, and the receipt page shows the line as removed', async () => {
    const [, , third] = gifts as [number, number, number];
    const answer = await admin.post(`/jpanel/contributions/${third}`, { ordered_at: '01/05/2026' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ receipt_number: `${receipt.number}-R3` });
    expect((await reasons(receipt.id))[2]).toMatch(/is now dated Jan 5, 2026, outside this receipt’s period \(Jan 1, 2025 to Dec 31, 2025\), and is no longer on this receipt\.$/);
    const shown = (await admin.post(`/jpanel/tax_receipt/${receipt.id}/modal`, {})).json() as { amount: number; lines: { contribution_id: number; removed_at: string | null }[] };
    expect(shown.amount).toBe(25);
    expect(shown.lines.map((l) => [l.contribution_id, l.removed_at !== null])).toEqual([[gifts[0], false], [gifts[1], true], [gifts[2], true]]);
  });
});
