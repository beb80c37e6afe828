import { formatMoney, posCompleteMessages, posCompleteSchema } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../db/actor.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { GatewayError, gatewayOfPayment, GatewayUnavailable, type GatewayPayment, type PaymentGateway } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { writeLogEntry } from '../logs/logs.service.ts';
import { lockOrder, type OrderRow } from './pos.complete.checks.ts';
import { completeInTransaction } from './pos.complete.ts';
import { posOrderMetadata, posPaymentDescription } from './pos.payment.ts';
import { isOrdersPayment, letGoAtGateway, PaymentNotKept, recordLetGo, type LetGo } from './pos.unkept-payments.ts';

/**
 * A point-of-sale card payment brought in from the gateway's word alone (issue 40): Almoner was
 * killed after Stripe took the money and before the completion committed, and the cashier never
 * completed the order again. Stripe's payment_intent.succeeded is then the only record of a sale
 * the donor paid for, and Almoner must not sit on money it has no record of.
 *
 * When. Not at once: the cashier, who is with the donor, normally completes again within the
 * minute, and their completion records the donor's choices the event cannot know (the donor
 * saved as a supporter, the card saved). So the event is held for its retries as any event about
 * an unrecorded payment is (stripe-webhooks.ts: 30 s, then 1, 2, 4 and 8 minutes), and brought in
 * on its last try, about a quarter of an hour after Stripe told us: by then the cashier is not
 * coming back. A cashier completing later finds the order paid and charges nothing.
 *
 * How. The order is completed exactly as the cashier's completion would complete it, by the same
 * code (completeInTransaction) paying it with the taken intent, as a 3-D Secure payment read back
 * is (confirmedPayment): one payment, the order paid and numbered, "paid" in its history, stock,
 * receipt, confirmation e-mail as the order was set, lifetime giving and contribution.paid. The
 * order's row is locked first, so a cashier's completion still being committed is waited for and
 * then found (nothing more is done); a replayed or late event finds the payment recorded.
 *
 * What is never kept. An intent that names the order (its metadata and its words, which carry the
 * order's client_uuid: an intent of another Almoner on the same Stripe account names an order id
 * too) but cannot pay it is let go of at Stripe, as the cashier's path lets go of one
 * (letGoAtGateway: refunded in full with the intent's own idempotency key, so once):
 *   - the order's total or currency is no longer the intent's (the sale changed after the crash),
 *     or the sale's own checks refuse it now: recorded on the order as a payment not kept, with
 *     its refund (recordLetGo), so the order's attempt count moves on and the next card is charged
 *     under a key of its own;
 *   - the order was paid another way meanwhile (cash, another card): refunded at Stripe and
 *     recorded on the paid sale as a payment not kept (payments.not_kept), so the ledger holds
 *     the charge and the refund Stripe's does, and the sale's refunded figures, history and
 *     events leave it out (refunds.derive.ts).
 * Each of these writes a warning to the log viewer naming the order's number and the intent (no
 * donor's name, e-mail or card) and the reason, and the event's row keeps the same note.
 */

/** Stripe's event, not a person: the history's and the audit's actor. */
const GATEWAY_ACTOR: Actor = { userId: null, ip: null };

/** A gateway's intent whose metadata names a point-of-sale order. */
export type OrderIntent = { gateway: string; reference: string; orderId: number };

/**
 * Brings the order's taken payment in, or lets it go (see above). Answers the note the event's
 * row keeps: why nothing was recorded as the order's payment, or null when it was (now or before).
 * A gateway that cannot be asked now throws (the event's job tries again later, see stripe-webhooks.ts).
 */
export async function bringInPosPayment(tx: Tx, intent: OrderIntent): Promise<string | null> {
  const gateway = gatewayOfPayment(tx, intent.gateway);
  if (!gateway) return `PaymentIntent ${intent.reference}: gateway ${intent.gateway} cannot be reached from here; not recorded.`;
  const order = await lockOrder(tx, intent.orderId);
  // Under the order's lock: a completion that recorded it (the cashier's, or this event's before) is final.
  const [recorded] = await queryRows(tx, sql`select 1 from payments where gateway = ${gateway.name} and reference_number = ${intent.reference}`);
  if (recorded) return null;
  // A sale deleted since, or an id of another install: the money is Stripe's to look into, not ours to move; staff are told.
  if (!order) return noted(tx, `PaymentIntent ${intent.reference} names contribution ${intent.orderId}, which is not a point-of-sale order here (deleted?); not recorded, not refunded.`, 'no_order');
  const payment = await gateway.fetchPayment(intent.reference).catch((error: unknown) => {
    // The job's failure is what the log viewer shows (this transaction rolls back): it names the sale and the intent to look at.
    if (!(error instanceof GatewayError) && !(error instanceof GatewayUnavailable)) throw error;
    // Its cause says whether a later try may succeed (Stripe unreachable: stripe-webhooks.ts queues one).
    throw new Error(`PaymentIntent ${intent.reference} for point of sale order #${order.client_uuid} could not be read from ${gateway.name}, so it is not recorded: ${error.message}`, { cause: error });
  });
  if (!isOrdersPayment(payment, posOrderMetadata(order.id)) || payment.description !== posPaymentDescription(order.client_uuid)) {
    return noted(tx, `PaymentIntent ${intent.reference} names contribution ${order.id} but was not made for this order (another Almoner on the Stripe account?); left alone.`, 'not_this_order');
  }
  // Given back at Stripe already, or not taken: there is nothing to bring in.
  if (payment.status !== 'succeeded' || payment.amountRefunded > 0) return `PaymentIntent ${intent.reference} for order #${order.client_uuid} is ${payment.amountRefunded > 0 ? 'given back' : payment.status} at the gateway; not recorded.`;
  if (order.paid_at) {
    // Recorded on the sale as a payment not kept, with its refund: Almoner's ledger then holds the
    // charge and the refund Stripe's does (the reconciliation), and the sale's own figures leave it out.
    return recordNotKept(tx, order, await letGoAtGateway(gateway, payment), 'paid_another_way', 'the order was paid another way meanwhile; recorded on the sale as not kept');
  }
  return completeWithIntent(tx, gateway, order, payment);
}

