import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../db/client.ts';
import { defineJob, enqueue, JOB_SCHEMA } from '../jobs/jobs.queue.ts';
import { deliveryQueue } from './webhooks.delivery-queue.ts';
import { webhookDeliveries, webhooks } from './webhooks.tables.ts';

/**
 * The per-hook circuit breaker. A receiver that keeps failing (down, hung, answering errors) would
 * otherwise cost every worker a try, a deferral or a retry job for each of its deliveries, and
 * healthy hooks share those workers and that database: measured with one hung hook of three,
 * healthy deliveries ran at 136/s against 235/s with no hung hook.
 *
 * After CIRCUIT_FAILURES failed tries in a row, or CIRCUIT_TIMEOUTS of them in a row that got no
 * answer within the timeout (a hung receiver), the hook is paused: its deliveries wait in their rows
 * (`parked_at`, with no next_retry_at of their own: the hook's `paused_until` is when they are
 * looked at next), with no job, and new events for it are written parked. One probe at a time tries
 * the oldest waiting delivery, first after a minute and then at doubling intervals up to an hour.
 * A success (a probe, a Redeliver, or any try already under way) closes the circuit and releases
 * the waiting deliveries to the queue in batches. A hook that still fails when its oldest delivery
 * runs out of retry window is switched off as before, and its waiting deliveries are given up.
 *
 * A minute's sweep (also the safety net after a crash) queues the probes that are due, releases
 * any delivery left parked on a hook that is no longer paused, and gives up the parked deliveries
 * of hooks switched off or deleted.
 */
export const CIRCUIT_FAILURES = 5;

/**
 * Timeouts in a row that pause a hook at once. A hung receiver holds a worker and one of its
 * hook's in-flight slots for the whole timeout, and meanwhile every other delivery of that hook
 * costs a deferral: waiting for five such tries (two at a time, so three timeouts' length, about
 * 30 s) was most of what a hung hook cost the healthy ones. Two in a row is one timeout's length;
 * a receiver that is only slow now and then answers in between, which starts the count again.
 */
export const CIRCUIT_TIMEOUTS = 2;

/** Seconds a paused hook waits before probe n + 1: 60 s doubling, at most an hour. */
export const probeDelaySeconds = (probeFailures: number) => Math.min(60 * 2 ** probeFailures, 3600);

/** Deliveries released per transaction when a hook's circuit closes. */
const RELEASE_BATCH = 500;

/**
 * Counts a failed try (in the caller's transaction, which also records the try). Returns when the
 * hook's next probe is due if its deliveries are now paused, else null. A probe (or a Redeliver)
 * that fails while the hook is paused pushes the next probe further out.
 */
export async function noteFailure(tx: Tx, hookId: number, probe: boolean, timedOut = false): Promise<Date | null> {
  const [before] = await tx.select({ pausedUntil: webhooks.pausedUntil }).from(webhooks).where(eq(webhooks.id, hookId)).for('update');
  const timeouts = timedOut ? sql`${webhooks.timeoutsInARow} + 1` : sql`0`;
  const [row] = await tx
    .update(webhooks)
    .set({
      failuresInARow: sql`${webhooks.failuresInARow} + 1`,
      timeoutsInARow: timeouts,
      probeFailures: sql`case when ${webhooks.pausedUntil} is not null and ${probe} then ${webhooks.probeFailures} + 1 else ${webhooks.probeFailures} end`,
      pausedUntil: sql`case
        when ${webhooks.pausedUntil} is not null and ${probe} then now() + make_interval(secs => least(60 * power(2, ${webhooks.probeFailures} + 1), 3600))
        when ${webhooks.pausedUntil} is null and (${webhooks.failuresInARow} + 1 >= ${CIRCUIT_FAILURES} or ${timeouts} >= ${CIRCUIT_TIMEOUTS})
          then now() + make_interval(secs => ${probeDelaySeconds(0)})
        else ${webhooks.pausedUntil} end`,
    })
    .where(eq(webhooks.id, hookId))
    .returning({ pausedUntil: webhooks.pausedUntil });
  if (!before?.pausedUntil && row?.pausedUntil) {
    // The pause begins: the first tries already queued and not yet taken are parked at once and
    // their waiting jobs removed (the release queues new ones): fetched only to find their row
    // parked, those jobs cost healthy hooks a third of the queue's work (bench: 139 -> 90/s).
    // A try in flight holds a lease (a next_retry_at ahead), and a scheduled retry a later time:
    // both are left to park when they end or come due.
    const parked = await tx
      .update(webhookDeliveries)
      .set({ parkedAt: sql`now()`, nextRetryAt: null })
      .where(
        and(
          eq(webhookDeliveries.webhookId, hookId),
          isNull(webhookDeliveries.deliveredAt),
          isNull(webhookDeliveries.failedAt),
          isNull(webhookDeliveries.parkedAt),
          sql`${webhookDeliveries.nextRetryAt} <= now()`,
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (parked.length) {
      await tx.execute(sql`delete from ${sql.identifier(JOB_SCHEMA)}.job
        where name = ${deliveryQueue.name} and state = 'created'
          and (data->>'delivery_id')::int = any(${`{${parked.map((r) => r.id).join(',')}}`}::int[])`);
    }
  }
  return row?.pausedUntil ?? null;
}

/** A 2xx: the hook is healthy again. If it was paused, its waiting deliveries are released. */
export async function noteSuccess(database: Database, hookId: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [before] = await tx.select({ pausedUntil: webhooks.pausedUntil }).from(webhooks).where(eq(webhooks.id, hookId)).for('update');
    await tx.update(webhooks).set(circuitReset).where(eq(webhooks.id, hookId));
    if (before?.pausedUntil) await enqueue(tx, releaseParkedJob, { webhook_id: hookId });
  });
}

