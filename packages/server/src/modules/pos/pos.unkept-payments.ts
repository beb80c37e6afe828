import { posCompleteMessages, posMessages, type PosAbandonPaymentAnswer } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { GatewayError, gatewayOfPayment, type GatewayPayment, type GatewayRefund, type PaymentGateway } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { refundPayment } from '../payments/refunds.service.ts';
import { lockOrder } from './pos.complete.checks.ts';
import type { CompleteDeps } from './pos.complete.ts';
import { loadPosOrder } from './pos.order-view.ts';
import { forgetPendingIntent, insertPayment, posOrderMetadata, refusalOf, type OrderCharge } from './pos.payment.ts';

/**
 * Card payments of a point-of-sale order that Almoner will not keep (issue 40).
 *
 * Stripe leaves an on-session PaymentIntent open while it waits for the donor's bank
 * (requires_action) and after a failed challenge (requires_payment_method): whoever holds its
 * client_secret could still confirm it, and a sale paid another way would then be paid twice.
 * So an intent the cashier gives up on is cancelled at Stripe, in three places:
 *   - a failed or cancelled challenge: the completion that learns of it (the web always completes
 *     again after the challenge) records the failed attempt and cancels the intent after commit;
 *   - the payment dialog closed while the bank still asks: the web calls
 *     POST /jpanel/pos/{id}/abandon-payment (abandonPosPayment), as only the browser knows it left;
 *   - either of those cancels failed (Stripe unreachable): the next complete attempt of the same
 *     order cancels what its failed attempts left open (cancelOpenAttempts) before charging anew;
 *   - the browser closed or crashed during the challenge, so neither was sent: the intent was
 *     stored when the bank asked (pos_pending_intents), and the order's next completion settles
 *     it first (pos.pending-intents.ts).
 * An intent that is this order's (its metadata) but not for the order's amount or currency (the
 * sale changed while the donor's bank asked) is refused, and let go of the same way; one that
 * already took the money is refunded in full instead, and the refund recorded only if Stripe made it.
 */

/** An intent of this order let go of at its gateway: cancelled (refund null), or taken and given back (or not). */
export type LetGo = {
  gateway: string;
  payment: GatewayPayment;
  refund: GatewayRefund | null;
  outcome: 'cancelled' | 'refunded' | 'not_refunded';
  /** The gateway had no such intent when asked to cancel it (Stripe's 404): nothing there to cancel. */
  missing?: GatewayError;
};

/** The gateway's code on a failed challenge, as Stripe words it on the intent. */
const CHALLENGE_FAILED = 'payment_intent_authentication_failure';

/** Whether the payment is this order's: it carries the metadata the order's charges are made with. */
export const isOrdersPayment = (payment: GatewayPayment, metadata: Record<string, string>) =>
  Object.entries(metadata).every(([key, value]) => payment.metadata?.[key] === value);

/**
 * Cancels the intent, or refunds it in full when it already took the money. The refund's key is
 * the intent's own, so a retry (a double click, a rolled-back completion) gives back once.
 */
export async function letGoAtGateway(gateway: PaymentGateway, payment: GatewayPayment): Promise<LetGo> {
  if (payment.status === 'failed') {
    // A cancel refused (already cancelled, or final, or no such intent) leaves nothing to cancel.
    const missing = await gateway.cancelPayment?.(payment.reference).then(
      () => undefined,
      (error: unknown) => {
        if (!(error instanceof GatewayError)) throw error;
        return error.code === 'not_found' ? error : undefined;
      },
    );
    return { gateway: gateway.name, payment, refund: null, outcome: 'cancelled', ...(missing ? { missing } : {}) };
  }
  const left = payment.amount - payment.amountRefunded;
  let refund: GatewayRefund | null = null;
  try {
    if (left > 0) refund = await gateway.refund({ idempotencyKey: `pos-not-kept:${payment.reference}`, paymentReference: payment.reference, amount: left, currency: payment.currency });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
  }
  const made = refund !== null && refund.status !== 'failed';
  return { gateway: gateway.name, payment, refund: made ? refund : null, outcome: made ? 'refunded' : 'not_refunded' };
}

/** Thrown out of the completion's transaction (which rolls back) to be recorded after it. */
export class PaymentNotKept extends Error {
  constructor(
    readonly letGo: LetGo,
    readonly why: 'mismatch' | 'abandoned',
  ) {
    super(posCompleteMessages.notKept(why, letGo.outcome));
  }
}

/**
 * The payment the donor confirmed with their bank, as the gateway has it now: kept only if it
 * is this order's (it carries the request's metadata, which names the order) and is for the
 * request's amount and currency, and went through. One still waiting answers the challenge
 * again; one the bank refused (the donor failed or cancelled the challenge) is a decline,
 * recorded like any other so the next card gets a key of its own. Another order's intent is
 * refused and left alone (it is that order's to complete); this order's for another amount or
 * currency (the sale changed while the bank asked) is refused and let go of at the gateway
 * (PaymentNotKept, recorded after the completion rolls back).
 */
