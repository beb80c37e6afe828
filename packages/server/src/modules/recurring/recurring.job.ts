import type { Database, Db, Tx } from '../../db/client.ts';
import { gatewayFor } from '../../integrations/payments/index.ts';
import { defineJob, enqueue } from '../jobs/jobs.queue.ts';
import { dayInZone } from '../money/money.convert.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { type BillingDeps, runRecurringBilling } from './recurring.billing.ts';

/**
 * How the recurring batch runs. pg-boss's own scheduler is off in this app (JobQueue passes
 * `schedule: false`: its cron needs a clock process per database), so every worker process
 * (ALMONER_ROLE worker or all) enqueues `recurring_billing` when it starts and then every
 * SCHEDULE_EVERY_MS (main.ts calls startRecurringSchedule). Several workers, or a run that
 * overlaps the next, are harmless: each profile is billed under its row lock and only while
 * still due, and the gateway key is per profile, period and attempt (see recurring.billing.ts).
 * A run bills the organisation's today (its time zone setting) unless the job names a day.
 */

export const SCHEDULE_EVERY_MS = 60 * 60 * 1000;

let appKey: Buffer | undefined;

/** Called once per process with the configuration: the saved methods' tokens are sealed with the app key. */
export function configureRecurringBilling(settings: { appKey: Buffer }): void {
  appKey = settings.appKey;
}

/**
 * The organisation's gateway. On PostgreSQL the sandbox works on its own pooled connection (an
 * outside party: its ledger must not roll back with our transaction); PGlite has one connection,
 * so there it works inside ours.
 */
export function billingDepsFor(database: Database): BillingDeps {
  if (!appKey) throw new Error('Recurring billing is not configured (configureRecurringBilling).');
  return {
    appKey,
    gateway: (tx: Tx) => gatewayFor(database.kind === 'postgres' ? database.db : (tx as unknown as Db)),
  };
}

export const recurringBillingJob = defineJob<{ today?: string }>({
  name: 'recurring_billing',
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 60 * 60,
  handler: async (run) => {
    const { timeZone } = await getOrgMoneySettings(run.database.db);
    const today = run.data.today ?? dayInZone(new Date(), timeZone);
    await runRecurringBilling(run.database, billingDepsFor(run.database), today, run.progress);
  },
});

/** Enqueues the batch now and every SCHEDULE_EVERY_MS; returns the function that stops it. */
export function startRecurringSchedule(database: Database, onError: (error: unknown) => void): () => void {
  const tick = () => void enqueue(database.db, recurringBillingJob, {}).catch(onError);
  tick();
  const timer = setInterval(tick, SCHEDULE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
