import { currencyDigits } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { defineJob, enqueue } from '../jobs/jobs.queue.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { orgTimeZoneSql } from './money.sql.ts';

/** Money rows that carry a functional amount, and the moment whose day picks their rate. */
const TABLES = [
  { table: 'payments', at: 'created_at' },
  { table: 'refunds', at: 'created_at' },
  { table: 'recurring_transactions', at: 'ordered_at' },
] as const;

const BATCH = 5_000;

/**
 * Rows written before any rate for their currency existed (only rows from before the money model
 * was settled: every path now refuses to write without a rate) have no organisation-currency
 * amount and are left out of totals. Once staff add or import a rate that covers their day, this
 * job gives them one, at the latest rate on or before that day, rounded as `applyRate` rounds
 * (half away from zero). Safe to run twice: it only touches rows still without an amount.
 */
export const fillFunctionalAmounts = defineJob<{ currency: string }>({
  name: 'money_fill_functional',
  retryLimit: 3,
  expireInSeconds: 900,
  handler: async (run) => {
    const { currency: orgCurrency } = await getOrgMoneySettings(run.database.db);
    const currency = run.data.currency;
    if (currency === orgCurrency) return;
    const scale = sql.raw(`power(10::numeric, ${currencyDigits(orgCurrency) - currencyDigits(currency)})`);
    for (const [index, { table, at }] of TABLES.entries()) {
      const t = sql.raw(table);
      const day = sql.raw(`(t.${at} at time zone `);
      for (;;) {
        const filled = await withActor(run.database.db, { userId: null, ip: null }, (tx) =>
          queryRows(tx, sql`
            with batch as (
              select t.id, r.rate, r.effective_on
                from ${t} t
                cross join lateral (
                  select e.rate, e.effective_on from exchange_rates e
                   where e.currency_code = t.currency_code and e.effective_on <= (${day}${orgTimeZoneSql}))::date
                   order by e.effective_on desc limit 1) r
               where t.functional_amount is null and t.currency_code = ${currency}
               order by t.id limit ${BATCH}
                 for update of t skip locked)
            update ${t} t set functional_amount = round(t.amount::numeric * b.rate * ${scale}),
                              functional_rate = b.rate, functional_rate_date = b.effective_on
              from batch b where t.id = b.id
            returning t.id`),
        );
        if (filled.length === 0) break;
      }
      await run.progress(Math.round(((index + 1) / TABLES.length) * 100));
    }
  },
});

/** Queued with every new rate, in the transaction that adds it. */
export async function queueFunctionalFill(q: Queryable, currency: string): Promise<void> {
  // Two runs for one currency at once are harmless: each takes rows the other has not locked.
  await enqueue(q, fillFunctionalAmounts, { currency });
}
