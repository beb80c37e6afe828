import { REFUND_REASONS, type RefundReason } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../listing/engine.ts';
import { settleRefund, type RefundOutcome } from '../../../modules/payments/refund-settlement.service.ts';
import { refundPayment } from '../../../modules/payments/refunds.service.ts';
import { bringInPosPayment } from '../../../modules/pos/pos.gateway-events.ts';
import { posOrderOf } from '../../../modules/pos/pos.payment.ts';
import { applyPaymentStatus } from '../../../modules/transactions/transactions.service.ts';
import type { GatewayStatus } from '../gateway.ts';
import { applyDisputeEvent } from './stripe-disputes.ts';
import { stripeClient } from './stripe-client.ts';
import { stripeConnection } from './stripe-events.config.ts';
import { toPayment } from './stripe-gateway.ts';

/** The event is about a payment Almoner has not (yet) recorded; a later try may find it. */
export class NotYetKnownError extends Error {}

export type StripePayment = { id: number; status: GatewayStatus; currency: string };

/** The Almoner payment a PaymentIntent paid, locked for this transaction; throws when there is none yet. */
export async function lockPaymentOf(tx: Tx, intentId: string | null | undefined): Promise<StripePayment> {
  // Almoner takes every Stripe payment as a PaymentIntent: a charge without one is not ours.
  if (!intentId) throw new NotYetKnownError('Not one of Almoner\'s payments: the charge has no PaymentIntent.');
  const [row] = await queryRows(
    tx,
    sql`select id, status, currency_code from payments where gateway = 'stripe' and reference_number = ${intentId} order by id limit 1 for update`,
  );
  if (!row) throw new NotYetKnownError(`No Almoner payment has the PaymentIntent ${intentId}.`);
  return { id: Number(row.id), status: String(row.status) as GatewayStatus, currency: String(row.currency_code) };
}

/**
 * Applies one event inside the caller's transaction. Answers a note for the event's row (why it
 * changed nothing), or null. Events about the same payment may come twice or out of order: each
 * handler moves things only forward, so a late or repeated event changes nothing more.
 */
export async function applyStripeEvent(tx: Tx, event: Stripe.Event, { lastTry = false }: { lastTry?: boolean } = {}): Promise<string | null> {
  // Stripe has some 250 event types; these are the ones Almoner applies, every other is ignored.
  if (event.type === 'payment_intent.succeeded') return applyIntentSucceeded(tx, event.data.object, lastTry);
  if (event.type === 'payment_intent.processing' || event.type === 'payment_intent.payment_failed') {
    return applyIntentEvent(tx, event.data.object);
  }
  if (event.type === 'charge.refunded') return applyChargeRefunded(tx, event.data.object);
  if (event.type === 'charge.refund.updated' || event.type === 'refund.updated' || event.type === 'refund.failed') return applyRefundUpdated(tx, event.data.object);
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') return applyDisputeEvent(tx, event.data.object, lockPaymentOf);
  return null;
}

/**
 * Where a payment may go from where it is. Settled is final (a refund or a dispute is a record of
 * its own); a failed attempt may still settle; "processing" is what an ACH debit already is here,
 * so it never moves a payment (a late one would undo a settlement).
 */
const MOVES: Record<GatewayStatus, readonly GatewayStatus[]> = { pending: ['succeeded', 'failed'], failed: ['succeeded'], succeeded: [] };

/** An ACH debit that settles or fails days later: the payment and its contributions follow. */
async function applyIntentEvent(tx: Tx, intent: Stripe.PaymentIntent): Promise<string | null> {
  const payment = await lockPaymentOf(tx, intent.id);
  const answer = toPayment({ ...intent, latest_charge: typeof intent.latest_charge === 'object' ? intent.latest_charge : null });
  if (!MOVES[payment.status].includes(answer.status)) return null;
  await applyPaymentStatus(tx, payment.id, answer, null);
  return null;
}

/**
 * A payment that went through. One Almoner has not recorded is held like any event about an
 * unknown payment (a completion may still be committing it, or the cashier completing again);
 * on the event's last try, a point-of-sale order's intent (its metadata names the order) is
 * brought in from the event alone, or let go of if it cannot pay the order (pos.gateway-events.ts).
 */
