import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { recurringMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createSandboxGateway } from '../../integrations/payments/sandbox/sandbox-gateway.ts';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.ts';
import { encrypt } from '../auth/crypto.ts';
import { cardToken, makeSupporter } from '../pos/pos.complete.fixtures.ts';
import { runRecurringBilling } from './recurring.billing.ts';
import { billingDepsFor, recurringBillingJob } from './recurring.job.ts';
import { addDays, daysInMonth } from './recurring.schedule.ts';

let t: TestApp;
const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};
/** A crash to simulate between the gateway's answer and the commit, handed in with the deps. */
const crash: { afterCharge?: () => void } = {};
const run = (today: string) => runRecurringBilling(t.database, { ...billingDepsFor(t.database), afterCharge: crash.afterCharge }, today);

beforeAll(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  crash.afterCharge = undefined;
  // Each test counts only its own profile's charges: the earlier ones stop being due.
  await db().execute(sql`update recurring_payment_profiles set status = 'Cancelled' where status = 'Active'`);
});

/** A supporter's saved card at the sandbox, stored as checkout stores it (token sealed with the app key). */
async function savedCard(supporterId: number, number = '4242424242424242'): Promise<number> {
  const saved = await createSandboxGateway(db()).savePaymentMethod({ token: await cardToken(db(), number), idempotencyKey: `test-save:${randomUUID()}` });
  const [m] = await queryRows(db(), sql`
    insert into payment_methods (supporter_id, status, display_name, token, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, currency_code)
    values (${supporterId}, 'ACTIVE', 'Card', ${encrypt(testConfig.appKey, saved.reference)}, 'card', ${saved.brand}, ${saved.last4}, ${saved.expMonth}, ${saved.expYear}, 'USD')
    returning id`);
  return Number(m?.id);
}

type ProfileOptions = { period?: string; anchor?: number; start: string; cycles?: number | null; card?: string; maxFailed?: number };

/** An Active profile whose first charge is due on `start`. */
async function profile(o: ProfileOptions): Promise<{ id: number; supporterId: number }> {
  const supporterId = await makeSupporter(db());
  const methodId = await savedCard(supporterId, o.card);
  const [p] = await queryRows(db(), sql`
    insert into recurring_payment_profiles (profile_id, status, supporter_id, payment_method_id, description, start_date, billing_period,
           recurring_day, total_billing_cycles, num_cycles_remaining, currency_code, amount, next_billing_date, next_attempt_date, max_failed_payments)
    values (${`RP-T${randomUUID().slice(0, 8)}`}, 'Active', ${supporterId}, ${methodId}, 'Monthly gift', ${o.start}, ${o.period ?? 'monthly'},
            ${o.anchor ?? null}, ${o.cycles ?? null}, ${o.cycles ?? null}, 'USD', 2500, ${o.start}, ${o.start}, ${o.maxFailed ?? 3})
    returning id`);
  return { id: Number(p?.id), supporterId };
}

/** The billing dates the gateway was asked to charge for this profile (from the idempotency keys). */
async function chargedDates(id: number): Promise<string[]> {
  const rows = await queryRows(db(), sql`select idempotency_key from sandbox_ledger where kind = 'charge' and idempotency_key like ${`recurring:${id}:%`} order by id`);
  return rows.map((r) => String(r.idempotency_key).split(':')[2] as string);
}
const state = (id: number) => one(sql`select status, next_billing_date::text as next, next_attempt_date::text as attempt, failed_payment_count::int as failed,
  num_cycles_completed::int as done, aggregate_amount::int as aggregate from recurring_payment_profiles where id = ${id}`);
const counts = (id: number) => one(sql`select
  (select count(*)::int from recurring_transactions where recurring_payment_profile_id = ${id}) as transactions,
  (select count(*)::int from payment_links where recurring_payment_profile_id = ${id}) as payments,
  (select count(*)::int from contributions where recurring_payment_profile_id = ${id} and paid_at is not null) as paid`);

