import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
}, 180_000);

type Row = { id: string; number: string; kind: string; at: string | null; amount: number | null; currency_code: string | null; name: string | null; detail: string | null; receipt_id: number | null };
const ledger = async (body: Record<string, unknown>) => {
  const response = await agent.post('/jpanel/tax_receipts/ledger.ajax', { length: 500, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { recordsFiltered: number; data: Row[] };
};

/** Paid US gifts whose issued receipt is voided first (as a refund would), so they can be receipted again. */
async function freeContributions(n: number): Promise<number[]> {
  const found = await rows(sql`
    select c.id from contributions c join tax_receipt_lines l on l.contribution_id = c.id and l.live
      join tax_receipts r on r.id = l.tax_receipt_id and r.status = 'issued'
     where c.refunded_amount = 0 and c.deleted_at is null order by c.id limit ${n}`);
  await t.database.db.execute(sql`update tax_receipts set status = 'void', voided_at = now()
     where id in (select tax_receipt_id from tax_receipt_lines where live and contribution_id in (${sql.join(found.map((r) => sql`${r.id}`), sql`, `)}))`);
  return found.map((r) => Number(r.id));
}

const issue = async (contributionId: number) => {
  const response = await agent.post(`/jpanel/contributions/${contributionId}/tax_receipt`, { issue: true });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; number: string };
};

describe('receipt number ledger', () => {
  it('lists every voided, replaced and skipped number, and never a live one', async () => {
    const [c1, c2, c3, c4] = (await freeContributions(4)) as [number, number, number, number];
    const first = await issue(c1);
    const second = await issue(c2);
    const third = await issue(c3);
    // A number the sequence gave out but no receipt kept (a crashed import, a hand edit).
    const key = first.number.replace(/\d{9}$/, '[000000000]');
    await t.database.db.execute(sql`update tax_receipt_number_sequences set last_value = last_value + 1 where key = ${key}`);
    const fourth = await issue(c4);
    const skipped = first.number.replace(/\d{9}$/, String(Number(third.number.slice(-9)) + 1).padStart(9, '0'));
    expect(Number(fourth.number.slice(-9))).toBe(Number(skipped.slice(-9)) + 1);

    expect((await agent.post(`/jpanel/tax_receipt/${second.id}/void`)).statusCode).toBe(200);
    const revise = { name: 'Ada Lovelace', email: 'ada@example.org', address_01: '1 Main St', city: 'Denver', state: 'CO', zip: '80202', country: 'US', amount: '5.00', issued_at: '2026-03-04', reason: 'Typo in the name' };
    expect((await agent.post(`/jpanel/tax_receipt/${third.id}/revise`, revise)).statusCode).toBe(200);

    const found = async (number: string) => (await ledger({ search: { value: number } })).data.filter((r) => r.number === number);
    expect(await found(first.number)).toEqual([]);
    expect(await found(fourth.number)).toEqual([]);
    const [voided] = await found(second.number);
    expect(voided).toMatchObject({ kind: 'void', receipt_id: second.id, currency_code: 'USD' });
    expect(voided?.amount).toBeGreaterThan(0);
    expect(voided?.detail).toMatch(/^Voided by Test User\d+$/);
    const [replaced] = await found(third.number);
    expect(replaced).toMatchObject({ kind: 'replaced', receipt_id: third.id, detail: `Replaced by ${third.number}-R1: Typo in the name` });
    expect(await found(skipped)).toEqual([expect.objectContaining({ kind: 'skipped', at: null, amount: null, receipt_id: null })]);

    // The filter by kind, and the CSV auditors take away.
    const onlySkipped = await ledger({ kind: 'skipped' });
    expect(onlySkipped.data.every((r) => r.kind === 'skipped')).toBe(true);
    expect(onlySkipped.data.map((r) => r.number)).toContain(skipped);
    const csv = await agent.get('/jpanel/tax_receipts/ledger.csv?kind=skipped');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Number');
    expect(csv.body).toContain(skipped);
    expect(csv.body.trim().split('\n').length - 1).toBe(onlySkipped.recordsFiltered);
  });

  it('answers 422 for a bad filter and 403 without the receipts permission', async () => {
    expect((await agent.post('/jpanel/tax_receipts/ledger.ajax', { kind: 'lost' })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/tax_receipts/ledger.ajax', { from: '2026-02-31' })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/tax_receipts/ledger.ajax', { search: { value: 'a\u0000b' } })).statusCode).toBe(422);
    const { agent: other } = await signedIn(t, { permissions: ['order.view'] });
    expect((await other.post('/jpanel/tax_receipts/ledger.ajax', {})).statusCode).toBe(403);
  });
});
