import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { createSeededTestApp, type TestApp } from '../../test/test-app.ts';
import { createSandboxGateway } from '../../integrations/payments/sandbox/sandbox-gateway.ts';
import { refundPayment } from './refunds.service.ts';

let t: TestApp;
type Payment = { id: number; gateway: string; amount: number; item: number | null };
let pool: Payment[] = [];

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(300, 100));
  // A mix of payments: sandbox cards and bank debits (some already refunded in part by the
  // demo), cash and cheques, and PayPal, which this instance cannot reach.
  pool = (
    await queryRows(
      t.database.db,
      sql`(select p.id, p.gateway, p.amount::int as amount, (select min(i.id) from contribution_items i where i.contribution_id = l.contribution_id) as item
             from payments p join payment_links l on l.payment_id = p.id
            where p.status = 'succeeded' and p.amount > p.amount_refunded and p.amount >= 100
            order by p.gateway, (p.amount_refunded > 0) desc, (l.recurring_transaction_id is not null) desc, p.id limit 1000)`,
    )
  ).map((r) => ({ id: Number(r.id), gateway: String(r.gateway), amount: Number(r.amount), item: r.item === null ? null : Number(r.item) }));
  const byGateway = new Map<string, Payment[]>();
  for (const p of pool) byGateway.set(p.gateway, [...(byGateway.get(p.gateway) ?? []), p]);
  pool = [...byGateway.values()].flatMap((list) => list.slice(0, 4));
}, 180_000);

const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

/** Every derived refunded figure that disagrees with the sum of succeeded rows in `refunds`. */
async function disagreements(q: Tx | typeof t.database.db): Promise<string[]> {
  const rows = await queryRows(
    q,
    sql`
    with per_payment as (
      select p.id, p.amount, p.amount_refunded, p.refunded,
             coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status = 'succeeded'), 0) as refunds
        from payments p)
    select 'payment ' || id as what from per_payment where amount_refunded <> refunds or refunded <> (amount > 0 and refunds >= amount)
    union all
    select 'contribution ' || c.id from contributions c
     where c.id in (select contribution_id from payment_links)
       and c.refunded_amount <> (select coalesce(sum(pp.refunds), 0) from payment_links l join per_payment pp on pp.id = l.payment_id where l.contribution_id = c.id)
    union all
    select 'recurring transaction ' || rt.id from recurring_transactions rt
     where rt.id in (select recurring_transaction_id from payment_links)
       and rt.refunded_amount <> (select coalesce(sum(pp.refunds), 0) from payment_links l join per_payment pp on pp.id = l.payment_id where l.recurring_transaction_id = rt.id)
    union all
    select 'refund lines of refund ' || r.id from refunds r
     where exists (select 1 from refund_items i where i.refund_id = r.id) and r.amount <> (select sum(i.amount) from refund_items i where i.refund_id = r.id)
    union all
    select 'sandbox ledger of payment ' || p.id from payments p
     where p.gateway = 'sandbox' and p.status = 'succeeded'
       and p.amount_refunded <> (select coalesce(sum(g.amount), 0) from sandbox_ledger g where g.kind = 'refund' and g.payment_reference = p.reference_number)`,
  );
  return rows.map((r) => String(r.what));
}

class Rollback extends Error {}

describe('refunds, one source of truth', () => {
  it('starts from demo data whose figures agree with its refunds and the sandbox ledger', async () => {
    expect(pool.map((p) => p.gateway).sort()).toEqual(expect.arrayContaining(['offline', 'paypal', 'sandbox']));
    expect(await disagreements(t.database.db)).toEqual([]);
  });

  it('keeps every derived refunded figure equal to the sum in refunds after any sequence of full and partial refunds', async () => {
    const step = fc.record({
      payment: fc.nat({ max: pool.length - 1 }),
      // 0 = a full refund of what is left; otherwise this share (in %) of the payment, which may be too much.
      share: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 120 })),
      withLine: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        let found: string[] = [];
        // Each run starts from the same data: its changes (and the sandbox's) are rolled back.
        await withActor(t.database.db, { userId: null, ip: null }, async (tx) => {
          for (const s of steps) {
            const payment = pool[s.payment] as Payment;
            const amount = s.share === 0 ? undefined : Math.max(1, Math.floor((payment.amount * s.share) / 100));
            const lines = amount !== undefined && s.withLine && payment.item !== null ? [{ contributionItemId: payment.item, amount }] : undefined;
            const result = await refundPayment(tx, { paymentId: payment.id, amount, reason: 'requested_by_customer', actorId: null, lines });
            if (!result.ok) {
              // Asking for more than is left is refused; otherwise only PayPal, which is out of reach.
              const refusals = ['too_large', 'nothing_left', ...(payment.gateway === 'paypal' ? ['no_gateway'] : [])];
              expect(refusals).toContain(result.refusal.reason);
            } else {
              expect(payment.gateway).not.toBe('paypal');
            }
          }
          found = await disagreements(tx);
          throw new Rollback();
        }).catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
        expect(found).toEqual([]);
      }),
      { numRuns: 30 },
    );
  }, 300_000);

  it('asks the gateway with the same idempotency key when a transaction runs again, so a retry is one refund', async () => {
    const payment = pool.find((p) => p.gateway === 'sandbox') as Payment;
    const ledgerCount = async () => Number((await rowsOf(sql`select count(*)::int as n from sandbox_ledger where kind = 'refund'`))[0]?.n);
    const before = await ledgerCount();
    // The first attempt is rolled back after the gateway answered (as a deadlock retry would);
    // the second runs from the same state and asks with the same key.
    const attempt = async (rollback: boolean) => {
      let refund: Record<string, unknown> = {};
      await withActor(t.database.db, { userId: null, ip: null }, async (tx) => {
        const result = await refundPayment(tx, { paymentId: payment.id, amount: 1, reason: 'duplicate', actorId: null });
        expect(result.ok).toBe(true);
        [refund = {}] = await queryRows(tx, sql`select r.idempotency_key, r.reference_number, r.amount, r.currency_code, p.reference_number as payment_reference
                                                  from refunds r join payments p on p.id = r.payment_id where r.id = ${result.ok ? result.refundId : 0}`);
        if (rollback) throw new Rollback();
      }).catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
      return refund;
    };
    const first = await attempt(true);
    const second = await attempt(false);
    expect(second.idempotency_key).toBe(first.idempotency_key);
    expect(await ledgerCount()).toBe(before + 1);
    // A gateway whose refund outlived the rolled-back transaction answers that key with the
    // refund it already made, and makes no other.
    const again = await createSandboxGateway(t.database.db).refund({
      idempotencyKey: String(second.idempotency_key), paymentReference: String(second.payment_reference), amount: 1, currency: String(second.currency_code), reason: 'duplicate',
    });
    expect(again.reference).toBe(second.reference_number);
    expect(await ledgerCount()).toBe(before + 1);
    expect(await disagreements(t.database.db)).toEqual([]);
  });
});
