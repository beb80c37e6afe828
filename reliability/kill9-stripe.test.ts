import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../packages/server/src/db/client.ts';
import { configurePaymentGateways } from '../packages/server/src/integrations/payments/index.ts';
import { processStripeEvent } from '../packages/server/src/integrations/payments/stripe/stripe-webhooks.ts';
import { queryRows } from '../packages/server/src/listing/engine.ts';
import { makeOrder, makeSupporter, makeVariant } from '../packages/server/src/modules/pos/pos.complete.fixtures.ts';
import { pgBin } from '../packages/server/src/test/pg-cluster.ts';
import { holdStripeAnswers, settleBankDebitInStripe, startStripeStandIn, type Seen } from '../packages/server/src/test/stripe/stand-in.ts';
import { elementsBankMethod } from '../packages/server/src/test/stripe/stripe-js.ts';
import { SEED, SHORT, printFigures } from './support/figures.ts';
import { type Answer, KILLABLE_APP_KEY, KillableServer } from './support/killable-server.ts';
import { ownCluster } from './support/own-cluster.ts';

/**
 * Issue 40 item 6: kill -9 of Almoner between Stripe's charge and Almoner's commit. The Stripe
 * stand-in is the fault hook (holdStripeAnswers): once Stripe has made the charge, and before its
 * answer leaves, the test kills the server, so Stripe holds money Almoner never recorded. Then:
 * - a point-of-sale card sale: Stripe's payment_intent.succeeded arrives for a payment Almoner
 *   does not know (held, nothing recorded), the cashier completes again, Stripe answers the same
 *   PaymentIntent under the same idempotency key, and the held event and a Refresh add nothing;
 * - the same sale when the cashier never comes back: the event is held on its first tries, and its
 *   last try (a quarter of an hour on) brings the payment in by itself; Stripe's event delivered
 *   again and a Refresh add nothing;
 * - an ACH debit that settled at Stripe, whose Refresh is killed after Stripe answered: the
 *   webhook (every other time, the Refresh again) brings the settlement in, and the other adds
 *   nothing.
 * Each ends with one payment, one charge at Stripe, one "paid" in the history and one
 * contribution.paid event. On the suite's own PostgreSQL cluster; the server runs jobs too.
 */
const KILLS = SHORT ? 2 : 6;
const SECRET = 'whsec_kill9Stripe';

type Obj = Record<string, unknown>;