async function applyIntentSucceeded(tx: Tx, intent: Stripe.PaymentIntent, lastTry: boolean): Promise<string | null> {
  try {
    return await applyIntentEvent(tx, intent);
  } catch (error) {
    const orderId = error instanceof NotYetKnownError && lastTry ? posOrderOf(intent.metadata) : null;
    if (orderId === null) throw error;
    return bringInPosPayment(tx, { gateway: 'stripe', reference: intent.id, orderId });
  }
}

/** Stripe's reasons as ours; Stripe's dashboard "Other" (none) counts as the donor's request. */
const reasonOf = (reason: string | null): RefundReason => REFUND_REASONS.find((r) => r === reason) ?? 'requested_by_customer';

/** The charge's refunds: in the event when Stripe includes them all, otherwise read from Stripe. */
async function refundsOf(tx: Tx, charge: Stripe.Charge): Promise<Stripe.Refund[]> {
  if (charge.refunds && !charge.refunds.has_more) return charge.refunds.data;
  const config = await stripeConnection(tx);
  if (!config) throw new Error('Stripe\'s refunds cannot be read: no Stripe secret key is configured.');
  const list = await stripeClient(config).refunds.list({ charge: charge.id, limit: 100 });
  return list.data;
}

/**
 * A refund made in Stripe's dashboard is recorded as Almoner's own refunds are (refundPayment:
 * figures derived, receipt voided, history, events), once. Refunds Almoner asked for itself
 * already carry Stripe's refund id and are skipped: the payment's row is locked first, so a
 * refund of ours still being committed is waited for, never recorded twice.
 */
async function applyChargeRefunded(tx: Tx, charge: Stripe.Charge): Promise<string | null> {
  const payment = await lockPaymentOf(tx, typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id);
  const all = await refundsOf(tx, charge);
  if (!all.length) return null;
  const known = await queryRows(tx, sql`select reference_number from refunds where reference_number in ${sql`(${sql.join(all.map((r) => sql`${r.id}`), sql`, `)})`}`);
  const recorded = new Set(known.map((r) => String(r.reference_number)));
  // A refund already recorded as pending may have settled since: the charge tells its status now.
  for (const refund of all.filter((r) => recorded.has(r.id))) await settleStripeRefund(tx, refund);
  const told = all.filter((r) => r.status === 'succeeded' || r.status === 'pending');
  const notes: string[] = [];
  for (const refund of told.filter((r) => !recorded.has(r.id)).sort((a, b) => a.created - b.created)) {
    if (refund.currency.toUpperCase() !== payment.currency) {
      notes.push(`Refund ${refund.id} is in ${refund.currency.toUpperCase()}, the payment in ${payment.currency}: not recorded.`);
      continue;
    }
    const result = await refundPayment(tx, {
      paymentId: payment.id,
      amount: refund.amount,
      reason: reasonOf(refund.reason),
      actorId: null,
      recorded: { reference: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' },
    });
    if (!result.ok) notes.push(`Refund ${refund.id} was not recorded: ${result.refusal.reason}.`);
  }
  return notes.length ? notes.join(' ') : null;
}

/** Stripe's final refund statuses as ours; `pending` and `requires_action` are not final. */
function outcomeOf(status: string | null): RefundOutcome | null {
  if (status === 'succeeded' || status === 'failed' || status === 'canceled') return status;
  return null;
}

/** Settles a recorded pending refund as Stripe tells it now; anything else is left as it is. */
async function settleStripeRefund(tx: Tx, refund: Stripe.Refund): Promise<'settled' | 'unchanged' | 'unknown'> {
  const outcome = outcomeOf(refund.status);
  if (!outcome) return 'unchanged';
  return settleRefund(tx, { reference: refund.id, outcome, failureReason: refund.failure_reason ?? null, actorId: null });
}

/**
 * A refund that answered `pending` settling days later (charge.refund.updated, refund.updated,
 * refund.failed): succeeded, or failed and the money the contribution's again. Told twice or
 * late, nothing more moves. A refund Almoner has not recorded may be ours still being committed:
 * a later try finds it (a refund made in Stripe's dashboard comes in by charge.refunded).
 */
async function applyRefundUpdated(tx: Tx, refund: Stripe.Refund): Promise<string | null> {
  const settled = await settleStripeRefund(tx, refund);
  if (settled === 'unknown' && outcomeOf(refund.status)) throw new NotYetKnownError(`No Almoner refund has the reference ${refund.id}.`);
  return null;
}