/**
 * Parks a try of a paused hook: the row waits for the probe, the job ends. The hook's row is read
 * with a share lock, so a success closing the circuit at the same moment either comes first (and
 * this try goes ahead: returns false) or waits for this park and then releases it.
 */
export async function parkIfPaused(database: Database, hookId: number, deliveryId: number, attempt: number): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const [hook] = await tx.select({ pausedUntil: webhooks.pausedUntil }).from(webhooks).where(eq(webhooks.id, hookId)).for('share');
    if (!hook?.pausedUntil) return false;
    await tx
      .update(webhookDeliveries)
      .set({ parkedAt: sql`now()`, nextRetryAt: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempt, attempt), isNull(webhookDeliveries.deliveredAt), isNull(webhookDeliveries.failedAt)));
    return true;
  });
}

/** Gives up the waiting deliveries of a hook switched off, deleted or given up. */
export async function failParked(q: Queryable, hookId: number): Promise<void> {
  await q
    .update(webhookDeliveries)
    .set({ parkedAt: null, failedAt: sql`now()`, nextRetryAt: null })
    .where(and(eq(webhookDeliveries.webhookId, hookId), isNotNull(webhookDeliveries.parkedAt)));
}

/** The circuit closed and its counts cleared: a success, or staff switching the hook back on. */
export const circuitReset = { failuresInARow: 0, timeoutsInARow: 0, pausedUntil: null, probeFailures: 0, probeQueuedAt: null } as const;

/** Releases a hook's parked deliveries to the queue, a batch per transaction, while it stays unpaused. */
export async function releaseParked(database: Database, hookId: number): Promise<number> {
  let released = 0;
  for (;;) {
    const n = await database.db.transaction(async (tx) => {
      const [hook] = await tx.select({ pausedUntil: webhooks.pausedUntil }).from(webhooks).where(eq(webhooks.id, hookId)).for('share');
      if (!hook || hook.pausedUntil) return 0;
      const ids = tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, hookId), isNotNull(webhookDeliveries.parkedAt)))
        .orderBy(asc(webhookDeliveries.id))
        .limit(RELEASE_BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(webhookDeliveries)
        .set({ parkedAt: null, nextRetryAt: sql`now()` })
        .where(inArray(webhookDeliveries.id, ids))
        .returning({ id: webhookDeliveries.id, attempt: webhookDeliveries.attempt });
      for (const row of rows) await enqueue(tx, deliveryQueue, { delivery_id: row.id, attempt: row.attempt });
      return rows.length;
    });
    released += n;
    if (n < RELEASE_BATCH) return released;
  }
}

export const releaseParkedJob = defineJob<{ webhook_id: number }>({
  name: 'webhook_release_parked',
  concurrency: 1,
  handler: async (run) => {
    await releaseParked(run.database, run.data.webhook_id);
  },
});
