import { reconciliationMessages, type Reconciliation } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { createSeededTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { cardToken, makeOrder, makeVariant } from '../pos/pos.complete.fixtures.ts';

let t: TestApp;
let admin: Agent;
const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(200, 60));
  admin = (await signedIn(t)).agent;
}, 180_000);

/** The whole demo's span: its first payment's day to today. */
async function wholeRange() {
  const r = await one(sql`select to_char(min(created_at) - interval '1 day', 'YYYY-MM-DD') as from, to_char(now() + interval '1 day', 'YYYY-MM-DD') as to from sandbox_ledger`);
  return { from: String(r.from), to: String(r.to) };
}

async function reconcile(range: { from: string; to: string }): Promise<Reconciliation> {
  const response = await admin.get(`/jpanel/reports/reconciliation.json?from=${range.from}&to=${range.to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Reconciliation;
}

/** Sums a side's figures over every day (in minor units, one currency). */
const total = (r: Reconciliation, side: 'almoner' | 'gateway', figure: 'gross' | 'refunds' | 'fees' | 'net') =>
  Math.round(r.days.filter((d) => d.currency === 'USD').reduce((sum, d) => sum + d[side][figure] * 100, 0));

describe('reconciliation', () => {
  it("finds the demo's ledger and the sandbox gateway's record in agreement, to the cent", async () => {
    const r = await reconcile(await wholeRange());
    expect(r.differences).toEqual([]);
    expect(r.days.length).toBeGreaterThan(10);
    expect(total(r, 'almoner', 'gross')).toBeGreaterThan(0);
    expect(total(r, 'almoner', 'fees')).toBeGreaterThan(0);
    for (const figure of ['gross', 'refunds', 'fees', 'net'] as const) expect(total(r, 'almoner', figure), figure).toBe(total(r, 'gateway', figure));
    // The day totals are the ledger's own: gross is every sandbox payment that moved money.
    const ledger = await one(sql`select coalesce(sum(amount), 0)::bigint as gross from payments where gateway = 'sandbox' and status in ('succeeded', 'pending') and currency_code = 'USD' and reference_number is not null`);
    expect(total(r, 'almoner', 'gross')).toBe(Number(ledger.gross));
  });

  it('records the fee the gateway kept on a card sale at the point of sale, and still agrees', async () => {
    const v = await makeVariant(db(), { price: 5000, quantity: 5 });
    const order = await makeOrder(db(), { items: [{ variantId: v.variantId, productId: v.productId, price: 5000, qty: 1 }] });
    const paid = await admin.post(`/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: await cardToken(db()) });
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = await one(sql`select p.gateway_fee_amount::int as fee from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${order.id}`);
    expect(payment.fee).toBe(Math.round(5000 * 0.029) + 30);
    expect((await reconcile(await wholeRange())).differences).toEqual([]);
  });

  it('shows exactly the payment changed behind the app\'s back, and where it belongs', async () => {
    const [victim] = await queryRows(db(), sql`
      select p.id, p.reference_number, p.amount::int as amount, l.contribution_id from payments p join payment_links l on l.payment_id = p.id
       where p.gateway = 'sandbox' and p.status = 'succeeded' and p.currency_code = 'USD' and l.contribution_id is not null order by p.id desc limit 1`);
    await db().execute(sql`update payments set amount = amount + 100 where id = ${Number(victim?.id)}`);
    try {
      const r = await reconcile(await wholeRange());
      expect(r.differences).toEqual([
        expect.objectContaining({ kind: 'payment', reason: reconciliationMessages.amounts, reference: victim?.reference_number, payment_id: Number(victim?.id),
          almoner_amount: (Number(victim?.amount) + 100) / 100, gateway_amount: Number(victim?.amount) / 100, url: `/jpanel/contributions/${victim?.contribution_id}` }),
      ]);
      const day = r.days.find((d) => d.day === r.differences[0]?.day && d.currency === 'USD');
      expect(day?.differences).toBe(1);
      expect(Math.round(((day?.almoner.gross ?? 0) - (day?.gateway.gross ?? 0)) * 100)).toBe(100);
      // The CSV says the same: the day totals, then the one difference.
      const csv = await admin.get(`/jpanel/reports/reconciliation.csv?from=${r.from}&to=${r.to}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const differenceLines = csv.body.split('\n\n')[1]?.trim().split('\n') ?? [];
      expect(differenceLines).toHaveLength(2);
      expect(differenceLines[1]).toContain(`${victim?.reference_number},${reconciliationMessages.amounts}`);
    } finally {
      await db().execute(sql`update payments set amount = amount - 100 where id = ${Number(victim?.id)}`);
    }
  });

  it("lists a charge only the gateway knows and a refund only Almoner knows", async () => {
    const [charge] = await queryRows(db(), sql`select * from sandbox_ledger where kind = 'charge' and status = 'succeeded' order by id desc limit 1`);
    await db().execute(sql`insert into sandbox_ledger (reference, kind, idempotency_key, request_hash, amount, currency, status, answer, created_at)
      values ('ch_only_gateway', 'charge', 'reconciliation-test', ${charge?.request_hash}, 1234, 'USD', 'succeeded', '{"fee": 66}'::jsonb, now())`);
    const [payment] = await queryRows(db(), sql`select id, currency_code from payments where gateway = 'sandbox' and status = 'succeeded' and amount > 500 order by id desc limit 1`);
    await db().execute(sql`insert into refunds (payment_id, status, reference_number, amount, currency_code) values (${Number(payment?.id)}, 'succeeded', 're_only_almoner', 200, ${payment?.currency_code})`);
    try {
      const r = await reconcile(await wholeRange());
      expect(r.differences.map((d) => [d.kind, d.reference, d.reason])).toEqual(expect.arrayContaining([
        ['payment', 'ch_only_gateway', reconciliationMessages.notInAlmoner],
        ['refund', 're_only_almoner', reconciliationMessages.notInGateway],
      ]));
      expect(r.differences).toHaveLength(2);
    } finally {
      await db().execute(sql`delete from refunds where reference_number = 're_only_almoner'`);
      await db().execute(sql`delete from sandbox_ledger where reference = 'ch_only_gateway'`);
    }
  });

  it('refuses a backwards or too long range with a clear message, and staff without payment details', async () => {
    const backwards = await admin.get('/jpanel/reports/reconciliation.json?from=2026-03-02&to=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.from).toEqual([reconciliationMessages.order]);
    const long = await admin.get('/jpanel/reports/reconciliation.json?from=2020-01-01&to=2026-01-01');
    expect(long.json().errors.from).toEqual([reconciliationMessages.range]);
    expect((await admin.get('/jpanel/reports/reconciliation.json?from=2026-02-30')).statusCode).toBe(422);
    // The display format is a date too.
    expect((await admin.get('/jpanel/reports/reconciliation.json?from=Mar%201,%202026&to=Mar%2031,%202026')).statusCode).toBe(200);
    const { agent: clerk } = await signedIn(t, { permissions: ['order.view'] });
    expect((await clerk.get('/jpanel/reports/reconciliation.json')).statusCode).toBe(403);
  });
});
