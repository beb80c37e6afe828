import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { voidReceiptsOfPayment } from '../receipts/receipts.service.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { deriveRefundedFigures } from './refunds.derive.ts';

/** What became of a refund the gateway first answered `pending` (a bank's refund takes days). */
export type RefundOutcome = 'succeeded' | 'failed' | 'canceled';

export type RefundSettlement = 'settled' | 'unchanged' | 'unknown';

/**
 * Settles a pending refund as its gateway now tells it, inside the caller's transaction, once:
 * the payment is locked first (as refundPayment locks it), then the refund; only a refund still
 * `pending` moves, so the same news told twice, late or by Refresh and an event at once changes
 * nothing more. A pending refund already counts as given back (refunds.derive.ts); succeeded, it
 * voids the receipts as refunds do; failed or canceled, it no longer counts, so the contribution
 * keeps that money again and the donor's lifetime giving follows.
 */
export async function settleRefund(
  tx: Tx,
  settlement: { reference: string; outcome: RefundOutcome; failureReason: string | null; actorId: number | null },
): Promise<RefundSettlement> {
  const [found] = await queryRows(tx, sql`select payment_id from refunds where reference_number = ${settlement.reference} order by id limit 1`);
  if (!found) return 'unknown';
  const paymentId = Number(found.payment_id);
  await tx.execute(sql`select id from payments where id = ${paymentId} for update`);
  const [moved] = await queryRows(
    tx,
    sql`update refunds set status = ${settlement.outcome}, failure_reason = ${settlement.failureReason?.slice(0, 255) ?? null}, updated_at = now()
         where reference_number = ${settlement.reference} and payment_id = ${paymentId} and status = 'pending'
         returning amount::bigint as amount, refunded_by`,
  );
  if (!moved) return 'unchanged';
  await deriveRefundedFigures(tx, sql`select ${paymentId}::int`);
  if (settlement.outcome === 'failed') {
    const actorId = moved.refunded_by === null ? null : Number(moved.refunded_by);
    await recordRefundFailed(tx, { paymentId, amount: Number(moved.amount), actorId, note: settlement.failureReason });
  }
  if (settlement.outcome === 'succeeded') await voidReceiptsOfPayment(tx, paymentId, settlement.actorId);
  await refreshSupporterGiving(tx, sql`select supporter_id from contributions where id in (select contribution_id from payment_links where payment_id = ${paymentId})`);
  return 'settled';
}

/** The pending refunds of a payment, by the gateway's reference: what Refresh asks the gateway about. */
export async function pendingRefundsOf(tx: Tx, paymentId: number): Promise<string[]> {
  const rows = await queryRows(tx, sql`select reference_number from refunds where payment_id = ${paymentId} and status = 'pending' and reference_number is not null order by id`);
  return rows.map((r) => String(r.reference_number));
}

/**
 * The contributions' "Refund failed" history event: the gateway refused a refund or a pending one
 * failed, so nothing was given back. `actorId` is who asked for the refund; `note` the gateway's reason.
 */
export async function recordRefundFailed(tx: Tx, failure: { paymentId: number; amount: number; actorId: number | null; note: string | null }): Promise<void> {
  await tx.execute(sql`
    insert into contribution_status_history (contribution_id, event, amount, note, user_id)
    select contribution_id, 'refund_failed', ${failure.amount}, ${failure.note?.slice(0, 500) ?? null}, ${failure.actorId}
      from payment_links where payment_id = ${failure.paymentId} and contribution_id is not null`);
}
