import { posCompleteMessages, type PosCompleteInput } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { confirmPaymentAsDonor, failNextStripeCalls, failPaymentAsDonor } from '../../../test/stripe/stand-in.ts';
import { stripePos, THREE_DS_CARD } from '../../../test/stripe/pos.ts';
import { useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';

/**
 * Issue 40: a browser closed or crashed during the donor's 3-D Secure challenge at the point of
 * sale leaves its PaymentIntent known to Almoner (pos_pending_intents), so the order's next
 * attempt settles it at Stripe first: taken for the sale, it pays the order once and nothing
 * more is charged; otherwise it is cancelled (or refunded in full) and recorded, and the next
 * card gets an idempotency key of its own instead of being refused as "already being processed".
 */
const app = useStripeWebhookApp('whsec_test_pos_pending');
const { db, elementsMethod, order, complete, abandon, atStripe, challengedThenClosed, payments, pending, leftJobs, runLeftJob: runLeft, cancels, paidInCashWhileStripeDown } = stripePos(app);

// A test that failed with Stripe down leaves the next one a Stripe that answers.
afterEach(() => failNextStripeCalls(0));

const paidWith = async (id: number) => (await queryRows(db(), sql`select paid_at is not null as paid, confirmation_number from contributions where id = ${id}`))[0];
/** The PaymentIntents Almoner asked Stripe to create (charges), in order. */
const intentsCreated = () => app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents').length;
const stripeRefunds = (intent: string) => app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/refunds' && new URLSearchParams(s.body).get('payment_intent') === intent);
const runLeftJob = (id: number) => runLeft({ contribution_id: id });

describe('3-D Secure intents left by a browser closed mid-challenge (Stripe)', () => {
  it('stores the intent when the bank asks, once, and cancels it before the next card, which gets a key of its own', async () => {
    const o = await order();
    const intent = await challengedThenClosed(o.id);
    expect(await pending(o.id)).toEqual([{ gateway: 'stripe', reference: intent, amount: 2500, currency_code: 'USD' }]);

    const card = { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') };
    const before = intentsCreated();
    const paid = await complete(o.id, card);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'success' });
    expect(await atStripe(intent)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await payments(o.id)).toMatchObject([
      { status: 'failed', reference_number: intent, cancelled: true },
      { status: 'succeeded', amount: 2500 },
    ]);
    expect(await pending(o.id)).toEqual([]);
    // Sent again (a double click, a retry): the order is paid, nothing more is asked of Stripe.
    expect((await complete(o.id, card)).statusCode).toBe(200);
    expect(intentsCreated() - before).toBe(1);
    expect(app.standIn.seen.filter((s) => s.path === `/v1/payment_intents/${intent}/cancel`)).toHaveLength(1);
    expect(await payments(o.id)).toHaveLength(2);
  });

  it('answers a completion sent twice during the challenge with the same challenge, which then pays the order once', async () => {
    const o = await order();
    const card = { payment_type: 'credit_card', token: await elementsMethod(THREE_DS_CARD) };
    const asked = await complete(o.id, card);
    const intent = (asked.json() as { authenticate: { payment_intent: string } }).authenticate.payment_intent;
    const before = intentsCreated();
    const again = await complete(o.id, card);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'authenticate', authenticate: { payment_intent: intent } });
    expect(await atStripe(intent)).toMatchObject({ status: 'requires_action' });
    expect(await pending(o.id)).toEqual([{ gateway: 'stripe', reference: intent, amount: 2500, currency_code: 'USD' }]);
    // The donor passes the challenge they were shown first: the order is paid with it, once.
    confirmPaymentAsDonor(intent);
    const paid = await complete(o.id, { ...card, payment_intent: intent });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'success', order: { is_paid: true } });
    expect(await payments(o.id)).toEqual([{ type: 'card', status: 'succeeded', amount: 2500, reference_number: intent, cancelled: false, refunded: 0 }]);
    // Stripe was asked again under the same key, which answered the same intent: none new.
    expect(new Set(app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents').slice(-2).map((s) => s.headers['idempotency-key'])).size).toBe(1);
    expect(intentsCreated() - before).toBe(1);
  });

  it('pays the order with an intent the donor confirmed before the browser closed, and charges the next card nothing', async () => {
    const o = await order();
    const intent = await challengedThenClosed(o.id);
    confirmPaymentAsDonor(intent);
    const before = intentsCreated();
    const card = { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') };
    for (let i = 0; i < 2; i++) {
      const answered = await complete(o.id, card);
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json()).toMatchObject({ status: 'success', order: { is_paid: true } });
    }
    expect(intentsCreated()).toBe(before);
    expect(stripeRefunds(intent)).toEqual([]);
    expect(await atStripe(intent)).toMatchObject({ status: 'succeeded' });
    expect(await payments(o.id)).toEqual([{ type: 'card', status: 'succeeded', amount: 2500, reference_number: intent, cancelled: false, refunded: 0 }]);
    expect(await paidWith(o.id)).toEqual({ paid: true, confirmation_number: intent });
    expect(await pending(o.id)).toEqual([]);
  });

  it('gives back a confirmed intent the sale no longer matches, or one the sale is paid otherwise, once', async () => {
    const repriced = await order();
    const first = await challengedThenClosed(repriced.id);
    confirmPaymentAsDonor(first);
    await db().execute(sql`update contribution_items set price = 3000, original_price = 3000, total = 3000 where contribution_id = ${repriced.id}`);
    await db().execute(sql`update contributions set subtotal_amount = 3000, total_amount = 3000, functional_total_amount = 3000 where id = ${repriced.id}`);
    const paid = await complete(repriced.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(stripeRefunds(first).map((s) => new URLSearchParams(s.body).get('amount'))).toEqual(['2500']);
    expect(await payments(repriced.id)).toMatchObject([
      { status: 'succeeded', amount: 2500, reference_number: first, refunded: 2500 },
      { status: 'succeeded', amount: 3000, refunded: 0 },
    ]);

    const byCash = await order();
    const second = await challengedThenClosed(byCash.id);
    confirmPaymentAsDonor(second);
    const cash: PosCompleteInput = { payment_type: 'cash', cash_received: '30.00', cash_change: '5.00', send_confirmation_emails: '0' };
    expect((await complete(byCash.id, cash)).statusCode).toBe(200);
    expect((await complete(byCash.id, cash)).statusCode).toBe(200);
    expect(stripeRefunds(second)).toHaveLength(1);
    expect(await payments(byCash.id)).toMatchObject([
      { status: 'succeeded', reference_number: second, refunded: 2500 },
      { type: 'cash', status: 'succeeded', amount: 2500 },
    ]);
    expect(await pending(byCash.id)).toEqual([]);
  });

  it('lets go of an earlier challenge when the donor confirms a later one, and forgets one abandoned or failed', async () => {
    const o = await order();
    const closed = await challengedThenClosed(o.id);
    // The cashier starts again on another device: the same card, a new attempt. The first challenge is let go of first.
    const again = await challengedThenClosed(o.id);
    expect(again).not.toBe(closed);
    expect(await atStripe(closed)).toMatchObject({ status: 'canceled' });
    expect(await pending(o.id)).toMatchObject([{ reference: again }]);
    confirmPaymentAsDonor(again);
    const done = await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod(THREE_DS_CARD), payment_intent: again });
    expect(done.statusCode, done.body).toBe(200);
    expect(await paidWith(o.id)).toEqual({ paid: true, confirmation_number: again });
    expect(await pending(o.id)).toEqual([]);

    const left = await order();
    const abandoned = await challengedThenClosed(left.id);
    expect((await abandon(left.id, abandoned)).statusCode).toBe(200);
    expect(await pending(left.id)).toEqual([]);
    const failed = await challengedThenClosed(left.id);
    failPaymentAsDonor(failed);
    const refused = await complete(left.id, { payment_type: 'credit_card', token: await elementsMethod(THREE_DS_CARD), payment_intent: failed });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ message: posCompleteMessages.notAuthenticated });
    expect(await pending(left.id)).toEqual([]);
    expect(await payments(left.id)).toMatchObject([
      { status: 'failed', reference_number: abandoned, cancelled: true },
      { status: 'failed', reference_number: failed, cancelled: true },
    ]);
  });

  it('an order paid while a challenge is still pending: the challenge is cancelled at Stripe once the order is paid, so the donor cannot be charged by it later', async () => {
    const o = await order();
    const intent = await challengedThenClosed(o.id);
    await paidInCashWhileStripeDown(o.id);
    expect(await pending(o.id)).toMatchObject([{ reference: intent }]);
    expect(await atStripe(intent)).toMatchObject({ status: 'requires_action' });
    // The completion queued the job that lets go of it, in its own transaction.
    expect(await leftJobs(o.id)).toEqual([{ data: { contribution_id: o.id }, after: 0 }]);

    // Stripe still down when the job runs: it fails (pg-boss tries again later) and records nothing.
    failNextStripeCalls(1);
    await expect(runLeftJob(o.id)).rejects.toThrow(/Stripe/);
    failNextStripeCalls(0);
    expect(await pending(o.id)).toHaveLength(1);
    expect(await payments(o.id)).toMatchObject([{ type: 'cash', status: 'succeeded' }]);

    await runLeftJob(o.id);
    expect(await atStripe(intent)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(cancels(intent)).toHaveLength(1);
    expect(await payments(o.id)).toMatchObject([
      { type: 'cash', status: 'succeeded', amount: 2500 },
      { status: 'failed', reference_number: intent, cancelled: true, refunded: 0 },
    ]);
    expect(await pending(o.id)).toEqual([]);
    // The donor answering the old challenge now: Stripe no longer lets it be confirmed.
    expect(() => confirmPaymentAsDonor(intent)).toThrow(/not a PaymentIntent of the stand-in waiting for the donor/);
    // Run again (a second delivery of the job): nothing more is asked of Stripe or recorded.
    await runLeftJob(o.id);
    expect(cancels(intent)).toHaveLength(1);
    expect(await payments(o.id)).toHaveLength(2);
    expect(await paidWith(o.id)).toMatchObject({ paid: true, confirmation_number: null });
  });

  it('a pending challenge the donor answered after the order was paid another way is refunded in full, once, and recorded on the sale as not kept', async () => {
    const o = await order();
    const intent = await challengedThenClosed(o.id);
    await paidInCashWhileStripeDown(o.id);
    // Before the job runs, the donor finishes the old challenge: Stripe takes the money.
    confirmPaymentAsDonor(intent);

    await runLeftJob(o.id);
    await runLeftJob(o.id);
    expect(stripeRefunds(intent).map((s) => new URLSearchParams(s.body).get('amount'))).toEqual(['2500']);
    expect(cancels(intent)).toEqual([]);
    expect(await payments(o.id)).toMatchObject([
      { type: 'cash', status: 'succeeded', amount: 2500, refunded: 0 },
      { type: 'card', status: 'succeeded', reference_number: intent, amount: 2500, refunded: 2500 },
    ]);
    expect((await queryRows(db(), sql`select not_kept from payments where reference_number = ${intent}`))[0]).toEqual({ not_kept: true });
    expect(await pending(o.id)).toEqual([]);
    const logged = await queryRows(db(), sql`select level, message from log_entries where message like ${`%${intent}%`}`);
    expect(logged).toMatchObject([{ level: 'warning', message: expect.stringMatching(new RegExp(`order #${o.clientUuid} was paid another way.*refunded in full`)) }]);
    // The sale stays the cash sale it was.
    expect(await paidWith(o.id)).toMatchObject({ paid: true, confirmation_number: null });
  });
});
