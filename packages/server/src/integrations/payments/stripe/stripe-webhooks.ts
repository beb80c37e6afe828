import { stripeWebhookMessages } from '@almoner/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database, Db } from '../../../db/client.ts';
import { withActor } from '../../../db/actor.ts';
import { defineJob, enqueue } from '../../../modules/jobs/jobs.queue.ts';
import { writeLogEntry } from '../../../modules/logs/logs.service.ts';
import { GatewayUnavailable } from '../gateway.ts';
import { applyStripeEvent, NotYetKnownError } from './stripe-event-handlers.ts';
import { stripeEvents } from './stripe-events.tables.ts';

/** Stripe's own tolerance: a signature more than five minutes from now is refused (a replay). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type VerifiedEvent = { ok: true; event: Stripe.Event } | { ok: false; message: string };

/**
 * Checks the Stripe-Signature header against the raw body with the SDK, and that what was signed
 * is an event. Never throws: whatever a caller sends is a verdict.
 */
export function verifyStripeEvent(rawBody: Buffer, header: string | undefined, secret: string | null): VerifiedEvent {
  if (!secret) return { ok: false, message: stripeWebhookMessages.noSecret };
  if (!header) return { ok: false, message: stripeWebhookMessages.noSignature };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    const stale = error instanceof Stripe.errors.StripeSignatureVerificationError && /tolerance/i.test(error.message);
    return { ok: false, message: stale ? stripeWebhookMessages.staleSignature : stripeWebhookMessages.badSignature };
  }
  const e = event as Partial<Stripe.Event> | null;
  const isEvent =
    typeof e?.id === 'string' && e.id.length > 0 && e.id.length <= 255 && typeof e.type === 'string' && e.type.length <= 100 && Number.isInteger(e.created) && typeof e.data === 'object' && e.data !== null;
  return isEvent ? { ok: true, event } : { ok: false, message: stripeWebhookMessages.notAnEvent };
}

/** The event's job: `late_try` counts the tries queued after its last one found Stripe unreachable. */
export type StripeEventJobData = { event_id: string; late_try?: number };

/**
 * Tries after the last one that found Stripe unreachable (down, answering 500, timing out): the
 * event is queued again, 15 minutes later, then 30, 60 … at most 6 hours apart, about two days
 * in all, as Stripe itself retries a webhook it could not deliver.
 */
export const STRIPE_LATE_TRIES = 12;
export const lateTryDelaySeconds = (lateTry: number): number => Math.min(15 * 60 * 2 ** (lateTry - 1), 6 * 3600);

/** Applies one stored Stripe event; see processStripeEvent. */
export const stripeEventJob = defineJob<StripeEventJobData>({
  name: 'stripe_event',
  // An event about a payment Almoner has not committed yet (Stripe can be faster than our own
  // transaction) waits for it: 30 s, 1, 2, 4 and 8 minutes.
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  handler: async (run) => {
    const late = run.data.late_try ?? 0;
    // A try queued after the last one is a last try too: the cashier has long gone.
    const lastTry = late > 0 || run.retryCount >= run.retryLimit;
    try {
      await processStripeEvent(run.database, run.data.event_id, { lastTry });
    } catch (error) {
      if (!lastTry || !isStripeUnreachable(error)) throw error;
      if (late >= STRIPE_LATE_TRIES) {
        // Staff are told in the log, and the job fails for good: they can run it again from Background jobs.
        const message = `Stripe's event ${run.data.event_id} could not be applied in two days of tries because Stripe could not be reached: ${unreachableText(error)} It is not tried again by itself: retry its job in Background jobs once Stripe answers.`;
        await writeLogEntry(run.database.db, { message, source: 'payments', level: 'error', context: { queue: 'stripe_event', error_code: 'stripe_unreachable', job_id: run.id } });
        await run.giveUp();
        throw new Error(message, { cause: error });
      }
      await tryAgainLater(run.database, run.data.event_id, late + 1, error);
    }
  },
});

/** Whether the failure is Stripe not answering (GatewayUnavailable, or an error it caused): a later try may succeed. */
function isStripeUnreachable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e instanceof GatewayUnavailable) return true;
  return false;
}

/**
 * The words of such a failure for the log: Almoner's own (GatewayUnavailable's, or the sale's
 * and the intent's it was wrapped with, pos.gateway-events.ts), never a database's or a person's.
 */
const unreachableText = (error: unknown): string => (error instanceof Error ? error.message : '').slice(0, 300);

/**
 * Queues the event's next late try, with a warning in the log viewer and the same words on the
 * event's row (still unprocessed). The try applies the event as any does: under its row's lock,
 * once, with the same idempotency keys at Stripe (a refund of a payment not kept is keyed by its
 * intent), so however many tries it takes nothing is charged, refunded or recorded twice.
 */
async function tryAgainLater(database: Database, eventId: string, lateTry: number, error: unknown): Promise<void> {
  const delay = lateTryDelaySeconds(lateTry);
  const message = `Stripe's event ${eventId} could not be applied because Stripe could not be reached: ${unreachableText(error)} It will be tried again in ${delay / 60} minutes (late try ${lateTry} of ${STRIPE_LATE_TRIES}).`;
  await withActor(database.db, { userId: null, ip: null }, async (tx) => {
    await enqueue(tx, stripeEventJob, { event_id: eventId, late_try: lateTry }, { startAfterSeconds: delay });
    await tx.update(stripeEvents).set({ error: message }).where(and(eq(stripeEvents.id, eventId), isNull(stripeEvents.processedAt)));
    await writeLogEntry(tx, { message, source: 'payments', level: 'warning', context: { queue: 'stripe_event', error_code: 'stripe_unreachable', attempt: `late ${lateTry} of ${STRIPE_LATE_TRIES}` } });
  });
}

/**
 * Stores a verified event once and queues its handling in the same transaction. Answers whether
 * the id was seen before: then nothing more is done.
 */
export async function receiveStripeEvent(db: Db, event: Stripe.Event): Promise<{ duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const stored = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, created: new Date(event.created * 1000), payload: event })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!stored.length) return { duplicate: true };
    await enqueue(tx, stripeEventJob, { event_id: event.id });
    return { duplicate: false };
  });
}

export type ProcessOutcome = 'applied' | 'already_processed' | 'missing';

/**
 * Applies a stored event once: its row is locked, applied and marked processed in one
 * transaction, so two workers or a retried job cannot apply it twice. An event about a payment
 * Almoner does not know yet is left for a later try, and on the last try marked processed with
 * that reason (it was not one of Almoner's payments), except a point-of-sale order's card payment
 * that went through, which its last try brings in or gives back (pos.gateway-events.ts).
 */
export async function processStripeEvent(database: Database, eventId: string, { lastTry }: { lastTry: boolean }): Promise<ProcessOutcome> {
  return withActor(database.db, { userId: null, ip: null }, async (tx) => {
    const [row] = await tx.select().from(stripeEvents).where(eq(stripeEvents.id, eventId)).for('update');
    if (!row) return 'missing';
    if (row.processedAt) return 'already_processed';
    let note: string | null;
    try {
      note = await applyStripeEvent(tx, row.payload as Stripe.Event, { lastTry });
    } catch (error) {
      if (!(error instanceof NotYetKnownError) || !lastTry) throw error;
      note = error.message;
    }
    await tx.update(stripeEvents).set({ processedAt: sql`now()`, error: note }).where(eq(stripeEvents.id, eventId));
    return 'applied';
  });
}
