import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/**
 * The one derivation of every refunded figure from `refunds` (succeeded rows, and pending ones:
 * money the gateway is giving back, as Stripe counts it in a charge's amount_refunded; a pending
 * refund that fails stops counting when settleRefund says so):
 * payments.amount_refunded / refunded, and refunded_amount, refunded_at, refunded_by and
 * refund_reference of the contributions and recurring transactions those payments paid.
 * Nothing else writes these columns; call this after any change to `refunds`.
 * `paymentIds` is a subquery of payment ids.
 */
export async function deriveRefundedFigures(q: Queryable, paymentIds: SQL): Promise<void> {
  await q.execute(sql`
    update payments p set amount_refunded = f.amount, refunded = p.amount > 0 and f.amount >= p.amount
      from (select p2.id, coalesce((select sum(r.amount) from refunds r where r.payment_id = p2.id and r.status in ('succeeded', 'pending')), 0) as amount
              from payments p2 where p2.id in (${paymentIds})) f
     where p.id = f.id and (p.amount_refunded <> f.amount or p.refunded <> (p.amount > 0 and f.amount >= p.amount))`);
  await q.execute(sql`
    with figures as (${figuresBy(sql`contribution_id`, paymentIds)})
    update contributions c
       set refunded_amount = f.amount, refunded_at = f.at, refunded_by = f.by, refund_reference = f.reference
      from figures f
     where c.id = f.id
       and (c.refunded_amount, c.refunded_at, c.refunded_by, c.refund_reference) is distinct from (f.amount, f.at, f.by, f.reference)`);
  await q.execute(sql`
    with figures as (${figuresBy(sql`recurring_transaction_id`, paymentIds)})
    update recurring_transactions t
       set refunded_amount = f.amount, refunded_at = f.at, refunded_by = f.by, refund_reference = f.reference
      from figures f
     where t.id = f.id
       and (t.refunded_amount, t.refunded_at, t.refunded_by, t.refund_reference) is distinct from (f.amount, f.at, f.by, f.reference)`);
}

/**
 * Per record paid by the payments (through payment_links.`column`): the sum of all its
 * payments' succeeded and pending refunds (a payment its sale did not keep left out: its refund
 * gave back money the sale never kept, payments.not_kept), and the latest refund's time, user and reference.
 */
function figuresBy(column: SQL, paymentIds: SQL): SQL {
  const latest = (field: string) =>
    sql.raw(`(array_agg(r.${field} order by r.created_at desc, r.id desc) filter (where r.id is not null))[1]`);
  return sql`
    select l.${column} as id, coalesce(sum(r.amount), 0) as amount, max(r.created_at) as at,
           ${latest('refunded_by')} as by, ${latest('reference_number')} as reference
      from payment_links l
      join payments p on p.id = l.payment_id
      left join refunds r on r.payment_id = l.payment_id and r.status in ('succeeded', 'pending') and not p.not_kept
     where l.${column} in (select l2.${column} from payment_links l2 where l2.payment_id in (${paymentIds}))
     group by l.${column}`;
}
