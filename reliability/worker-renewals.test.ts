import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from '../packages/server/src/integrations/payments/stripe/stripe-gateway.ts';
import { queryRows } from '../packages/server/src/listing/engine.ts';
import { encrypt } from '../packages/server/src/modules/auth/crypto.ts';
import { enqueue } from '../packages/server/src/modules/jobs/jobs.queue.ts';
import { dayInZone } from '../packages/server/src/modules/money/money.convert.ts';
import { makeSupporter } from '../packages/server/src/modules/pos/pos.complete.fixtures.ts';
import { recurringBillingJob } from '../packages/server/src/modules/recurring/recurring.job.ts';
import { getOrgMoneySettings } from '../packages/server/src/modules/settings/settings.service.ts';
import { pgBin } from '../packages/server/src/test/pg-cluster.ts';
import { startStripeStandIn } from '../packages/server/src/test/stripe/stand-in.ts';
import { KILLABLE_APP_KEY, KillableServer } from './support/killable-server.ts';
import { ownCluster } from './support/own-cluster.ts';

/**
 * Issue 40 item 3: a renewal job picked up by a worker process (ALMONER_ROLE=worker, main.ts in
 * its own process, no HTTP) charges Stripe. The worker once skipped the payment gateways' set-up
 * the app does, so a renewal there failed with "configurePaymentGateways was not called" and
 * was retried until it gave up. On the suite's own PostgreSQL cluster, with the Stripe stand-in.
 */
describe.skipIf(!pgBin)('a worker process charges a Stripe renewal', () => {
  const own = ownCluster();
  let worker: KillableServer | undefined;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>> | undefined;

  afterAll(async () => {
    await worker?.kill();
    await standIn?.close();
  });

  it('runs the recurring job on the worker: one off-session PaymentIntent under the period’s key, the charge recorded', async () => {
    standIn = await startStripeStandIn();
    const { cluster, database } = await own.open();
    const db = database.db;
    worker = await KillableServer.launch(cluster.url, { ALMONER_ROLE: 'worker', ALMONER_STRIPE_SECRET_KEY: 'sk_test_stub', ALMONER_STRIPE_API_URL: standIn.url });

    // A donor's card kept at Stripe as Almoner keeps it: their customer, the method set up on it, the token sealed with the app key.
    const stripe = createStripeGateway({ secretKey: 'sk_test_stub', baseUrl: standIn.url });
    const supporterId = await makeSupporter(db);
    const customer = await stripe.createCustomer!({ idempotencyKey: `customer:${supporterId}`, supporterId, name: null, email: null });
    const saved = await stripe.savePaymentMethod({ token: 'tok_visa', idempotencyKey: `save:${supporterId}`, customer });
    const today = dayInZone(new Date(), (await getOrgMoneySettings(db)).timeZone);
    const [p] = await queryRows(db, sql`
      with m as (
        insert into payment_methods (supporter_id, status, token, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, currency_code, gateway, gateway_customer)
        values (${supporterId}, 'ACTIVE', ${encrypt(KILLABLE_APP_KEY, saved.reference)}, 'card', ${saved.brand}, ${saved.last4}, ${saved.expMonth}, ${saved.expYear}, 'USD', 'stripe', ${customer})
        returning id)
      insert into recurring_payment_profiles (profile_id, status, supporter_id, payment_method_id, start_date, billing_period, currency_code, amount, next_billing_date, next_attempt_date)
      select 'RP-WORKER1', 'Active', ${supporterId}, m.id, ${today}, 'monthly', 'USD', 2000, ${today}, ${today} from m
      returning id`);
    const id = Number(p?.id);

    await enqueue(db, recurringBillingJob, { today });
    const charged = async () => (await queryRows(db, sql`select num_cycles_completed::int as done from recurring_payment_profiles where id = ${id}`))[0]?.done === 1;
    // The worker polls its queue: wait for its charge, with a deadline rather than a fixed pause.
    const deadline = Date.now() + 60_000;
    while (!(await charged()) && Date.now() < deadline) await delay(200);
    expect(await charged()).toBe(true);

    const asked = standIn.seen.filter((s) => s.path === '/v1/payment_intents');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.headers['idempotency-key']).toBe(`recurring:${id}:${today}:0`);
    expect(Object.fromEntries(new URLSearchParams(asked[0]?.body))).toMatchObject({ off_session: 'true', customer, payment_method: saved.reference, amount: '2000' });
    const [payment] = await queryRows(db, sql`select p.gateway, p.status from payments p join payment_links l on l.payment_id = p.id where l.recurring_payment_profile_id = ${id}`);
    expect(payment).toEqual({ gateway: 'stripe', status: 'succeeded' });
  });
});
