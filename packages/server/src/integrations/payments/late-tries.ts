import { withActor } from '../../db/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { enqueue, type JobKind, type JobRun } from '../../modules/jobs/jobs.queue.ts';
import { writeLogEntry } from '../../modules/logs/logs.service.ts';
import { GatewayUnavailable } from './gateway.ts';

/**
 * Late tries of a job that needs the payment gateway (issue 40): Stripe's event job
 * (stripe-webhooks.ts) and the point of sale's let-go job (pos.pending-intents.ts). When the
 * job's last pg-boss retry finds the gateway unreachable (down, answering 500, timing out), the
 * job is queued again, 15 minutes later, then 30, 60 … at most 6 hours apart, about two days in
 * all, as Stripe itself retries a webhook it could not deliver. Each try is the job's own run:
 * under the same lock and with the same idempotency keys at the gateway, so however many tries
 * it takes nothing is charged, cancelled, refunded or recorded twice.
 */

/** A job's data that can be a late try: `late_try` counts the tries queued after its last one found the gateway unreachable. */
export type LateTry = { late_try?: number };

export const LATE_TRIES = 12;
export const lateTryDelaySeconds = (lateTry: number): number => Math.min(15 * 60 * 2 ** (lateTry - 1), 6 * 3600);

export type LateTrying<T extends LateTry> = {
  /** The job queued again (the one running). */
  job: JobKind<T>;
  /** What could not be done, for the log: "Stripe's event evt_… could not be applied". */
  failed: (data: T, db: Db) => string | Promise<string>;
  /** Keeps the late try's words where staff look for the job's subject (the event's row), in the transaction that queues it. */
  note?: (tx: Tx, data: T, message: string) => Promise<void>;
};

/**
 * Runs one try of the job (`attempt`, told whether it is a last try: pg-boss's last retry, or a
 * late try, the cashier having long gone). A last try that finds the gateway unreachable queues
 * the next late try with a warning in the log viewer; after LATE_TRIES it fails for good with an
 * error there, and staff can run it again from Background jobs once the gateway answers.
 */
export async function withLateTries<T extends LateTry>(run: JobRun<T>, trying: LateTrying<T>, attempt: (lastTry: boolean) => Promise<void>): Promise<void> {
  const late = run.data.late_try ?? 0;
  const lastTry = late > 0 || run.retryCount >= run.retryLimit;
  try {
    await attempt(lastTry);
  } catch (error) {
    if (!lastTry || !isGatewayUnreachable(error)) throw error;
    const context = { queue: run.name, error_code: 'gateway_unreachable' };
    const failed = await trying.failed(run.data, run.database.db);
    if (late >= LATE_TRIES) {
      const message = `${failed} in two days of tries because the gateway could not be reached: ${unreachableText(error)} It is not tried again by itself: retry its job in Background jobs once the gateway answers.`;
      await writeLogEntry(run.database.db, { message, source: 'payments', level: 'error', context: { ...context, job_id: run.id } });
      await run.giveUp();
      throw new Error(message, { cause: error });
    }
    const next = late + 1;
    const delay = lateTryDelaySeconds(next);
    const message = `${failed} because the gateway could not be reached: ${unreachableText(error)} It will be tried again in ${delay / 60} minutes (late try ${next} of ${LATE_TRIES}).`;
    await withActor(run.database.db, { userId: null, ip: null }, async (tx) => {
      await enqueue(tx, trying.job, { ...run.data, late_try: next }, { startAfterSeconds: delay });
      await trying.note?.(tx, run.data, message);
      await writeLogEntry(tx, { message, source: 'payments', level: 'warning', context: { ...context, attempt: `late ${next} of ${LATE_TRIES}` } });
    });
  }
}

/** Whether the failure is the gateway not answering (GatewayUnavailable, or an error it caused): a later try may succeed. */
export function isGatewayUnreachable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e instanceof GatewayUnavailable) return true;
  return false;
}

/**
 * The words of such a failure for the log: Almoner's own (GatewayUnavailable's, or the sale's
 * and the intent's it was wrapped with, pos.gateway-events.ts), never a database's or a person's.
 */
const unreachableText = (error: unknown): string => (error instanceof Error ? error.message : '').slice(0, 300);
