import { randomUUID } from 'node:crypto';
import { DOMAIN_EVENT_TYPES, WEBHOOK_RESPONSE_BODY_MAX, WEBHOOK_RETRY_WINDOW_HOURS, webhookMessages } from '@almoner/contracts';
import { and, arrayOverlaps, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { withActor } from '../../db/actor.ts';
import { guardedPost } from '../../integrations/outbound/request.ts';
import { decrypt } from '../auth/crypto.ts';
import { onceEachEvent, type RecordedEvent, registerBatchConsumer } from '../domain-events/domain-events.service.ts';
import { defineJob, enqueue, enqueueMany, type JobRun } from '../jobs/jobs.queue.ts';
import { deliveryBody, deliveryHeaders } from './webhooks.sign.ts';
import { failParked, noteFailure, noteSuccess, parkIfPaused } from './webhooks.circuit.ts';
import { type DeliverData, deliveryQueue } from './webhooks.delivery-queue.ts';
import { webhookSettings } from './webhooks.settings.ts';
import { webhookDeliveries, webhooks } from './webhooks.tables.ts';

/**
 * Delivery: one row and one job per (hook, event), so a slow or hung receiver only ever holds its
 * own jobs. A failed try schedules the next one on the same row (jittered exponential backoff)
 * until WEBHOOK_RETRY_WINDOW_HOURS after the event; a delivery that runs out of window is given
 * up and its hook switched off, with the reason shown on the hook's page (the audit trigger on
 * `webhooks` records the switch-off as a change with no staff actor).
 */

/** Requests to one hook in flight per process; more wait, so a hung receiver holds few workers. */
export const MAX_IN_FLIGHT_PER_HOOK = 2;
/** Workers for deliveries per process. */
export const DELIVERY_CONCURRENCY = 8;
/** A try holds its row this long (longer than the 10 s timeout); a crashed try is taken up after. */
const LEASE_SECONDS = 60;

/** Start times of the requests in flight, per hook, in this process. */
const inFlight = new Map<number, number[]>();

/** Seconds before try `attempt + 1`: 30 s × 3^(attempt-1), at most 6 h, ±25% jitter. */
export function retryDelaySeconds(attempt: number, random = Math.random): number {
  const base = Math.min(30 * 3 ** (attempt - 1), 6 * 3600);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * Takes one of the hook's in-flight slots. A healthy receiver frees one in milliseconds, so a
 * full hook whose requests are all young is waited for briefly; a hook whose oldest request has
 * been out for longer (a hung or very slow receiver) is not waited for: its delivery is deferred
 * at once and the worker moves on to other hooks' deliveries.
 */
async function slotFor(hookId: number, waitMs = 500): Promise<number | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const started = inFlight.get(hookId) ?? [];
    if (started.length < MAX_IN_FLIGHT_PER_HOOK) break;
    if (Date.now() > deadline || performance.now() - Math.min(...started) > waitMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const token = performance.now();
  inFlight.set(hookId, [...(inFlight.get(hookId) ?? []), token]);
  return token;
}

const releaseSlot = (hookId: number, token: number) => inFlight.set(hookId, (inFlight.get(hookId) ?? []).filter((t) => t !== token));

/**
 * Deferral for a hook already at its in-flight limit: not a try, just later. It doubles each time
 * the same try is deferred (5 s, 10 s, 20 s … at most 5 min, ±50% jitter), so the backlog of a
 * hung receiver settles into a trickle instead of taking workers from healthy hooks every few
 * seconds; once the receiver answers again its backlog drains within minutes.
 */
export function deferSeconds(deferred: number, random = Math.random): number {
  const base = Math.min(5 * 2 ** deferred, 300);
  return Math.round(base * (0.5 + random()));
}

export const deliverWebhookJob = defineJob<DeliverData>({
  name: deliveryQueue.name,
  // The job only fails when the database does; the HTTP outcome is handled by the row.
  retryLimit: 5,
  retryDelaySeconds: LEASE_SECONDS + 5,
  retryBackoff: false,
  expireInSeconds: 120,
  concurrency: DELIVERY_CONCURRENCY,
  handler: async (run) => {
    await attemptDelivery(run.database, run.data);
  },
});

/** Workers for deferred tries and retries per process (see deliverWebhookLaterJob). */
export const LATER_DELIVERY_CONCURRENCY = 2;

/**
 * Deferred tries and retries: the same handler in a queue of their own. pg-boss finds the next
 * job by walking a queue in creation order past every job not yet due, so a hung hook's backlog
 * of thousands of future jobs in the first queue made each fetch of a fresh delivery step over
 * all of them: measured with one hung hook of three, healthy deliveries fell from 235/s to 37/s.
 * In their own queue (its own partition) they cost only this queue's two workers.
 */
export const deliverWebhookLaterJob = defineJob<DeliverData>({
  name: 'webhook_delivery_later',
  retryLimit: 5,
  retryDelaySeconds: LEASE_SECONDS + 5,
  retryBackoff: false,
  expireInSeconds: 120,
  concurrency: LATER_DELIVERY_CONCURRENCY,
  handler: async (run) => {
    await attemptDelivery(run.database, run.data);
  },
});

/**
 * A delivery job in the later queue that starts `seconds` from now. pg-boss's own startAfter sends
 * one value as three typed parameters (a number and a timestamp), which the database refuses; so
 * the job is queued and its start moved in the same transaction.
 */
async function enqueueLater(q: Queryable, data: DeliverData, seconds: number): Promise<void> {
  const id = await enqueue(q, deliverWebhookLaterJob, data);
  await q.execute(sql`update pgboss.job set start_after = now() + make_interval(secs => ${seconds}) where name = ${deliverWebhookLaterJob.name} and id = ${id}::uuid`);
}

type EventEnvelope = { id: string; type: string; version: number; occurred_at: string; data: unknown };

/** Events fanned out per transaction. */
export const FAN_OUT_CHUNK = 100;

/**
 * The consumer: a row and a job for each active hook subscribed to each event, once per event
 * (its own once-key, so a retried consumer job or a second delivery adds nothing), written for
 * a chunk of events in one transaction of the same four statements whatever the number of events
 * and hooks (see queueDeliveries). With a transaction per event, its round trips set the pace of
 * every hook's deliveries (about 27 ms an event: 135 deliveries/s to two hooks).
 */
export async function fanOut(events: RecordedEvent[], run: Pick<JobRun<unknown>, 'onceEach'>): Promise<void> {
  await onceEachEvent(run, 'webhooks', events, async (tx, fresh) => {
    const hooks = await tx
      .select({ id: webhooks.id, payloadUrl: webhooks.payloadUrl, contentType: webhooks.contentType, pausedUntil: webhooks.pausedUntil, events: webhooks.events })
      .from(webhooks)
      .where(and(eq(webhooks.active, true), isNull(webhooks.deletedAt), arrayOverlaps(webhooks.events, [...new Set(events.map((e) => e.type))])));
    const rows = fresh.flatMap((event) => {
      const occurredAt = new Date(event.occurredAt).toISOString();
      return hooks
        .filter((hook) => hook.events.includes(event.type))
        .map((hook) => {
          const guid = randomUUID();
          const envelope: EventEnvelope = { id: guid, type: event.type, version: event.version, occurred_at: occurredAt, data: event.payload };
          return { webhookId: hook.id, guid, event: event.type, requestUrl: hook.payloadUrl, requestBody: deliveryBody(hook.contentType, envelope), parked: Boolean(hook.pausedUntil) };
        });
    });
    await queueDeliveries(tx, rows);
  });
}

registerBatchConsumer('webhooks', DOMAIN_EVENT_TYPES, FAN_OUT_CHUNK, fanOut);

type NewDelivery = { webhookId: number; guid: string; event: string; requestUrl: string; requestBody: string };

/**
 * New delivery rows, due now, and the jobs of those not parked: one insert for the rows and one
 * for the jobs. A paused hook's row is written parked, with no job: the probe releases it. (A
 * pause that ends while this transaction is open leaves the row parked until the minute's sweep
 * releases it.) A parked row is one more row of the same insert, so a paused hook costs the
 * fan-out only its bytes.
 */
async function queueDeliveries(tx: Queryable, rows: (NewDelivery & { parked: boolean })[], job: Pick<DeliverData, 'probe'> = {}): Promise<number[]> {
  if (!rows.length) return [];
  const created = await tx
    .insert(webhookDeliveries)
    .values(rows.map(({ parked, ...row }) => ({ ...row, nextRetryAt: parked ? null : sql`now()`, parkedAt: parked ? sql`now()` : null })))
    .returning({ id: webhookDeliveries.id, parkedAt: webhookDeliveries.parkedAt });
  const due = created.filter((row) => !row.parkedAt);
  await enqueueMany(tx, deliverWebhookJob, due.map((row) => ({ delivery_id: row.id, attempt: 1, ...job })));
  return created.map((row) => row.id);
}

/**
 * A new delivery row and its job, due now: staff's Redeliver, whose try goes out even while the
 * hook is paused (a probe).
 */
export async function queueDelivery(tx: Queryable, row: NewDelivery): Promise<number> {
  const [id] = await queueDeliveries(tx, [{ ...row, parked: false }], { probe: true });
  return id as number;
}

export type AttemptOutcome = 'delivered' | 'retry' | 'given_up' | 'skipped' | 'deferred' | 'hook_off' | 'parked';

/** One try of one delivery. Safe to call twice for the same try: only one caller sends. */
export async function attemptDelivery(database: Database, data: DeliverData): Promise<AttemptOutcome> {
  const { db } = database;
  const [row] = await db
    .select({ d: webhookDeliveries, hook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, data.delivery_id));
  if (!row || row.d.deliveredAt || row.d.failedAt || row.d.parkedAt || row.d.attempt !== data.attempt) return 'skipped';
  const { d, hook } = row;
  if (!hook.active || hook.deletedAt) {
    await db.update(webhookDeliveries).set({ failedAt: sql`now()`, nextRetryAt: null }).where(and(eq(webhookDeliveries.id, d.id), isNull(webhookDeliveries.deliveredAt)));
    return 'hook_off';
  }
  if (hook.pausedUntil && !data.probe && (await parkIfPaused(database, hook.id, d.id, data.attempt))) return 'parked';
  const slot = await slotFor(hook.id);
  if (slot === null) {
    const deferred = data.deferred ?? 0;
    await enqueueLater(db, { ...data, deferred: deferred + 1 }, deferSeconds(deferred));
    return 'deferred';
  }
  // Claim the try: a second job for the same try (a duplicate, or one racing a lease) finds no row.
  const claimed = await db
    .update(webhookDeliveries)
    .set({ nextRetryAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      and(
        eq(webhookDeliveries.id, d.id),
        eq(webhookDeliveries.attempt, data.attempt),
        isNull(webhookDeliveries.deliveredAt),
        isNull(webhookDeliveries.failedAt),
        sql`${webhookDeliveries.nextRetryAt} <= now() + interval '5 seconds'`,
      ),
    )
    .returning({ id: webhookDeliveries.id })
    .catch((error: unknown) => {
      releaseSlot(hook.id, slot);
      throw error;
    });
  if (!claimed.length) {
    releaseSlot(hook.id, slot);
    return 'skipped';
  }

  const settings = webhookSettings();
  const secret = hook.secret ? decrypt(settings.appKey, hook.secret) : '';
  const headers = deliveryHeaders({ secret, guid: d.guid, event: d.event, hookId: hook.id, contentType: hook.contentType, body: d.requestBody, timestamp: Math.floor(Date.now() / 1000) });
  let response;
  try {
    response = await guardedPost({
      url: d.requestUrl,
      headers,
      body: d.requestBody,
      insecureTls: hook.insecureSsl,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: WEBHOOK_RESPONSE_BODY_MAX,
      allow: settings.allow,
      resolver: settings.resolver,
    });
  } finally {
    releaseSlot(hook.id, slot);
  }
  const record = {
    requestHeaders: { 'request-method': 'POST', ...headers },
    responseStatus: response.status,
    responseHeaders: response.headers,
    responseBody: response.body,
    durationMs: response.durationMs,
  };
  // Only a 2xx is a success: a redirect is not followed and counts as a failure.
  if (response.status >= 200 && response.status < 300) {
    await db.update(webhookDeliveries).set({ ...record, deliveredAt: sql`now()`, nextRetryAt: null, parkedAt: null }).where(eq(webhookDeliveries.id, d.id));
    // The hook as read before the try: a failure counted meanwhile is reset by the next success.
    if (hook.failuresInARow > 0 || hook.pausedUntil) await noteSuccess(database, hook.id);
    return 'delivered';
  }
  const delay = retryDelaySeconds(data.attempt);
  return withActor(db, { userId: null, ip: null }, async (tx) => {
    const [window] = await tx
      .select({ open: sql<boolean>`${webhookDeliveries.createdAt} + make_interval(hours => ${WEBHOOK_RETRY_WINDOW_HOURS}) > now() + make_interval(secs => ${delay})` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, d.id));
    const pausedUntil = await noteFailure(tx, hook.id, data.probe === true, response.timedOut === true);
    if (window?.open && pausedUntil) {
      // The hook is paused: this delivery waits with the others for the probe.
      await tx.update(webhookDeliveries).set({ ...record, attempt: data.attempt + 1, nextRetryAt: null, parkedAt: sql`now()` }).where(eq(webhookDeliveries.id, d.id));
      return 'retry';
    }
    if (window?.open) {
      await tx
        .update(webhookDeliveries)
        .set({ ...record, attempt: data.attempt + 1, nextRetryAt: sql`now() + make_interval(secs => ${delay})` })
        .where(eq(webhookDeliveries.id, d.id));
      await enqueueLater(tx, { delivery_id: d.id, attempt: data.attempt + 1 }, delay);
      return 'retry';
    }
    await tx.update(webhookDeliveries).set({ ...record, failedAt: sql`now()`, nextRetryAt: null }).where(eq(webhookDeliveries.id, d.id));
    await tx
      .update(webhooks)
      .set({ active: false, disabledAt: sql`now()`, disabledReason: webhookMessages.disabled(WEBHOOK_RETRY_WINDOW_HOURS), updatedAt: sql`now()` })
      .where(and(eq(webhooks.id, hook.id), eq(webhooks.active, true)));
    await failParked(tx, hook.id);
    return 'given_up';
  });
}
