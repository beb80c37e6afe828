import { stripeWebhookMessages } from '@almoner/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database, Db } from '../../../db/client.ts';
import { withActor } from '../../../db/actor.ts';
import { defineJob, enqueue } from '../../../modules/jobs/jobs.queue.ts';
import { withLateTries, type LateTry, type LateTrying } from '../late-tries.ts';
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

/** The event's job: a late try (late-tries.ts) once Stripe could not be reached on its last. */
export type StripeEventJobData = { event_id: string } & LateTry;

/** Applies one stored Stripe event; see processStripeEvent. */
export const stripeEventJob = defineJob<StripeEventJobData>({
  name: 'stripe_event',
  // An event about a payment Almoner has not committed yet (Stripe can be faster than our own
  // transaction) waits for it: 30 s, 1, 2, 4 and 8 minutes.
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  // Stripe unreachable on the last try: tried again later, under the event row's lock, once, with
  // the same idempotency keys at Stripe (a refund of a payment not kept is keyed by its intent).
  handler: (run) => withLateTries(run, eventLateTries, async (lastTry) => void (await processStripeEvent(run.database, run.data.event_id, { lastTry }))),
});

/** The event's late tries: the warning's words are kept on the event's row too (still unprocessed). */
const eventLateTries: LateTrying<StripeEventJobData> = {
  job: stripeEventJob,
  failed: (data) => `Stripe's event ${data.event_id} could not be applied`,
  note: async (tx, data, message) => {
    await tx.update(stripeEvents).set({ error: message }).where(and(eq(stripeEvents.id, data.event_id), isNull(stripeEvents.processedAt)));
  },
};

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
