import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { completeDepsFor } from '../../../modules/pos/pos.complete.deps.ts';
import { makeOrder, makeSupporter, makeVariant } from '../../../modules/pos/pos.complete.fixtures.ts';
import { failNextStripeCalls, holdStripeAnswers } from '../../../test/stripe/stand-in.ts';
import { stripePos } from '../../../test/stripe/pos.ts';
import { intentAtStripe } from '../../../test/stripe/stripe-js.ts';
import { stripeFixtures, useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';
import { LATE_TRIES } from '../late-tries.ts';
import { processStripeEvent, stripeEventJob, type StripeEventJobData } from './stripe-webhooks.ts';

/**
 * Issue 40: Almoner killed between Stripe's charge and its own commit, and the cashier never
 * completes the order again. Stripe's payment_intent.succeeded alone then brings the payment in
 * on the event's last try (held before, for the cashier), exactly as the cashier's completion
 * records it, once; an intent that is the order's but cannot pay it is given back at Stripe.
 * The crash is the completion's afterCharge hook throwing: Stripe has charged, our transaction
 * rolls back, as after kill -9.
 */
const app = useStripeWebhookApp('whsec_test_pos_events');
const { db, elementsMethod, order, complete } = stripePos(app);

type Obj = Record<string, unknown>;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0];

afterEach(async () => {
  (await completeDepsFor(app.t.app)).afterCharge = undefined;
  // A test that failed with Stripe down leaves the next one a Stripe that answers.
  failNextStripeCalls(0);
});

