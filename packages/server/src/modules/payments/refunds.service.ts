import type { RefundReason, RefundRefusal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { GatewayError, gatewayOfPayment, type PaymentGateway } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { convertToOrgCurrency, type FunctionalAmount, MissingRateError } from '../money/money.convert.ts';
import { recordRefundEvents } from '../domain-events/domain-events.service.ts';
import { recordRefundFailed } from './refund-settlement.service.ts';
import { deriveRefundedFigures } from './refunds.derive.ts';
import { voidReceiptsOfPayment } from '../receipts/receipts.service.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';

/** Payment types whose money is given back by hand: nothing to ask a gateway. */
const OFFLINE_TYPES = new Set(['cash', 'cheque', 'unknown']);

export type RefundLine = { contributionItemId: number; amount: number } | { recurringTransactionId: number; amount: number };

export type RefundPaymentRequest = {
  paymentId: number;
  /** Minor units; what is left on the payment when left out. */
  amount?: number | undefined;
  reason: RefundReason;
  actorId: number | null;
  /** For a partial refund: which items (designations) or recurring charges it gives back; they add up to `amount`. */
  lines?: RefundLine[] | undefined;
  /**
   * A refund the gateway already made (one made in Stripe's dashboard, told by its event): it is
   * recorded as the gateway answered, not asked for again. Its reference is its idempotency key,
   * so the same refund told twice is recorded once.
   */
  recorded?: { reference: string; status: 'succeeded' | 'pending' } | undefined;
};

export type RefundPaymentResult =
  | { ok: true; refundId: number; amount: number; byHand: boolean }
  | { ok: false; refusal: RefundRefusal };

/**
 * Refunds a payment, in full or in part, inside the caller's transaction: asks the payment's
 * gateway (offline payments need none), records the `refunds` row and its lines, derives every
 * refunded figure from `refunds`, voids the receipts of the contributions it paid, refreshes
 * their donors' lifetime giving and writes the contributions' "Refunded" history event with
 * the amount. A refusal (including a missing exchange rate for today) changes nothing and says why.
 *
 * The idempotency key is derived from the payment's state (what was refunded before and how
 * much is asked), so a transaction that is rolled back and run again asks the gateway with the
 * same key and gets the same refund, once; the sandbox writes its ledger in this transaction.
 */
export async function refundPayment(tx: Tx, request: RefundPaymentRequest): Promise<RefundPaymentResult> {
  // Lock first, then read: a statement sees the data as it was when it started, so sums read in
  // the locking statement itself would miss a refund committed while it waited for the lock.
  await tx.execute(sql`select id from payments where id = ${request.paymentId} for update`);
  const [payment] = await queryRows(
    tx,
    sql`select p.id, p.type, p.status, p.amount::bigint as amount, p.currency_code, p.gateway, p.reference_number, p.not_kept,
               coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status in ('succeeded', 'pending')), 0)::bigint as refunded,
               (select count(*) from refunds r where r.payment_id = p.id)::int as attempts
          from payments p where p.id = ${request.paymentId}`,
  );
  if (!payment) throw new Error(`payment ${request.paymentId} not found`);
  if (payment.status !== 'succeeded') return { ok: false, refusal: { reason: 'not_settled' } };
  const left = Number(payment.amount) - Number(payment.refunded);
  if (left <= 0) return { ok: false, refusal: { reason: 'nothing_left' } };
  const amount = request.amount ?? left;
  if (amount <= 0 || amount > left) return { ok: false, refusal: { reason: 'too_large' } };
  const lines = request.lines ?? [];
  if (lines.length > 0 && lines.reduce((sum, l) => sum + l.amount, 0) !== amount) throw new Error('refund lines must add up to the refund amount');

  // Converted before the gateway is asked: a missing rate refuses the refund while nothing has moved.
  const functional = await functionalOrRefusal(tx, amount, String(payment.currency_code));
  if ('refusal' in functional) return { ok: false, refusal: functional.refusal };
  const gateway = payment.gateway === null ? null : String(payment.gateway);
  const byHand = OFFLINE_TYPES.has(String(payment.type)) && (gateway === null || gateway === 'offline');
  const idempotencyKey = request.recorded
    ? `gateway-refund:${request.recorded.reference}`
    : `refund:${String(payment.id)}:${String(payment.refunded)}:${String(payment.attempts)}:${amount}`;
  let reference: string | null = request.recorded?.reference ?? null;
  let status: string = request.recorded?.status ?? 'succeeded';
  if (!byHand && !request.recorded) {
    const payer = gatewayOfPayment(tx, gateway);
    if (!payer || !gateway || !payment.reference_number) return { ok: false, refusal: { reason: 'no_gateway', gateway } };
    const answer = await askGateway(payer, gateway, {
      idempotencyKey,
      paymentReference: String(payment.reference_number),
      amount,
      currency: String(payment.currency_code),
      reason: request.reason,
    });
    if ('refusal' in answer) {
      // The gateway answered no: nothing was given back, but staff see on the gift that it was tried.
      const message = answer.refusal.reason === 'gateway_refused' ? answer.refusal.message : null;
      await recordRefundFailed(tx, { paymentId: Number(payment.id), amount, actorId: request.actorId, note: message });
      return { ok: false, refusal: answer.refusal };
    }
    reference = answer.reference;
    status = answer.status;
  }

  const [refund] = await queryRows(
    tx,
    sql`insert into refunds (payment_id, status, reference_number, amount, currency_code, functional_amount, functional_rate,
                             functional_rate_date, reason, refunded_by, idempotency_key)
        values (${payment.id}, ${status}, ${reference}, ${amount}, ${payment.currency_code}, ${functional.amount}, ${functional.rate},
                ${functional.rateDate}, ${request.reason}, ${request.actorId}, ${idempotencyKey})
        returning id`,
  );
  const refundId = Number(refund?.id);
  for (const line of lines) {
    await tx.execute(sql`insert into refund_items (refund_id, contribution_item_id, recurring_transaction_id, amount)
      values (${refundId}, ${'contributionItemId' in line ? line.contributionItemId : null},
              ${'recurringTransactionId' in line ? line.recurringTransactionId : null}, ${line.amount})`);
  }
  await deriveRefundedFigures(tx, sql`select ${payment.id}::int`);
  // A payment its sale did not keep (payments.not_kept) gives back money the sale never kept: the
  // sale is not refunded, so its receipt, history and contribution.refunded are left as they are.
  if (payment.not_kept === true && status !== 'failed') return { ok: true, refundId, amount, byHand };
  // A refunded gift is no longer what its receipt says (incumbent §7): the receipt is voided,
  // and the donors' lifetime giving no longer counts a contribution refunded in full.
  if (status === 'succeeded') {
    await voidReceiptsOfPayment(tx, Number(payment.id), request.actorId);
    await refreshSupporterGiving(tx, sql`select supporter_id from contributions where id in (select contribution_id from payment_links where payment_id = ${payment.id})`);
  }
  // A refund the gateway answered `failed` at once is kept (its row, not counted) and refused.
  if (status === 'failed') {
    await recordRefundFailed(tx, { paymentId: Number(payment.id), amount, actorId: request.actorId, note: null });
    return { ok: false, refusal: { reason: 'gateway_refused', gateway, message: 'the refund failed' } };
  }
  // What staff read on the contribution's history: refunded in full or in part, and how much.
  await tx.execute(sql`
    insert into contribution_status_history (contribution_id, event, amount, user_id)
    select c.id, case when c.refunded_amount >= c.total_amount then 'refunded' else 'partially_refunded' end, ${amount}, ${request.actorId}
      from contributions c where c.id in (select contribution_id from payment_links where payment_id = ${payment.id})`);
  await recordRefundEvents(tx, { refundId, paymentId: Number(payment.id), amount, currency: String(payment.currency_code) });
  return { ok: true, refundId, amount, byHand };
}

/** The refund's amount in the organisation currency today, or why it cannot be had. */
async function functionalOrRefusal(tx: Tx, amount: number, currency: string): Promise<FunctionalAmount | { refusal: RefundRefusal }> {
  try {
    return await convertToOrgCurrency(tx, { amount, currency, at: new Date() });
  } catch (error) {
    if (!(error instanceof MissingRateError)) throw error;
    return { refusal: { reason: 'no_rate', currency: error.currency, orgCurrency: error.orgCurrency, day: error.day } };
  }
}

type GatewayAnswer = { reference: string; status: string } | { refusal: RefundRefusal };

async function askGateway(
  gateway: PaymentGateway,
  name: string,
  request: { idempotencyKey: string; paymentReference: string; amount: number; currency: string; reason: RefundReason },
): Promise<GatewayAnswer> {
  // The sandbox works inside this transaction (a savepoint), so its refusal leaves it usable.
  try {
    const refund = await gateway.refund(request);
    return { reference: refund.reference, status: refund.status };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.code === 'not_found') return { refusal: { reason: 'unknown_at_gateway', gateway: name } };
    return { refusal: { reason: 'gateway_refused', gateway: name, message: error.message } };
  }
}