describe.skipIf(!pgBin)('kill -9 between Stripe\'s charge and Almoner\'s commit', () => {
  const own = ownCluster();
  let server: KillableServer | undefined;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>> | undefined;
  let sequence = 0;

  afterAll(async () => {
    holdStripeAnswers(null);
    await server?.kill();
    await standIn?.close();
  });

  /** Kills the server once Stripe has acted on the first request `matches` picks; answers what Stripe made. */
  function killOn(matches: (call: Seen) => boolean): Promise<Obj> {
    return new Promise((resolve) => {
      holdStripeAnswers(async (call, answer) => {
        if (!matches(call)) return;
        holdStripeAnswers(null);
        await server!.kill();
        resolve(answer as Obj);
      });
    });
  }

  /** What one sale must end with: one payment (the intent, settled), one "paid" in its history and one paid event, its stock taken once (10 → 8). */
  async function oneSale(db: Database['db'], orderId: number, intentId: string, variantId: number): Promise<string[]> {
    const problems: string[] = [];
    const final = await ledgerOf(db, orderId);
    const expected = { payments: 1, recorded: `${intentId}:succeeded`, paidHistory: 1, paidEvents: 1, status: 'succeeded' };
    const got = { payments: final.payments, recorded: final.recorded, paidHistory: final.paidHistory, paidEvents: final.paidEvents, status: final.status };
    if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
    const [stock] = await queryRows(db, sql`select quantity from product_variants where id = ${variantId}`);
    if (Number(stock?.quantity) !== 8) problems.push(`stock ${stock?.quantity}, expected 8`);
    return problems;
  }

  /** Stripe's event for `intent` as Stripe sends it: signed with the endpoint's secret, POSTed from outside. */
  async function sendEvent(type: string, intent: Obj): Promise<string> {
    sequence += 1;
    const id = `evt_kill9_${SEED}_${sequence}`;
    const payload = JSON.stringify({ id, object: 'event', type, api_version: '2026-11-18', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: intent } });
    const response = await fetch(`http://127.0.0.1:${server!.port}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      body: payload,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return id;
  }

  /** What Stripe's API says of the PaymentIntent now (its charge expanded), as Stripe's event carries it. */
  async function intentAtStripe(id: string): Promise<Obj> {
    const response = await fetch(`${standIn!.url}/v1/payment_intents/${id}`, { headers: { authorization: 'Bearer sk_test_stub' } });
    return (await response.json()) as Obj;
  }

  /** The order's payments, history and events: what "exactly once" is checked on. */
  async function ledgerOf(db: Database['db'], orderId: number) {
    const [row] = await queryRows(db, sql`
      select (select count(*) from payment_links l where l.contribution_id = ${orderId})::int as payments,
             (select string_agg(p.reference_number || ':' || p.status, ',') from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${orderId}) as recorded,
             (select min(p.id) from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${orderId}) as payment_id,
             (select count(*) from contribution_status_history h where h.contribution_id = ${orderId} and h.event = 'paid')::int as paid_history,
             (select count(*) from domain_events e where e.type = 'contribution.paid' and (e.payload->>'contribution_id')::int = ${orderId})::int as paid_events,
             (select payment_status from contributions where id = ${orderId}) as payment_status`);
    return { payments: Number(row?.payments), recorded: String(row?.recorded ?? ''), paymentId: Number(row?.payment_id), paidHistory: Number(row?.paid_history), paidEvents: Number(row?.paid_events), status: String(row?.payment_status) };
  }

  /** Applies a stored event as the worker's job does (the server's worker may have done so already: then nothing); `lastTry` as its last retry does. */
  async function applyEvent(database: Database, eventId: string, lastTry = false) {
    const outcome = await processStripeEvent(database, eventId, { lastTry }).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    return outcome;
  }

  it(`a card sale killed after Stripe charged (${KILLS} times): the cashier's retry records Stripe's one charge; the webhook and Refresh add nothing`, async () => {
    const { cluster, database } = await own.open();
    const db = database.db;
    standIn = await startStripeStandIn();
    server = await KillableServer.start(cluster.url, {
      ALMONER_ROLE: 'all',
      ALMONER_STRIPE_SECRET_KEY: 'sk_test_stub',
      ALMONER_STRIPE_API_URL: standIn.url,
      ALMONER_STRIPE_WEBHOOK_SECRET: SECRET,
    });
    const keys = await server.call('POST', '/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub', publishable_key: 'pk_test_stub' });
    expect(keys.status, keys.text).toBe(200);
    const chosen = await server.call('POST', '/jpanel/settings', { payment_gateway: 'stripe' });
    expect(chosen.status, chosen.text).toBe(200);
    const problems: string[] = [];
    const held = { 'held (payment not yet recorded)': 0, 'applied after the retry': 0 };

    for (let i = 0; i < KILLS; i += 1) {
      const { variantId, productId } = await makeVariant(db, { price: 1500, quantity: 10 });
      const order = await makeOrder(db, { items: [{ variantId, productId, price: 1500, qty: 2 }] });
      const path = `/jpanel/pos/${order.id}/complete`;
      const body = { payment_type: 'credit_card', token: 'tok_visa' };
      const charged = killOn((call) => call.method === 'POST' && call.path === '/v1/payment_intents' && new URLSearchParams(call.body).get('description') === `Payment for Contribution #${order.clientUuid}`);
      const first = await server.call('POST', path, body).then(
        (a): Answer | null => a,
        () => null,
      );
      const intent = await charged;
      if (first) problems.push(`order ${i}: answered ${first.status} although killed before Stripe's answer arrived`);
      if (intent.status !== 'succeeded') problems.push(`order ${i}: Stripe's PaymentIntent is ${String(intent.status)}`);
      const afterKill = await ledgerOf(db, order.id);
      if (afterKill.payments !== 0) problems.push(`order ${i}: ${afterKill.payments} payments recorded by a server killed before it heard Stripe`);
      await server.restart();

      // Stripe tells of its charge: Almoner has no payment for it yet, so the event waits.
      const eventId = await sendEvent('payment_intent.succeeded', await intentAtStripe(String(intent.id)));
      const early = await applyEvent(database, eventId);
      if (typeof early === 'string' && /No Almoner payment/.test(early)) held['held (payment not yet recorded)'] += 1;
      if ((await ledgerOf(db, order.id)).payments !== 0) problems.push(`order ${i}: the event recorded a payment by itself`);

      // The cashier presses Complete again: Stripe answers the charge it made, under the same key.
      const retry = await server.call('POST', path, body);
      if (retry.status !== 200) problems.push(`order ${i}: retry answered ${retry.status} ${retry.text.slice(0, 200)}`);
      if ((await applyEvent(database, eventId)) === 'applied') held['applied after the retry'] += 1;
      const paymentId = (await ledgerOf(db, order.id)).paymentId;
      const refresh = await server.call('POST', `/jpanel/transactions/${paymentId}/refresh-payment-status`);
      if (refresh.status !== 200) problems.push(`order ${i}: Refresh answered ${refresh.status} ${refresh.text.slice(0, 200)}`);

      problems.push(...(await oneSale(db, order.id, String(intent.id), variantId)).map((p) => `order ${i}: ${p}`));
      // Stripe made one PaymentIntent for the order: the retry's came back from the first's key.
      const made = standIn.seen.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents' && c.body.includes(encodeURIComponent(order.clientUuid)));
      if (new Set(made.map((c) => String(c.headers['idempotency-key']))).size !== 1) problems.push(`order ${i}: ${made.length} charge requests under more than one key`);
    }

    printFigures('kill -9 after Stripe charged a POS sale', {
      seed: SEED,
      kills: KILLS,
      ...held,
      'orders with other than one payment, one charge, one paid event': problems.length,
    });
    expect(problems).toEqual([]);
  }, 240_000);

  it(`a card sale killed after Stripe charged, the cashier never coming back (${KILLS} times): Stripe's event alone brings it in, once`, async () => {
    if (!server || !standIn) throw new Error('the card test starts the cluster, the stand-in and the server');
    const { database } = own.current();
    const db = database.db;
    const problems: string[] = [];
    const seen = { 'held on a first try': 0, 'brought in on the last try': 0 };
    // The test runs the job's last try itself (its retries wait a quarter of an hour), so it reaches Stripe as the server's worker does.
    configurePaymentGateways({ stripe: { secretKey: 'sk_test_stub', baseUrl: standIn.url }, appKey: KILLABLE_APP_KEY });

    for (let i = 0; i < KILLS; i += 1) {
      const { variantId, productId } = await makeVariant(db, { price: 1500, quantity: 10 });
      const order = await makeOrder(db, { items: [{ variantId, productId, price: 1500, qty: 2 }] });
      const charged = killOn((call) => call.method === 'POST' && call.path === '/v1/payment_intents' && new URLSearchParams(call.body).get('description') === `Payment for Contribution #${order.clientUuid}`);
      const first = await server.call('POST', `/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: 'tok_visa' }).then(
        (a): Answer | null => a,
        () => null,
      );
      const intent = await charged;
      if (first) problems.push(`order ${i}: answered ${first.status} although killed before Stripe's answer arrived`);
      await server.restart();

      // Stripe tells of its charge; the worker's first tries hold it for the cashier, who never comes.
      const eventId = await sendEvent('payment_intent.succeeded', await intentAtStripe(String(intent.id)));
      const early = await applyEvent(database, eventId);
      if (typeof early === 'string' && /No Almoner payment/.test(early)) seen['held on a first try'] += 1;
      if ((await ledgerOf(db, order.id)).payments !== 0) problems.push(`order ${i}: recorded before the event's last try`);
      // The job's last try, a quarter of an hour after Stripe told: the event alone brings the sale in.
      const last = await applyEvent(database, eventId, true);
      if (last === 'applied') seen['brought in on the last try'] += 1;
      else problems.push(`order ${i}: the event's last try was ${last}`);

      // Stripe delivers the event again, and staff press Refresh: nothing more.
      await applyEvent(database, await sendEvent('payment_intent.succeeded', await intentAtStripe(String(intent.id))), true);
      const paymentId = (await ledgerOf(db, order.id)).paymentId;
      const refresh = await server.call('POST', `/jpanel/transactions/${paymentId}/refresh-payment-status`);
      if (refresh.status !== 200) problems.push(`order ${i}: Refresh answered ${refresh.status} ${refresh.text.slice(0, 200)}`);

      problems.push(...(await oneSale(db, order.id, String(intent.id), variantId)).map((p) => `order ${i}: ${p}`));
      const made = standIn.seen.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents' && c.body.includes(encodeURIComponent(order.clientUuid)));
      if (made.length !== 1) problems.push(`order ${i}: ${made.length} charge requests at Stripe`);
      if (standIn.seen.some((c) => c.method === 'POST' && c.path === '/v1/refunds' && c.body.includes(String(intent.id)))) problems.push(`order ${i}: a refund was asked of Stripe`);
    }

    printFigures('kill -9 after Stripe charged a POS sale, no cashier coming back', {
      kills: KILLS,
      ...seen,
      'orders with other than one payment, one charge, one paid event': problems.length,
    });
    expect(problems).toEqual([]);
  }, 240_000);

  it(`an ACH debit's Refresh killed after Stripe told of the settlement (${KILLS} times): the webhook or Refresh settles it once`, async () => {
    if (!server || !standIn) throw new Error('the card test starts the cluster, the stand-in and the server');
    const { database } = own.current();
    const db = database.db;
    const problems: string[] = [];
    const broughtInBy = { webhook: 0, Refresh: 0 };

    for (let i = 0; i < KILLS; i += 1) {
      const supporterId = await makeSupporter(db);
      const { variantId, productId } = await makeVariant(db, { price: 4000, quantity: 10 });
      const order = await makeOrder(db, { supporterId, items: [{ variantId, productId, price: 4000, qty: 1 }] });
      // The account is typed into Stripe's own fields: Stripe.js makes its method (with the publishable key), and only that reaches Almoner.
      const method = await elementsBankMethod(standIn.url);
      const sold = await server.call('POST', `/jpanel/pos/${order.id}/complete`, { payment_type: 'bank_account', token: method.id, account_holder_type: 'personal', ach_agree_tos: true });
      expect(sold.status, sold.text).toBe(200);
      const pending = await ledgerOf(db, order.id);
      const intentId = pending.recorded.split(':')[0]!;
      if (pending.status !== 'pending') problems.push(`order ${i}: the debit is ${pending.status} before it settled`);
      settleBankDebitInStripe(intentId);

      // Staff press Refresh; Stripe answers "succeeded", and the server dies before it commits.
      const told = killOn((call) => call.method === 'GET' && call.path === `/v1/payment_intents/${intentId}`);
      const first = await server.call('POST', `/jpanel/transactions/${pending.paymentId}/refresh-payment-status`).then(
        (a): Answer | null => a,
        () => null,
      );
      await told;
      if (first) problems.push(`order ${i}: Refresh answered ${first.status} although killed before Stripe's answer arrived`);
      if ((await ledgerOf(db, order.id)).status !== 'pending') problems.push(`order ${i}: settled by a server killed before it heard Stripe`);
      await server.restart();

      // Either arrives first: Stripe's event, or staff pressing Refresh again. The other then adds nothing.
      const webhookFirst = i % 2 === 0;
      broughtInBy[webhookFirst ? 'webhook' : 'Refresh'] += 1;
      const refresh = async () => {
        const answer = await server!.call('POST', `/jpanel/transactions/${pending.paymentId}/refresh-payment-status`);
        if (answer.status !== 200) problems.push(`order ${i}: Refresh answered ${answer.status} ${answer.text.slice(0, 200)}`);
      };
      const webhook = async () => {
        const outcome = await applyEvent(database, await sendEvent('payment_intent.succeeded', await intentAtStripe(intentId)));
        if (outcome !== 'applied' && outcome !== 'already_processed') problems.push(`order ${i}: the event was ${outcome}`);
      };
      if (webhookFirst) await webhook();
      else await refresh();
      const settled = await ledgerOf(db, order.id);
      if (settled.status !== 'succeeded') problems.push(`order ${i}: the ${webhookFirst ? 'webhook' : 'Refresh'} left it ${settled.status}`);
      if (webhookFirst) await refresh();
      else await webhook();

      const final = await ledgerOf(db, order.id);
      const expected = { payments: 1, recorded: `${intentId}:succeeded`, paidHistory: 1, paidEvents: 1, status: 'succeeded' };
      const got = { payments: final.payments, recorded: final.recorded, paidHistory: final.paidHistory, paidEvents: final.paidEvents, status: final.status };
      if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`order ${i}: ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
    }

    printFigures('kill -9 after Stripe told of an ACH settlement', {
      kills: KILLS,
      ...Object.fromEntries(Object.entries(broughtInBy).map(([k, v]) => [`brought in first by ${k}`, v])),
      'debits with other than one settlement, one paid event': problems.length,
    });
    expect(problems).toEqual([]);
  }, 240_000);
});