/** The cashier's card completion, killed once Stripe has charged: answers the body and Stripe's PaymentIntent id. */
async function chargedThenKilled(id: number, clientUuid: string) {
  const deps = await completeDepsFor(app.t.app);
  deps.afterCharge = () => {
    throw new Error('killed after Stripe charged');
  };
  let intent = '';
  holdStripeAnswers((call, answer) => {
    if (call.method === 'POST' && call.path === '/v1/payment_intents' && new URLSearchParams(call.body).get('description') === `Payment for Contribution #${clientUuid}`) intent = String((answer as Obj).id);
  });
  const body = { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') };
  const killed = await complete(id, body).finally(() => {
    holdStripeAnswers(null);
    deps.afterCharge = undefined;
  });
  expect(killed.statusCode).toBe(500);
  expect(intent).toMatch(/^pi_/);
  expect(await ledger(id)).toMatchObject({ payments: [], paid: false });
  return { body, intent };
}

let sequence = 0;
/** Stripe tells of the intent as it has it now: the event is stored, and its job's first try holds it. */
async function told(intent: string, type = 'payment_intent.succeeded'): Promise<string> {
  const object = await intentAtStripe<Obj>(app.standIn.url, intent);
  sequence += 1;
  const event = { ...stripeFixtures.event, id: `evt_pos_events_${intent}_${sequence}`, type, created: Math.floor(Date.now() / 1000), data: { object } };
  expect((await app.send(event)).statusCode).toBe(200);
  return event.id;
}

/** The event's job as a worker runs it, on its `retryCount`th retry (STRIPE_RETRIES: pg-boss's last). */
const STRIPE_RETRIES = stripeEventJob.retryLimit ?? 5;
const runJob = (data: StripeEventJobData, retryCount: number, onGiveUp: () => void = () => {}) =>
  stripeEventJob.handler({
    id: randomUUID(), name: stripeEventJob.name, data, retryCount, retryLimit: STRIPE_RETRIES, database: app.t.database,
    once: () => Promise.resolve(false), onceEach: () => Promise.resolve([]), progress: () => Promise.resolve(), giveUp: () => Promise.resolve(onGiveUp()),
  });

/** The event's later tries in the app's job queue: their data, and how many seconds after queueing each starts. */
const queuedLater = async (eventId: string) =>
  (await queryRows(db(), sql`select data, extract(epoch from start_after - created_on)::int as after from pgboss.job
     where name = ${stripeEventJob.name} and data->>'event_id' = ${eventId} and data ? 'late_try' order by created_on, (data->>'late_try')::int`)).map(
    (row) => ({ data: row.data as StripeEventJobData, after: Number(row.after) }),
  );

/** The event's job on its last try: the cashier has had a quarter of an hour. */
const lastTry = (eventId: string) => processStripeEvent(app.t.database, eventId, { lastTry: true });

/** Everything "exactly once" is checked on, and what the cashier's completion records. */
async function ledger(id: number) {
  return one(sql`select
      (select coalesce(json_agg(json_build_object('ref', p.reference_number, 'status', p.status, 'type', p.type, 'amount', p.amount::int, 'last4', p.card_last4,
              'refunded', p.amount_refunded::int) order by p.id), '[]'::json)
         from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${id}) as payments,
      (select coalesce(json_agg(h.event order by h.id), '[]'::json) from contribution_status_history h where h.contribution_id = ${id}) as history,
      (select count(*)::int from domain_events e where e.type = 'contribution.paid' and (e.payload->>'contribution_id')::int = ${id}) as paid_events,
      (select count(*)::int from tax_receipt_lines where contribution_id = ${id}) as receipts,
      c.paid_at is not null as paid, c.payment_status, c.payment_type, c.payment_gateway, c.confirmation_number, c.invoice_number = c.client_uuid as numbered,
      c.payment_card_last4, c.refunded_amount::int as refunded_amount,
      (select quantity from product_variants v join contribution_items i on i.variant_id = v.id where i.contribution_id = ${id} limit 1) as stock
    from contributions c where c.id = ${id}`);
}

const intentPosts = (clientUuid: string) => app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents' && s.body.includes(encodeURIComponent(clientUuid))).length;
const stripeRefunds = (intent: string) => app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/refunds' && new URLSearchParams(s.body).get('payment_intent') === intent);
const logged = (intent: string) => queryRows(db(), sql`select level, source, message from log_entries where message like ${`%${intent}%`} order by id`);

describe('a point-of-sale card charge brought in from Stripe\'s events alone', () => {
  it('the event alone pays the order once, as the cashier\'s completion records it, after holding it for the cashier', async () => {
    const supporterId = await makeSupporter(db());
    // A gift the donor is receipted for, so the receipt is compared too.
    const receipted = async () => {
      const v = await makeVariant(db(), { price: 2500, quantity: 5, receiptable: true });
      return makeOrder(db(), { supporterId, items: [{ variantId: v.variantId, productId: v.productId, price: 2500, qty: 1 }] });
    };
    const cashier = await receipted();
    expect((await complete(cashier.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') })).statusCode).toBe(200);

    const o = await receipted();
    const { intent } = await chargedThenKilled(o.id, o.clientUuid);
    const eventId = await told(intent);
    // First tries: held for the cashier (or a completion still committing), nothing recorded.
    await expect(processStripeEvent(app.t.database, eventId, { lastTry: false })).rejects.toThrow(/No Almoner payment/);
    expect(await ledger(o.id)).toMatchObject({ payments: [], paid: false, stock: 5 });

    expect(await lastTry(eventId)).toBe('applied');
    const brought = await ledger(o.id);
    expect(brought).toMatchObject({
      payments: [{ ref: intent, status: 'succeeded', type: 'card', amount: 2500, last4: '4242', refunded: 0 }],
      history: ['paid'],
      paid_events: 1,
      paid: true,
      payment_status: 'succeeded',
      confirmation_number: intent,
      numbered: true,
      receipts: 1,
      stock: 4,
    });
    // The same record the cashier's own completion made of the same sale (but for Stripe's reference).
    const byCashier = (await ledger(cashier.id)) as Obj;
    const without = (l: Obj) => ({ ...l, confirmation_number: null, payments: (l.payments as Obj[]).map((p) => ({ ...p, ref: null })) });
    expect(without(brought as Obj)).toEqual(without(byCashier));
    // The donor is thanked for each sale, as the order was set to (one confirmation e-mail each).
    expect(await one(sql`select count(*)::int as n from mail_outbox where supporter_id = ${supporterId} and kind = 'confirmation'`)).toEqual({ n: 2 });
    expect(await one(sql`select error from stripe_events where id = ${eventId}`)).toEqual({ error: null });
    expect(await logged(intent)).toMatchObject([{ level: 'info', source: 'payments' }]);
    expect(intentPosts(o.clientUuid)).toBe(1);
  });

  it('an event replayed, another about the same intent, or a late failure change nothing more', async () => {
    const o = await order();
    const { intent } = await chargedThenKilled(o.id, o.clientUuid);
    const eventId = await told(intent);
    expect(await lastTry(eventId)).toBe('applied');
    const once = await ledger(o.id);
    expect(once).toMatchObject({ paid: true, payments: [{ ref: intent, status: 'succeeded' }], history: ['paid'], paid_events: 1 });

    // Stripe delivers the same event again: stored once, not applied again.
    const stored = (await queryRows(db(), sql`select payload from stripe_events where id = ${eventId}`))[0]?.payload as Obj;
    expect((await app.send(stored)).json()).toMatchObject({ received: true });
    expect(await lastTry(eventId)).toBe('already_processed');
    // Another event about the same intent, a late failure, each on its last try.
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.processing']) {
      expect(await lastTry(await told(intent, type))).toBe('applied');
    }
    expect(await ledger(o.id)).toEqual(once);
    expect(stripeRefunds(intent)).toEqual([]);
    expect(intentPosts(o.clientUuid)).toBe(1);
  });

  it('the cashier completing after the event finds the order paid: one payment, no second charge', async () => {
    const o = await order();
    const { body, intent } = await chargedThenKilled(o.id, o.clientUuid);
    expect(await lastTry(await told(intent))).toBe('applied');
    const once = await ledger(o.id);

    const again = await complete(o.id, { ...body, token: await elementsMethod('4242424242424242') });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'success', order: { is_paid: true }, payment: { payment_status: 'succeeded' } });
    expect(await ledger(o.id)).toEqual(once);
    expect(intentPosts(o.clientUuid)).toBe(1);
  });

  it('the cashier completing before the event\'s last try: Stripe answers the same intent, and the event adds nothing', async () => {
    const o = await order();
    const { body, intent } = await chargedThenKilled(o.id, o.clientUuid);
    const eventId = await told(intent);
    await expect(processStripeEvent(app.t.database, eventId, { lastTry: false })).rejects.toThrow(/No Almoner payment/);
    const retry = await complete(o.id, body);
    expect(retry.statusCode, retry.body).toBe(200);
    const once = await ledger(o.id);
    expect(once).toMatchObject({ payments: [{ ref: intent, status: 'succeeded' }], history: ['paid'], paid_events: 1 });

    expect(await lastTry(eventId)).toBe('applied');
    expect(await lastTry(await told(intent))).toBe('applied');
    expect(await ledger(o.id)).toEqual(once);
    expect(await logged(intent)).toEqual([]);
    // The retry's request came back under the first one's key: one PaymentIntent at Stripe.
    expect(new Set(app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents' && s.body.includes(encodeURIComponent(o.clientUuid))).map((s) => s.headers['idempotency-key'])).size).toBe(1);
  });

  it('an event whose last try meets the cashier\'s completion still committing waits for it, then adds nothing', async () => {
    const o = await order();
    const deps = await completeDepsFor(app.t.app);
    let intent = '';
    holdStripeAnswers((call, answer) => {
      if (call.method === 'POST' && call.path === '/v1/payment_intents' && new URLSearchParams(call.body).get('description') === `Payment for Contribution #${o.clientUuid}`) intent = String((answer as Obj).id);
    });
    let applied: Promise<unknown> = Promise.resolve();
    // Stripe's event reaches Almoner (and its job's last try starts) between Stripe's charge and the completion's commit.
    deps.afterCharge = async () => {
      applied = told(intent).then(lastTry);
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    const paid = await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') }).finally(() => {
      holdStripeAnswers(null);
      deps.afterCharge = undefined;
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await applied).toBe('applied');
    expect(await ledger(o.id)).toMatchObject({ payments: [{ ref: intent, status: 'succeeded' }], history: ['paid'], paid_events: 1, stock: 4 });
    expect(stripeRefunds(intent)).toEqual([]);
    expect(await logged(intent)).toEqual([]);
  });

  it('Stripe not answering on the last try: the event is queued again later and again, nothing recorded meanwhile; Stripe back, the sale is paid once', async () => {
    const o = await order();
    const { intent } = await chargedThenKilled(o.id, o.clientUuid);
    const eventId = await told(intent);
    failNextStripeCalls(1_000);
    // pg-boss's last retry of the event's job: Stripe answers 500, so the job queues a later try rather than fail for good.
    await runJob({ event_id: eventId }, STRIPE_RETRIES);
    expect(await ledger(o.id)).toMatchObject({ payments: [], paid: false, stock: 5 });
    expect(await queuedLater(eventId)).toEqual([{ data: { event_id: eventId, late_try: 1 }, after: 15 * 60 }]);
    const [warned] = await logged(intent);
    expect(warned).toMatchObject({ level: 'warning', source: 'payments' });
    expect(String(warned?.message)).toContain(`PaymentIntent ${intent} for point of sale order #${o.clientUuid} could not be read from stripe`);
    expect(String(warned?.message)).toContain('tried again in 15 minutes (late try 1 of 12)');
    expect(await one(sql`select processed_at is null as waiting, error from stripe_events where id = ${eventId}`)).toEqual({ waiting: true, error: warned?.message });

    // The clock reaches it; Stripe still down: queued again, twice as far off.
    const [first] = await queuedLater(eventId);
    await runJob(first!.data, 0);
    expect((await queuedLater(eventId)).map((job) => [job.data.late_try, job.after])).toEqual([[1, 15 * 60], [2, 30 * 60]]);
    expect(await ledger(o.id)).toMatchObject({ payments: [], paid: false, stock: 5 });

    // Stripe answers again: the next try brings the payment in, once; delivered twice, it adds nothing.
    failNextStripeCalls(0);
    const second = (await queuedLater(eventId))[1]!;
    await runJob(second.data, 0);
    const once = await ledger(o.id);
    expect(once).toMatchObject({ payments: [{ ref: intent, status: 'succeeded', amount: 2500 }], paid: true, paid_events: 1, history: ['paid'], stock: 4 });
    expect(await one(sql`select processed_at is not null as processed, error from stripe_events where id = ${eventId}`)).toEqual({ processed: true, error: null });
    await runJob(second.data, 0);
    await runJob({ event_id: eventId }, STRIPE_RETRIES);
    expect(await ledger(o.id)).toEqual(once);
    expect(await queuedLater(eventId)).toHaveLength(2);
    expect(stripeRefunds(intent)).toEqual([]);
    expect(intentPosts(o.clientUuid)).toBe(1);
  });

  it('Stripe down through every late try: the job fails for good with an error in the log, and nothing is recorded', async () => {
    const o = await order();
    const { intent } = await chargedThenKilled(o.id, o.clientUuid);
    const eventId = await told(intent);
    failNextStripeCalls(1_000);
    let gaveUp = false;
    await expect(runJob({ event_id: eventId, late_try: LATE_TRIES }, 0, () => (gaveUp = true))).rejects.toThrow(/could not be applied in two days of tries/);
    failNextStripeCalls(0);
    expect(gaveUp).toBe(true);
    expect(await queuedLater(eventId)).toEqual([]);
    expect(await ledger(o.id)).toMatchObject({ payments: [], paid: false, stock: 5 });
    expect(await logged(intent)).toMatchObject([{ level: 'error', source: 'payments', message: expect.stringContaining(`Stripe's event ${eventId} could not be applied in two days of tries`) }]);
    // Staff retry the job once Stripe answers: the sale is paid, once.
    await runJob({ event_id: eventId, late_try: LATE_TRIES }, 0);
    expect(await ledger(o.id)).toMatchObject({ payments: [{ ref: intent, status: 'succeeded' }], paid: true, paid_events: 1 });
  });

  it('an intent whose amount is no longer the order\'s total is refunded at Stripe, recorded as not kept, and logged without the donor\'s details', async () => {
    const o = await order(2500, await makeSupporter(db(), 'grace.hopper@example.org'));
    const { intent } = await chargedThenKilled(o.id, o.clientUuid);
    // The sale changed after the crash: its one item now costs 30.00.
    await db().execute(sql`update contribution_items set price = 3000, original_price = 3000, total = 3000 where contribution_id = ${o.id}`);
    await db().execute(sql`update contributions set subtotal_amount = 3000, total_amount = 3000, functional_total_amount = 3000 where id = ${o.id}`);
    const eventId = await told(intent);
    expect(await lastTry(eventId)).toBe('applied');

    expect(await ledger(o.id)).toMatchObject({ paid: false, payment_status: null, paid_events: 0, stock: 5, payments: [{ ref: intent, status: 'succeeded', amount: 2500, refunded: 2500 }] });
    expect(stripeRefunds(intent).map((s) => new URLSearchParams(s.body).get('amount'))).toEqual(['2500']);
    const [line] = await logged(intent);
    expect(line).toMatchObject({ level: 'warning', source: 'payments' });
    expect(String(line?.message)).toContain(`order #${o.clientUuid}`);
    expect(String(line?.message)).toMatch(/\$25\.00 USD.*\$30\.00 USD.*refunded in full/);
    expect(String(line?.message)).not.toMatch(/grace|hopper|Ada|Lovelace|4242/i);
    expect(await one(sql`select error from stripe_events where id = ${eventId}`)).toEqual({ error: line?.message });

    // Replayed: given back once. The cashier then takes the new total with a key of its own.
    expect(await lastTry(await told(intent))).toBe('applied');
    expect(stripeRefunds(intent)).toHaveLength(1);
    const paid = await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ledger(o.id)).toMatchObject({ paid: true, payments: [{ ref: intent, refunded: 2500 }, { status: 'succeeded', amount: 3000, refunded: 0 }] });
  });

  it('an order paid another way meanwhile: the intent is refunded at Stripe and recorded on the sale as not kept, the sale unchanged', async () => {
    const o = await order();
    const { intent } = await chargedThenKilled(o.id, o.clientUuid);
    const cash = await complete(o.id, { payment_type: 'cash', cash_received: 25, cash_change: 0 });
    expect(cash.statusCode, cash.body).toBe(200);
    const paid = (await ledger(o.id)) as { payments: unknown[] };

    expect(await lastTry(await told(intent))).toBe('applied');
    expect(stripeRefunds(intent)).toHaveLength(1);
    // The charge and its refund, as Stripe's ledger has them; the sale still paid in cash, not refunded.
    expect(await ledger(o.id)).toEqual({ ...paid, payments: [...paid.payments, expect.objectContaining({ ref: intent, status: 'succeeded', amount: 2500, refunded: 2500 })] });
    expect(await one(sql`select not_kept from payments where reference_number = ${intent}`)).toEqual({ not_kept: true });
    expect(await logged(intent)).toMatchObject([{ level: 'warning', message: expect.stringMatching(/paid another way.*refunded in full/) }]);
    expect(await lastTry(await told(intent))).toBe('applied');
    expect(stripeRefunds(intent)).toHaveLength(1);
  });
});
