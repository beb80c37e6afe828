import type { PosCompleteRequest } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { GatewayError, gatewayOfPayment, GatewayUnavailable, type GatewayPayment, type PaymentGateway } from '../../integrations/payments/index.ts';
import { withLateTries, type LateTry, type LateTrying } from '../../integrations/payments/late-tries.ts';
import { queryRows } from '../../listing/engine.ts';
import { defineJob, enqueue } from '../jobs/jobs.queue.ts';
import { writeLogEntry } from '../logs/logs.service.ts';
import { lockOrder, type OrderRow } from './pos.complete.checks.ts';
import { forgetPendingIntent, posOrderMetadata } from './pos.payment.ts';
import { letGoMissingIntent, reportRefusedIntent, type PendingIntent } from './pos.refused-intents.ts';
import { isOrdersPayment, letGoAtGateway, recordLetGo } from './pos.unkept-payments.ts';

/**
 * The order's pending intents (issue 40): card payments the donor's bank was asked about
 * (3-D Secure) that no completion has recorded yet, stored when the challenge was answered
 * (storePendingIntent). A browser closed or crashed mid-challenge leaves one behind, and with it
 * the idempotency key of the order's attempt: another card under that key would be refused as
 * "already being processed". So every completion first settles them at the gateway, each read
 * back as it is now:
 *   - one that took the money for this order, its amount and currency, is the sale's payment
 *     when the cashier pays by card again: the completion records it (confirmedPayment) and
 *     charges nothing more, so the donor is never charged twice;
 *   - any other of this order's is let go of (cancelled, or refunded in full if it took the
 *     money) and recorded on the order (recordLetGo), which moves the attempt count on: the next
 *     card gets a key of its own;
 *   - one still waiting for the donor's bank about the very card sent again (a completion sent
 *     twice) is left as it is: the completion's charge answers the same challenge again;
 *   - one the gateway refuses to tell about (a 4xx) is left for the next attempt, and for the
 *     job below once the order is paid. Its key still keeps a different card from being charged
 *     under it, unless Stripe has no such intent (404): it was made under other keys (Settings ›
 *     Payments switched to another account, or mode, since), whose idempotency keys are not this
 *     account's, so the next card is charged here; with Stripe down another charge is refused
 *     (503), but a sale paid offline (cash, check) goes ahead and leaves it to the job below;
 *     one that is not this order's, or already recorded, is only forgotten.
 * Settling runs in a transaction of its own, under the order's lock, before the completion's:
 * what it let go of stays recorded whatever the completion does next, and a retry finds it
 * recorded and asks nothing twice.
 *
 * An order paid (by the cashier, or from Stripe's event, pos.gateway-events.ts) with intents
 * still pending (left above, or stored by a challenge that ended after another completion paid
 * the order) queues posLeftIntentsJob in the same transaction: each is cancelled at Stripe, so a
 * donor who answers the old challenge later is not charged a second time; one the donor already
 * answered is refunded in full and recorded on the sale as not kept (paid another way); one
 * Stripe has no such of, or refuses to tell about, as pos.refused-intents.ts says.
 *
 * Stripe's event completes an order with another intent still pending only in the 404 case
 * above: otherwise the completion that made the event's intent settled every earlier one first,
 * and the attempt's idempotency key kept a later one from being made while it was pending
 * (stripe-pos-left-intents.test.ts walks that path).
 */

/** A pending intent that took the money for the sale: the completion pays the order with it. */
export type TakenIntent = { gateway: string; reference: string };

type Pending = PendingIntent;

/** A pending intent read back: as its gateway has it now, or the gateway's refusal to tell (a 4xx). */
type Read = { gateway: PaymentGateway; payment: GatewayPayment } | { gateway: PaymentGateway; refused: GatewayError };

/** Payment types the cashier charges a card with: a pending intent that took the money pays such a completion. */
const CARD_TYPES = new Set(['credit_card', 'payment_method']);

/** Payment types no gateway is asked about: such a sale need not wait for Stripe to settle a pending intent. */
const OFFLINE_TYPES = new Set(['cash', 'check', 'other', 'free']);