/** Completes the order with the taken intent in a savepoint: refused, it rolls back and the intent is let go of and recorded. */
async function completeWithIntent(tx: Tx, gateway: PaymentGateway, order: OrderRow, payment: GatewayPayment): Promise<string | null> {
  const [settings] = await queryRows(tx, sql`select send_confirmation_emails from contributions where id = ${order.id}`);
  // The cashier's card, as the intent names it; the taken intent, not the token, is what pays.
  const input = posCompleteSchema.parse({ payment_type: 'credit_card', token: payment.method ?? payment.reference, send_confirmation_emails: settings?.send_confirmation_emails !== false });
  const deps = { appKey: null, gateway: () => Promise.resolve(gateway) };
  try {
    await tx.transaction((sp) => completeInTransaction(sp, deps, GATEWAY_ACTOR, order.id, input, { gateway: gateway.name, reference: payment.reference }));
  } catch (error) {
    if (error instanceof PaymentNotKept) {
      return recordNotKept(tx, order, error.letGo, 'amount_mismatch', `it is for ${money(payment)}, the order's total is ${formatMoney(order.total_amount, order.currency_code)} ${order.currency_code}`);
    }
    // Stripe unreachable, or given back between the two reads: nothing is let go of; the error or the note says so.
    if (!(error instanceof AppError) || error.message === posCompleteMessages.notThisPayment) throw error;
    if (error.message === posCompleteMessages.givenBack) return `PaymentIntent ${payment.reference} for order #${order.client_uuid} was given back at the gateway; not recorded.`;
    // The sale as it stands refuses completion (an item out of stock, a check of its own): Almoner does not keep money it cannot record as the sale.
    return recordNotKept(tx, order, await letGoAtGateway(gateway, payment), 'sale_refused', `the sale refused completion: ${error.message}`);
  }
  await writeLogEntry(tx, {
    message: `Point of sale order #${order.client_uuid} was completed from Stripe's event for PaymentIntent ${payment.reference} (${money(payment)}): the cashier never completed it after the payment was taken.`,
    source: 'payments',
    level: 'info',
    context: { queue: 'stripe_event', error_code: 'brought_in' },
  });
  return null;
}

const money = (payment: GatewayPayment) => `${formatMoney(payment.amount, payment.currency)} ${payment.currency}`;

/** A warning in the log viewer, kept too as the event's note. */
async function noted(tx: Tx, message: string, code: string): Promise<string> {
  await writeLogEntry(tx, { message, source: 'payments', level: 'warning', context: { queue: 'stripe_event', error_code: code } });
  return message;
}

/** Records the intent let go of on the sale (recordLetGo) and tells staff why (warn): answers the event's note. */
async function recordNotKept(tx: Tx, order: OrderRow, letGo: LetGo, code: string, reason: string): Promise<string> {
  await recordLetGo(tx, order.id, letGo, null);
  return warn(tx, order, letGo, code, reason);
}

/** The log line and the event's note for an intent let go of: its reference, the order's number, the reason and what Stripe did. */
async function warn(tx: Tx, order: OrderRow, letGo: LetGo, code: string, reason: string): Promise<string> {
  const outcome = letGo.outcome === 'refunded' ? `refunded in full (${letGo.refund?.reference ?? 'refund'})` : letGo.outcome === 'cancelled' ? 'cancelled' : 'NOT refunded by the gateway: refund it by hand';
  const message = `PaymentIntent ${letGo.payment.reference} was not kept for point of sale order #${order.client_uuid}: ${reason}. It was ${outcome}.`;
  await writeLogEntry(tx, { message, source: 'payments', level: letGo.outcome === 'not_refunded' ? 'error' : 'warning', context: { queue: 'stripe_event', error_code: code } });
  return message;
}
