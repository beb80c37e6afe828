import type { Database, Db, Tx } from '../../db/client.ts';
import { gatewayFor } from '../../integrations/payments/index.ts';
import { defineJob } from '../jobs/jobs.queue.ts';
import { dayInZone } from '../money/money.convert.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { type BillingDeps, runRecurringBilling } from './recurring.billing.ts';

/**
 * How the recurring batch runs: hourly on the job queue's schedule (JobDefinition.cron, kept by
 * worker processes only). Hourly rather than daily because the organisation's midnight falls at
 * a different UTC hour in each time zone. Several workers, or a run that overlaps the next, are
 * harmless: each profile is billed under its row lock and only while still due, and the gateway
 * key is per profile, period and attempt (see recurring.billing.ts). A run bills the
 * organisation's today (its time zone setting) unless the job names a day.
 */

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
  cron: '17 * * * *',
  handler: async (run) => {
    const { timeZone } = await getOrgMoneySettings(run.database.db);
    const today = run.data.today ?? dayInZone(new Date(), timeZone);
    await runRecurringBilling(run.database, billingDepsFor(run.database), today, run.progress);
  },
});
