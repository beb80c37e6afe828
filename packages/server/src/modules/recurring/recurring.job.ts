import type { Database, Db, Tx } from '../../db/client.ts';
import { paymentGateways } from '@almoner/contracts';
import { createGateway, gatewayFor } from '../../integrations/payments/index.ts';
import { ensureGatewayEnabled } from '../payment-providers/payment-providers.service.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../listing/engine.ts';
import { defineJob, runOnceEach } from '../jobs/jobs.queue.ts';
import { dayInZone } from '../money/money.convert.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { type BillingDeps, runRecurringBilling } from './recurring.billing.ts';
import { mailCardLink } from './recurring.card-link.ts';

/**
 * How the recurring batch runs: hourly on the job queue's schedule (JobDefinition.cron, kept by
 * worker processes only). Hourly rather than daily because the organisation's midnight falls at
 * a different UTC hour in each time zone. Several workers, or a run that overlaps the next, are
 * harmless: each profile is billed under its row lock and only while still due, and the gateway
 * key is per profile, period and attempt (see recurring.billing.ts). A run bills the
 * organisation's today (its time zone setting) unless the job names a day.
 */

let appKey: Buffer | undefined;
let linkBase: string | undefined;

/**
 * Called once per process with the configuration: the saved methods' tokens are sealed with the
 * app key, and donors' "update your card" links point at the app's public address.
 */
export function configureRecurringBilling(settings: { appKey: Buffer; linkBase?: string }): void {
  appKey = settings.appKey;
  linkBase = settings.linkBase;
}

/**
 * The gateway that keeps the profile's saved method (the organisation's chosen one for a method
 * saved before that was recorded), refused when switched off. On PostgreSQL the sandbox works on
 * its own pooled connection (an outside party: its ledger must not roll back with our
 * transaction); PGlite has one connection, so there it works inside ours.
 */
export function billingDepsFor(database: Database): BillingDeps {
  if (!appKey) throw new Error('Recurring billing is not configured (configureRecurringBilling).');
  return {
    appKey,
    linkBase,
    gateway: async (tx: Tx, name: string | null) => {
      const db = database.kind === 'postgres' ? database.db : (tx as unknown as Db);
      const keeper = paymentGateways.find((g) => g === name);
      if (!keeper) return gatewayFor(db);
      await ensureGatewayEnabled(db, keeper);
      return createGateway(db, keeper);
    },
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

/**
 * Active gifts whose card on file expires in the organisation's current month: each donor is
 * sent their "update your card" link once per card and expiry month (a once-key per profile,
 * method and month), however often the job runs and on however many workers.
 */
export async function noticeExpiringCards(database: Database, today: string, jobId: string | null = null): Promise<number> {
  if (!appKey) throw new Error('Recurring billing is not configured (configureRecurringBilling).');
  const [year, month] = today.split('-').map(Number) as [number, number];
  const rows = await queryRows(database.db, sql`
    select rp.id, rp.payment_method_id from recurring_payment_profiles rp join payment_methods m on m.id = rp.payment_method_id
     where rp.status = 'Active' and not rp.is_locked and rp.deleted_at is null and rp.supporter_id is not null
       and m.type = 'card' and m.card_expiry_year = ${year} and m.card_expiry_month = ${month}`);
  const keys = rows.map((r) => `card-expiring:${Number(r.id)}:${Number(r.payment_method_id)}:${today.slice(0, 7)}`);
  const key = appKey;
  const base = linkBase;
  if (!base) return 0;
  const sent = await runOnceEach(database, keys, jobId, async (tx, fresh) => {
    for (const k of fresh) await mailCardLink(tx, key, base, Number(k.split(':')[1]), 'expiring');
  });
  return sent.length;
}

export const expiringCardsJob = defineJob<{ today?: string }>({
  name: 'recurring_expiring_cards',
  retryLimit: 3,
  retryDelaySeconds: 300,
  // Once a day, mid-morning UTC: a notice is not urgent, and the once-keys make a rerun harmless.
  cron: '41 9 * * *',
  handler: async (run) => {
    const { timeZone } = await getOrgMoneySettings(run.database.db);
    await noticeExpiringCards(run.database, run.data.today ?? dayInZone(new Date(), timeZone), run.id ?? null);
  },
});
