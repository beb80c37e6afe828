import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { defineJob, enqueue } from '../jobs/jobs.queue.ts';
import { CIRCUIT_FAILURES, circuitReset, failParked, releaseParkedJob } from './webhooks.circuit.ts';
import { type AttemptOutcome, attemptDelivery } from './webhooks.delivery.ts';
import { webhookDeliveries, webhooks } from './webhooks.tables.ts';

/*
 * The circuit breaker's probes and its minute's sweep (see webhooks.circuit.ts): apart from the
 * circuit's bookkeeping because a probe is a delivery try, and the delivery module reports each
 * try to the circuit.
 */

/**
 * One probe of a paused hook: its oldest waiting delivery is tried now. The try's own outcome
 * closes the circuit (success) or pushes the next probe out (failure); see attemptDelivery.
 */
export async function probeHook(database: Database, hookId: number): Promise<AttemptOutcome | 'gone' | 'closed'> {
  try {
    const [hook] = await database.db.select().from(webhooks).where(eq(webhooks.id, hookId));
    if (!hook) return 'gone';
    if (!hook.active || hook.deletedAt) {
      await failParked(database.db, hookId);
      return 'hook_off';
    }
    const [oldest] = await database.db
      .update(webhookDeliveries)
      .set({ parkedAt: null, nextRetryAt: sql`now()` })
      .where(
        eq(
          webhookDeliveries.id,
          sql`(select id from webhook_deliveries where webhook_id = ${hookId} and parked_at is not null and delivered_at is null and failed_at is null order by id limit 1 for update skip locked)`,
        ),
      )
      .returning({ id: webhookDeliveries.id, attempt: webhookDeliveries.attempt });
    if (!oldest) {
      // Nothing waits: nothing to test the receiver with, so the next event's try is the probe.
      await database.db.update(webhooks).set({ ...circuitReset, failuresInARow: CIRCUIT_FAILURES - 1 }).where(eq(webhooks.id, hookId));
      return 'closed';
    }
    return attemptDelivery(database, { delivery_id: oldest.id, attempt: oldest.attempt, probe: true });
  } finally {
    await database.db.update(webhooks).set({ probeQueuedAt: null }).where(eq(webhooks.id, hookId));
  }
}

export const probeHookJob = defineJob<{ webhook_id: number }>({
  name: 'webhook_probe',
  concurrency: 2,
  expireInSeconds: 120,
  handler: async (run) => {
    await probeHook(run.database, run.data.webhook_id);
  },
});

/** The minute's sweep (see the module comment). Returns what it queued, for tests. */
export async function sweepCircuits(database: Database): Promise<{ probes: number; releases: number }> {
  return database.db.transaction(async (tx) => {
    const due = await tx
      .update(webhooks)
      .set({ probeQueuedAt: sql`now()` })
      .where(
        and(
          sql`${webhooks.pausedUntil} <= now()`,
          eq(webhooks.active, true),
          isNull(webhooks.deletedAt),
          sql`(${webhooks.probeQueuedAt} is null or ${webhooks.probeQueuedAt} < now() - interval '5 minutes')`,
        ),
      )
      .returning({ id: webhooks.id });
    for (const hook of due) await enqueue(tx, probeHookJob, { webhook_id: hook.id });
    const stranded = await tx
      .selectDistinct({ id: webhooks.id, live: sql<boolean>`${webhooks.active} and ${webhooks.deletedAt} is null` })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(and(isNotNull(webhookDeliveries.parkedAt), sql`(${webhooks.pausedUntil} is null or not ${webhooks.active} or ${webhooks.deletedAt} is not null)`));
    let releases = 0;
    for (const hook of stranded) {
      if (!hook.live) await failParked(tx, hook.id);
      else {
        await enqueue(tx, releaseParkedJob, { webhook_id: hook.id });
        releases += 1;
      }
    }
    return { probes: due.length, releases };
  });
}

export const sweepCircuitsJob = defineJob<Record<string, never>>({
  name: 'webhook_circuits',
  cron: '* * * * *',
  handler: async (run) => {
    await sweepCircuits(run.database);
  },
});