export async function confirmedPayment(q: Queryable, gateway: PaymentGateway, reference: string, request: OrderCharge): Promise<GatewayPayment> {
  // One this order let go of (given back, or not kept) is never taken after all, whatever Stripe says of it now.
  const [letGo] = await queryRows(q, sql`select 1 from payments where reference_number = ${reference} and gateway = ${gateway.name} and status = 'succeeded'`);
  if (letGo) throw fieldError('payment_intent', posCompleteMessages.givenBack);
  const payment = await gateway.fetchPayment(reference).catch((error: unknown) => {
    throw error instanceof GatewayError ? fieldError('payment_intent', posCompleteMessages.notThisPayment) : error;
  });
  if (!isOrdersPayment(payment, request.metadata)) throw fieldError('payment_intent', posCompleteMessages.notThisPayment);
  // Given back already (by us, or in Stripe's dashboard): it can pay nothing.
  if (payment.amountRefunded > 0) throw fieldError('payment_intent', posCompleteMessages.givenBack);
  if (payment.amount !== request.amount || payment.currency !== request.currency) throw new PaymentNotKept(await letGoAtGateway(gateway, payment), 'mismatch');
  if (payment.status === 'failed') throw refusalOf(payment, posCompleteMessages.notAuthenticated);
  return payment;
}

/**
 * Records an intent let go of on the order, once (by its reference): a cancelled one as a failed
 * attempt, marked cancelled; one that took the money as the payment it was, with its refund when
 * Stripe made one (refundPayment, as a refund made in Stripe's dashboard is recorded). Either way
 * the order's attempt count moves on (attemptKey), so the next card gets a key of its own.
 */
export async function recordLetGo(tx: Tx, orderId: number, letGo: LetGo, actorId: number | null): Promise<void> {
  const [order] = await queryRows(tx, sql`select supporter_id from contributions where id = ${orderId} for update`);
  const g = letGo.payment;
  const gateway = letGo.gateway;
  await forgetPendingIntent(tx, gateway, g.reference);
  const [seen] = await queryRows(tx, sql`select id from payments where reference_number = ${g.reference} and gateway = ${gateway}`);
  if (seen) return;
  const taken = letGo.outcome !== 'cancelled';
  const paymentId = await insertPayment(tx, {
    contributionId: orderId,
    supporterId: order?.supporter_id === null || order?.supporter_id === undefined ? null : Number(order.supporter_id),
    type: g.type,
    status: taken ? 'succeeded' : 'failed',
    amount: g.amount,
    currency: g.currency,
    gateway,
    paymentMethodId: null,
    gatewayPayment: g,
    description: taken ? 'Point of sale payment not kept for the sale' : 'Point of sale payment attempt',
  });
  if (!taken) await tx.execute(sql`update payments set cancelled_at = now(), updated_at = now() where id = ${paymentId}`);
  // Money taken and given back, not the sale's: its refund is not a refund of the sale (refunds.derive.ts).
  else await tx.execute(sql`update payments set not_kept = true, updated_at = now() where id = ${paymentId}`);
  if (letGo.refund) {
    const status = letGo.refund.status === 'succeeded' ? 'succeeded' : 'pending';
    await refundPayment(tx, { paymentId, reason: 'requested_by_customer', actorId, recorded: { reference: letGo.refund.reference, status } });
  }
}

/**
 * Cancels at their gateway the failed challenges of the order that are still open there (a
 * cancel after the failure did not get through), and marks them so: asked once each.
 */
export async function cancelOpenAttempts(q: Queryable, orderId: number): Promise<void> {
  const open = await queryRows(q, sql`
    select p.id, p.gateway, p.reference_number from payments p join payment_links l on l.payment_id = p.id
     where l.contribution_id = ${orderId} and p.status = 'failed' and p.failure_code = ${CHALLENGE_FAILED}
       and p.reference_number is not null and p.cancelled_at is null order by p.id`);
  for (const row of open) {
    const gateway = gatewayOfPayment(q, row.gateway === null ? null : String(row.gateway));
    if (!gateway?.cancelPayment) continue;
    try {
      await gateway.cancelPayment(String(row.reference_number));
    } catch (error) {
      // Refused: cancelled or final already, nothing left open. Anything else (Stripe unreachable): the next attempt asks again.
      if (!(error instanceof GatewayError)) continue;
    }
    await q.execute(sql`update payments set cancelled_at = now(), updated_at = now() where id = ${Number(row.id)} and cancelled_at is null`);
  }
}

/**
 * The cashier gave up on a card payment the donor's bank was still asking about (the payment
 * dialog closed): the intent, if it is this order's, is cancelled at the gateway, or refunded in
 * full if the donor finished the challenge meanwhile, and recorded on the order (recordLetGo),
 * which stays open for another payment. An intent the order is already paid with is refused
 * (409): that payment is the sale's.
 */
export async function abandonPosPayment(deps: CompleteDeps, actor: Actor, id: number, reference: string): Promise<PosAbandonPaymentAnswer> {
  const message = await withActor(deps.db, actor, async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw new AppError('not_found', posMessages.orderNotFound);
    const [paidWith] = await queryRows(tx, sql`select 1 from contributions where id = ${id} and paid_at is not null and confirmation_number = ${reference}`);
    if (paidWith) throw new AppError('conflict', posCompleteMessages.paidWithThisPayment);
    const gateway = await deps.gateway(tx);
    const payment = await gateway.fetchPayment(reference).catch((error: unknown) => {
      throw error instanceof GatewayError ? fieldError('payment_intent', posCompleteMessages.notThisPayment) : error;
    });
    if (!isOrdersPayment(payment, posOrderMetadata(id))) throw fieldError('payment_intent', posCompleteMessages.notThisPayment);
    const letGo = await letGoAtGateway(gateway, payment);
    await recordLetGo(tx, id, letGo, actor.userId);
    return posCompleteMessages.notKept('abandoned', letGo.outcome);
  });
  const order = await loadPosOrder(deps.db, id);
  if (!order) throw new AppError('not_found', posMessages.orderNotFound);
  return { status: 'success', message, order };
}