/**
 * Settles the order's pending intents before its completion (see above). `input.payment_intent`,
 * the one the donor just confirmed, is left to the completion; every other is then let go of.
 * One the order never stored (not this order's challenge) settles nothing.
 */
export async function settlePendingIntents(tx: Tx, actor: Actor, id: number, input: PosCompleteRequest): Promise<TakenIntent | null> {
  const order = await lockOrder(tx, id);
  if (!order || order.paid_at) return null;
  const keep = input.payment_intent ?? null;
  const pending = await pendingOf(tx, id);
  // An intent named that is not one of the order's challenges (another order's, made elsewhere) settles nothing: the completion refuses it.
  if (keep !== null && !pending.some((intent) => intent.reference === keep)) return null;
  let taken: TakenIntent | null = null;
  for (const intent of pending) {
    if (intent.reference === keep) continue;
    // A sale paid offline goes ahead while Stripe is down (the job below lets go of the intent later); another charge waits for Stripe.
    const read = await readBack(tx, id, intent, OFFLINE_TYPES.has(input.payment_type ?? '') ? 'leave' : 'throw');
    // Refused (a 4xx): left for the next attempt; once the order is paid, the job below settles it.
    if (!read || !('payment' in read)) continue;
    const { gateway, payment } = read;
    // The same card sent again while its challenge is still with the donor (a completion sent
    // twice): left as it is, the completion's charge (the same key and details) answers that
    // very challenge again, rather than letting it go and asking the donor a second time.
    if (keep === null && stillAsking(payment, order, input)) continue;
    const canPay = keep === null && taken === null && CARD_TYPES.has(input.payment_type ?? '');
    if (canPay && paysTheSale(payment, order)) {
      taken = intent;
      continue;
    }
    const letGo = await letGoAtGateway(gateway, payment);
    await recordLetGo(tx, id, letGo, actor.userId);
  }
  return taken;
}

/**
 * The pending intent as its gateway has it now, or its refusal to tell (a 4xx), or null when
 * there is nothing to settle: the gateway unknown or not answering (left for the next attempt),
 * or the intent recorded already or not this order's (forgotten).
 */
async function readBack(tx: Tx, orderId: number, intent: Pending, unreachable: 'leave' | 'throw'): Promise<Read | null> {
  const gateway = gatewayOfPayment(tx, intent.gateway);
  const [recorded] = await queryRows(tx, sql`select 1 from payments where reference_number = ${intent.reference} and gateway = ${intent.gateway}`);
  if (!gateway || recorded) {
    await forgetPendingIntent(tx, intent.gateway, intent.reference);
    return null;
  }
  let payment: GatewayPayment;
  try {
    payment = await gateway.fetchPayment(intent.reference);
  } catch (error) {
    if (error instanceof GatewayError) return { gateway, refused: error };
    if (error instanceof GatewayUnavailable && unreachable === 'leave') return null;
    throw error;
  }
  if (!isOrdersPayment(payment, posOrderMetadata(orderId))) {
    await forgetPendingIntent(tx, intent.gateway, intent.reference);
    return null;
  }
  return { gateway, payment };
}

/** Whether the intent is waiting for the donor's bank about this very card, for the order as it stands. */
const stillAsking = (payment: GatewayPayment, order: OrderRow, input: PosCompleteRequest) =>
  payment.needsAuthentication && payment.clientSecret != null && payment.method != null && payment.method === input.token && payment.amount === order.total_amount && payment.currency === order.currency_code;

/** Whether the intent took the money for the order as it stands: its amount and currency, nothing given back. */
const paysTheSale = (payment: GatewayPayment, order: OrderRow) =>
  payment.status !== 'failed' && payment.amountRefunded === 0 && payment.amount === order.total_amount && payment.currency === order.currency_code;

/** Intents an order still has pending, oldest first. */
const pendingOf = async (q: Queryable, id: number): Promise<Pending[]> =>
  (await queryRows(q, sql`select gateway, reference, amount, currency_code from pos_pending_intents where contribution_id = ${id} order by created_at, reference`)).map(
    (row): Pending => ({ gateway: String(row.gateway), reference: String(row.reference), amount: Number(row.amount), currency: String(row.currency_code) }),
  );