/** The dates an independent calendar says a profile is due on, from its start up to `until`. */
function expectedDates(period: string, anchor: number, start: string, until: string): string[] {
  const out: string[] = [];
  const step = { weekly: 7, biweekly: 14 }[period];
  const months = { monthly: 1, quarterly: 3 }[period] ?? 0;
  const [y0, m0] = start.split('-').map(Number) as [number, number];
  for (let n = 0; ; n += 1) {
    let day: string;
    if (step !== undefined) day = addDays(start, step * n);
    else if (n === 0) day = start;
    else {
      const index = y0 * 12 + (m0 - 1) + months * n;
      const y = Math.floor(index / 12);
      const m = (index % 12) + 1;
      day = `${y}-${String(m).padStart(2, '0')}-${String(Math.min(anchor, daysInMonth(y, m))).padStart(2, '0')}`;
    }
    if (day > until) return out;
    out.push(day);
  }
}

describe('recurring billing batch', () => {
  it('charges each period exactly once over a fake calendar, run twice a day (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('monthly', 'weekly', 'biweekly', 'quarterly'),
        fc.integer({ min: 28, max: 31 }),
        fc.integer({ min: 0, max: 40 }),
        async (period, anchor, offset) => {
          // Starts on the anchor day of a month (or `offset` days into 2027 for week periods).
          const start = period === 'weekly' || period === 'biweekly' ? addDays('2027-01-01', offset) : `2027-01-${String(Math.min(anchor, 31)).padStart(2, '0')}`;
          const p = await profile({ period, anchor, start });
          const until = addDays(start, 100);
          for (let day = addDays(start, -2); day <= until; day = addDays(day, 1)) {
            await run(day);
            await run(day);
          }
          const expected = expectedDates(period, anchor, start, until);
          expect(await chargedDates(p.id)).toEqual(expected);
          expect(await counts(p.id)).toEqual({ transactions: expected.length, payments: expected.length, paid: expected.length });
          expect(await state(p.id)).toMatchObject({ status: 'Active', done: expected.length, aggregate: 2500 * expected.length, failed: 0 });
        },
      ),
      { numRuns: 4 },
    );
  }, 240_000);

  it('a crash after the gateway charged is recovered by the rerun: no second charge, the payment recorded once', async () => {
    const p = await profile({ start: '2027-03-15', anchor: 15 });
    crash.afterCharge = () => {
      throw new Error('worker killed before commit');
    };
    await expect(run('2027-03-15')).rejects.toThrow('worker killed');
    // Our side rolled back: still due, nothing recorded.
    expect(await state(p.id)).toMatchObject({ next: '2027-03-15', done: 0 });
    expect(await counts(p.id)).toEqual({ transactions: 0, payments: 0, paid: 0 });
    // On PostgreSQL the sandbox commits on its own connection, as a real gateway would: the
    // charge survives our rollback. PGlite has one connection, so its ledger rolls back with us.
    expect((await chargedDates(p.id)).length).toBe(t.database.kind === 'postgres' ? 1 : 0);
    crash.afterCharge = undefined;
    expect(await run('2027-03-15')).toMatchObject({ charged: 1 });
    expect(await chargedDates(p.id)).toEqual(['2027-03-15']);
    expect(await counts(p.id)).toEqual({ transactions: 1, payments: 1, paid: 1 });
    expect(await state(p.id)).toMatchObject({ next: '2027-04-15', done: 1 });
    expect(await run('2027-03-15')).toMatchObject({ charged: 0 });
    expect(await chargedDates(p.id)).toEqual(['2027-03-15']);
  });

  it('a declined card is recorded, retried three days later under a new key, and suspends the profile at the maximum', async () => {
    const p = await profile({ start: '2027-05-10', anchor: 10, card: '4000000000000002', maxFailed: 2 });
    expect(await run('2027-05-10')).toMatchObject({ declined: 1, charged: 0 });
    expect(await state(p.id)).toMatchObject({ status: 'Active', next: '2027-05-10', attempt: '2027-05-13', failed: 1, done: 0 });
    const [declined] = await queryRows(db(), sql`select t.payment_status, t.reason_code, p.status as payment, c.paid_at, c.payment_status as listed
      from recurring_transactions t join payment_links l on l.recurring_transaction_id = t.id join payments p on p.id = l.payment_id
      join contributions c on c.id = t.contribution_id where t.recurring_payment_profile_id = ${p.id}`);
    expect(declined).toMatchObject({ payment_status: 'failed', payment: 'failed', paid_at: null, listed: 'failed' });
    expect(String(declined?.reason_code)).not.toBe('');
    // Not due again until the retry day.
    expect(await run('2027-05-12')).toMatchObject({ declined: 0, skipped: 0 });
    expect(await run('2027-05-13')).toMatchObject({ declined: 1 });
    expect(await state(p.id)).toMatchObject({ status: 'Suspended', failed: 2 });
    const keys = await queryRows(db(), sql`select idempotency_key from sandbox_ledger where idempotency_key like ${`recurring:${p.id}:%`} order by id`);
    expect(keys.map((k) => k.idempotency_key)).toEqual([`recurring:${p.id}:2027-05-10:0`, `recurring:${p.id}:2027-05-10:1`]);
    expect(await one(sql`select payload->>'status' as status from domain_events where type = 'recurring_profile.changed'
      and (payload->>'recurring_profile_id')::int = ${p.id}`)).toEqual({ status: 'Suspended' });
    // Suspended profiles are not charged.
    expect(await run('2027-06-30')).toMatchObject({ declined: 0, charged: 0 });
  });

  it('one profile that cannot be recorded does not hold back the others; the run still fails so it is retried', async () => {
    const broken = await profile({ start: '2027-10-01', anchor: 1 });
    const fine = await profile({ start: '2027-10-01', anchor: 1 });
    let calls = 0;
    crash.afterCharge = () => {
      calls += 1;
      if (calls === 1) throw new Error('worker killed before commit');
    };
    await expect(run('2027-10-01')).rejects.toThrow('worker killed');
    expect(await counts(broken.id)).toEqual({ transactions: 0, payments: 0, paid: 0 });
    expect(await counts(fine.id)).toEqual({ transactions: 1, payments: 1, paid: 1 });
    crash.afterCharge = undefined;
    expect(await run('2027-10-01')).toMatchObject({ charged: 1 });
    expect(await counts(broken.id)).toEqual({ transactions: 1, payments: 1, paid: 1 });
    expect(await chargedDates(fine.id)).toEqual(['2027-10-01']);
  });

  it('a profile without an active saved method records a failed attempt without asking the gateway', async () => {
    const p = await profile({ start: '2027-05-10' });
    await db().execute(sql`update payment_methods set status = 'EXPIRED' where id = (select payment_method_id from recurring_payment_profiles where id = ${p.id})`);
    expect(await run('2027-05-10')).toMatchObject({ declined: 1 });
    expect(await one(sql`select reason_code from recurring_transactions where recurring_payment_profile_id = ${p.id}`)).toEqual({ reason_code: recurringMessages.noPaymentMethod });
    expect(await chargedDates(p.id)).toEqual([]);
    expect(await counts(p.id)).toMatchObject({ payments: 0 });
  });

  it('expires after its total cycles, records it, and updates lifetime giving and the paid event', async () => {
    const p = await profile({ start: '2027-01-31', anchor: 31, cycles: 2 });
    await run('2027-01-31');
    expect(await state(p.id)).toMatchObject({ status: 'Active', next: '2027-02-28' });
    await run('2027-02-28');
    expect(await state(p.id)).toMatchObject({ status: 'Expired', next: null, done: 2 });
    expect(await run('2027-03-31')).toMatchObject({ charged: 0 });
    expect(await chargedDates(p.id)).toEqual(['2027-01-31', '2027-02-28']);
    expect(await one(sql`select count(*)::int as n from domain_events where type = 'contribution.paid'
      and (payload->>'contribution_id')::int in (select id from contributions where recurring_payment_profile_id = ${p.id})`)).toEqual({ n: 2 });
    expect(await one(sql`select payload->>'status' as status from domain_events where type = 'recurring_profile.changed'
      and (payload->>'recurring_profile_id')::int = ${p.id}`)).toEqual({ status: 'Expired' });
  });

  it('the queued job bills the day it is given', async () => {
    const p = await profile({ start: '2027-09-01' });
    await recurringBillingJob.handler({
      id: randomUUID(), name: recurringBillingJob.name, data: { today: '2027-09-01' }, retryCount: 0, retryLimit: 5, database: t.database,
      once: async () => true, onceEach: async (keys) => keys, progress: async () => {}, giveUp: async () => {},
    });
    expect(await chargedDates(p.id)).toEqual(['2027-09-01']);
  });
});
