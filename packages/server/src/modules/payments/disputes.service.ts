import { type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { voidReceiptsOfPayment } from '../receipts/receipts.service.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import type { DisputeStatus } from './disputes.tables.ts';

/** A dispute as the payment's gateway tells it now. Amounts in minor units of `currency`. */
export type DisputeReport = {
  paymentId: number;
  reference: string;
  amount: number;
  currency: string;
  status: DisputeStatus;
  reason: string | null;
  openedAt: Date;
};

/**
 * Records a dispute opened against a payment, or its outcome, once: the payment_disputes row,
 * the contributions' derived figures (their status shows "Disputed", then "Dispute lost" or back
 * to paid when won; the disputed money is out of their net while open and when lost), their
 * donors' lifetime giving, and their history. A lost dispute voids the gift's receipt: the money was taken back, as by a refund.
 * It moves only forward: a closed dispute stays closed, so an "opened" told late or twice changes
 * nothing. Answers whether anything changed.
 */
export async function recordDispute(tx: Tx, report: DisputeReport): Promise<boolean> {
  const [known] = await queryRows(tx, sql`select id, status from payment_disputes where reference_number = ${report.reference} for update`);
  if (known && (known.status !== 'open' || report.status === 'open')) return false;
  const closedAt = report.status === 'open' ? null : new Date();
  if (known) {
    await tx.execute(sql`update payment_disputes set status = ${report.status}, closed_at = ${closedAt}, updated_at = now() where id = ${known.id}`);
  } else {
    await tx.execute(sql`insert into payment_disputes (payment_id, reference_number, amount, currency_code, status, reason, opened_at, closed_at)
      values (${report.paymentId}, ${report.reference}, ${report.amount}, ${report.currency}, ${report.status}, ${report.reason}, ${report.openedAt}, ${closedAt})`);
  }
  await deriveDisputedFigures(tx, sql`select ${report.paymentId}::int`);
  // Lifetime giving follows what the gift keeps: out while disputed and when lost, back when won.
  await refreshSupporterGiving(tx, sql`select supporter_id from contributions where id in (select contribution_id from payment_links where payment_id = ${report.paymentId})`);
  const events = [...(known ? [] : ['disputed']), ...(report.status === 'open' ? [] : [`dispute_${report.status}`])];
  for (const event of events) {
    await tx.execute(sql`insert into contribution_status_history (contribution_id, event, amount, user_id)
      select contribution_id, ${event}, ${report.amount}, null from payment_links where payment_id = ${report.paymentId} and contribution_id is not null`);
  }
  if (report.status === 'lost') await voidReceiptsOfPayment(tx, report.paymentId, null);
  return true;
}

/**
 * The one derivation of the disputed figures from payment_disputes: per contribution paid by the
 * payments (`paymentIds`, a subquery), the money open and lost disputes took and the latest
 * dispute's state. Call it after any change to payment_disputes.
 */
export async function deriveDisputedFigures(q: Queryable, paymentIds: SQL): Promise<void> {
  await q.execute(sql`
    with figures as (
      select l.contribution_id as id,
             coalesce(sum(d.amount) filter (where d.status in ('open', 'lost')), 0) as amount,
             (array_agg(d.status order by d.opened_at desc, d.id desc) filter (where d.id is not null))[1] as status
        from payment_links l
        left join payment_disputes d on d.payment_id = l.payment_id
       where l.contribution_id in (select l2.contribution_id from payment_links l2 where l2.payment_id in (${paymentIds}))
       group by l.contribution_id)
    update contributions c set disputed_amount = f.amount, dispute_status = f.status, updated_at = now()
      from figures f
     where c.id = f.id and (c.disputed_amount, c.dispute_status) is distinct from (f.amount, f.status)`);
}