/**
 * Lets go of the intents a paid order still has pending (see above): each is cancelled at its
 * gateway, or, if the donor answered its challenge meanwhile, refunded in full (the refund keyed
 * by the intent, so once) and recorded on the sale as a payment not kept, with a warning in the
 * log. Stripe unreachable throws, and the job tries again; what was let go of before is recorded
 * and forgotten, so nothing is asked twice. One Stripe has no such of, or refuses to tell about,
 * is dealt with as pos.refused-intents.ts says: answers the words of the refusals left pending.
 */
export async function settleLeftIntents(tx: Tx, id: number): Promise<string[]> {
  const order = await lockOrder(tx, id);
  // An open order's own completion settles its intents (settlePendingIntents).
  if (!order?.paid_at) return [];
  const refusals: string[] = [];
  for (const intent of await pendingOf(tx, id)) {
    const read = await readBack(tx, id, intent, 'throw');
    if (!read) continue;
    if (!('payment' in read)) {
      if (read.refused.code === 'not_found') await letGoMissingIntent(tx, order, intent, read.refused);
      else refusals.push(await reportRefusedIntent(tx, order, intent, read.refused));
      continue;
    }
    const letGo = await letGoAtGateway(read.gateway, read.payment);
    // No such intent at Stripe by the time it was cancelled: nothing there was let go of.
    if (letGo.missing) {
      await letGoMissingIntent(tx, order, intent, letGo.missing);
      continue;
    }
    await recordLetGo(tx, id, letGo, null);
    if (letGo.outcome === 'cancelled') continue;
    const outcome = letGo.outcome === 'refunded' ? `refunded in full (${letGo.refund?.reference ?? 'refund'})` : 'NOT refunded by the gateway: refund it by hand';
    await writeLogEntry(tx, {
      message: `PaymentIntent ${intent.reference} was taken after point of sale order #${order.client_uuid} was paid another way; recorded on the sale as not kept. It was ${outcome}.`,
      source: 'payments',
      level: letGo.outcome === 'refunded' ? 'warning' : 'error',
      context: { queue: posLeftIntentsJob.name, error_code: 'paid_another_way' },
    });
  }  return refusals;
}

/** The order whose pending intents are let go of; a late try (late-tries.ts) once Stripe could not be reached on its last. */
export type LeftIntentsJobData = { contribution_id: number } & LateTry;

/**
 * Lets go of a paid order's pending intents (settleLeftIntents), retried while the gateway cannot
 * be reached: 1, 2, 4 … minutes (about four hours), then late tries 15 minutes to 6 hours apart
 * for about two days more, each under the order's lock and asking the gateway only about what is
 * still pending, so nothing is cancelled, refunded or recorded twice.
 */
export const posLeftIntentsJob = defineJob<LeftIntentsJobData>({
  name: 'pos_left_intents',
  retryLimit: 8,
  retryDelaySeconds: 60,
  retryBackoff: true,
  handler: (run) =>
    withLateTries(run, leftIntentsLateTries, async () => {
      const refusals = await withActor(run.database.db, { userId: null, ip: null }, (tx) => settleLeftIntents(tx, run.data.contribution_id));
      // Told to staff in the log already: no retry of its own asks again (pos.refused-intents.ts).
      if (refusals.length) {
        await run.giveUp();
        throw new Error(refusals.join(' '));
      }
    }),
});

const leftIntentsLateTries: LateTrying<LeftIntentsJobData> = {
  job: posLeftIntentsJob,
  failed: async (data, db) => {
    const [order] = await queryRows(db, sql`select client_uuid from contributions where id = ${data.contribution_id}`);
    return `The pending card payments of point of sale order #${String(order?.client_uuid ?? data.contribution_id)} could not be let go of`;
  },
};

/** Queues the left-intents job when the order is paid and still has intents pending; in the caller's transaction. */
export async function queueLeftIntents(tx: Tx, id: number): Promise<void> {
  const [left] = await queryRows(tx, sql`select 1 from pos_pending_intents p join contributions c on c.id = p.contribution_id
    where p.contribution_id = ${id} and c.paid_at is not null limit 1`);
  if (left) await enqueue(tx, posLeftIntentsJob, { contribution_id: id });
}
