import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { posLeftIntentsJob } from '../../../modules/pos/pos.pending-intents.ts';
import { confirmPaymentAsDonor, failNextStripeCalls, intentInAnotherAccount, noSuchError, refuseNextStripeCall } from '../../../test/stripe/stand-in.ts';
import { stripePos } from '../../../test/stripe/pos.ts';
import { intentAtStripe } from '../../../test/stripe/stripe-js.ts';
import { stripeFixtures, useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';
import { LATE_TRIES, lateTryDelaySeconds } from '../late-tries.ts';
import { stripeEventJob } from './stripe-webhooks.ts';

/**
 * Issue 40: the job that lets go of a paid point-of-sale order's pending 3-D Secure
 * PaymentIntents (pos_left_intents) when Stripe cannot be reached through all of its pg-boss
 * retries, or answers that it has no such intent, or the order was completed by Stripe's own event.
 */
const app = useStripeWebhookApp('whsec_test_pos_left_intents');
const { db, order, atStripe, challengedThenClosed, payments, pending, leftJobs, runLeftJob, cancels, paidInCashWhileStripeDown } = stripePos(app);

// A test that failed with Stripe down leaves the next one a Stripe that answers.
afterEach(() => failNextStripeCalls(0));

const RETRIES = posLeftIntentsJob.retryLimit ?? 0;
const sale = async (id: number) =>
  (await queryRows(db(), sql`select paid_at is not null as paid, confirmation_number, payment_type, total_amount::int as total, refunded_amount::int as refunded from contributions where id = ${id}`))[0];
const logged = (intent: string) => queryRows(db(), sql`select level, source, message, context->>'error_code' as code from log_entries where message like ${`%${intent}%`} order by id`);
const missing = async (intent: string) => (await queryRows(db(), sql`select status, failure_code, failure_message, not_kept, cancelled_at is not null as cancelled from payments where reference_number = ${intent}`))[0];
/** What Almoner asked Stripe about the intent (reads, cancels, refunds). */
const asked = (intent: string) => app.standIn.seen.filter((s) => s.path.includes(intent) || s.body.includes(intent)).length;

/**
 * Stripe's payment_intent.succeeded for the intent as Stripe has it now, through POST
 * /webhooks/stripe, and the job it queued run as a worker runs its last pg-boss retry (the
 * cashier has had a quarter of an hour).
 */
async function toldOnLastTry(intent: string) {
  const object = await intentAtStripe(app.standIn.url, intent);
  const event = { ...stripeFixtures.event, id: `evt_left_${intent}`, type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object } };
  expect((await app.send(event)).statusCode).toBe(200);
  const [queued] = await queryRows(db(), sql`select data, retry_limit from pgboss.job where name = ${stripeEventJob.name} and data->>'event_id' = ${event.id}`);
  expect(queued?.data).toEqual({ event_id: event.id });
  await stripeEventJob.handler({
    id: randomUUID(), name: stripeEventJob.name, data: { event_id: event.id }, retryCount: Number(queued?.retry_limit), retryLimit: Number(queued?.retry_limit), database: app.t.database,
    once: () => Promise.resolve(false), onceEach: () => Promise.resolve([]), progress: () => Promise.resolve(), giveUp: () => Promise.resolve(),
  });
}

const lateOnes = async (id: number) => (await leftJobs(id)).filter((job) => job.data.late_try !== undefined).map((job) => [job.data.late_try, job.after]);

describe('the let-go job of a paid order\'s pending intents', () => {
  it('Stripe down through the job\'s retries: tried again later and later; Stripe back, the intent is cancelled once and the sale is unchanged', async () => {
    const o = await order();
    const intent = await challengedThenClosed(o.id);
    await paidInCashWhileStripeDown(o.id);
    const before = { sale: await sale(o.id), payments: await payments(o.id) };
    failNextStripeCalls(1_000);
    // pg-boss's last retry finds Stripe down: a late try is queued rather than the job failing for good.
    await runLeftJob({ contribution_id: o.id }, RETRIES);
    expect(await lateOnes(o.id)).toEqual([[1, 15 * 60]]);
    const [warned] = await queryRows(db(), sql`select level, source, message, context from log_entries where context->>'queue' = ${posLeftIntentsJob.name} order by id desc limit 1`);
    expect(warned).toMatchObject({ level: 'warning', source: 'payments', context: { error_code: 'gateway_unreachable', attempt: `late 1 of ${LATE_TRIES}` } });
    expect(String(warned?.message)).toContain(`point of sale order #${o.clientUuid} could not be let go of`);
    expect(String(warned?.message)).toContain('tried again in 15 minutes (late try 1 of 12)');

    // Each late try with Stripe still down queues the next, twice as far off, at most 6 hours.
    for (let late = 1; late < 4; late++) await runLeftJob({ contribution_id: o.id, late_try: late });
    expect(await lateOnes(o.id)).toEqual([[1, 900], [2, 1800], [3, 3600], [4, 7200]]);
    expect([5, 6, 7, 12].map(lateTryDelaySeconds)).toEqual([14_400, 21_600, 21_600, 21_600]);
    expect(await pending(o.id)).toMatchObject([{ reference: intent }]);
    expect(await payments(o.id)).toEqual(before.payments);

    // Stripe answers again: the next late try cancels the intent, once; delivered twice, it adds nothing.
    failNextStripeCalls(0);
    expect(await atStripe(intent)).toMatchObject({ status: 'requires_action' });
    await runLeftJob({ contribution_id: o.id, late_try: 4 });
    await runLeftJob({ contribution_id: o.id, late_try: 4 });
    await runLeftJob({ contribution_id: o.id }, RETRIES);
    expect(cancels(intent)).toHaveLength(1);
    expect(await atStripe(intent)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await pending(o.id)).toEqual([]);
    expect(await payments(o.id)).toEqual([...before.payments, { type: 'card', status: 'failed', amount: 2500, reference_number: intent, cancelled: true, refunded: 0 }]);
    expect(await sale(o.id)).toEqual(before.sale);
    expect(await lateOnes(o.id)).toHaveLength(4);
  });

  it('Stripe down through every late try: the job fails for good with an error in the log; retried by staff once Stripe answers, it cancels once', async () => {
    const o = await order();
    const intent = await challengedThenClosed(o.id);
    await paidInCashWhileStripeDown(o.id);
    failNextStripeCalls(1_000);
    let gaveUp = false;
    await expect(runLeftJob({ contribution_id: o.id, late_try: LATE_TRIES }, 0, () => (gaveUp = true))).rejects.toThrow(/could not be let go of in two days of tries/);
    failNextStripeCalls(0);
    expect(gaveUp).toBe(true);
    expect(await lateOnes(o.id)).toEqual([]);
    const [failed] = await queryRows(db(), sql`select level, message from log_entries where context->>'queue' = ${posLeftIntentsJob.name} order by id desc limit 1`);
    expect(failed).toMatchObject({ level: 'error', message: expect.stringContaining('retry its job in Background jobs') });
    expect(await pending(o.id)).toHaveLength(1);
    await runLeftJob({ contribution_id: o.id, late_try: LATE_TRIES });
    expect(cancels(intent)).toHaveLength(1);
    expect(await pending(o.id)).toEqual([]);
    expect(await sale(o.id)).toMatchObject({ paid: true, payment_type: 'cash', refunded: 0 });
  });

  it('an order completed by Stripe\'s event while another of its intents is pending: the let-go job is queued and cancels that one at Stripe, once', async () => {
    const o = await order();
    const first = await challengedThenClosed(o.id);
    // Settings › Payments is switched to other keys (another account, or live for test) before the
    // cashier tries again: Stripe there has no such intent, so its read is refused and it is left
    // pending, and the attempt's idempotency key, that account's, is free here.
    const keysPutRight = intentInAnotherAccount(first);
    const second = await challengedThenClosed(o.id);
    expect(second).not.toBe(first);
    expect(await pending(o.id)).toMatchObject([{ reference: first }, { reference: second }]);
    // The donor passes the second challenge and the browser closes: only Stripe's event tells of it.
    confirmPaymentAsDonor(second);
    await toldOnLastTry(second);
    expect(await sale(o.id)).toMatchObject({ paid: true, confirmation_number: second, payment_type: 'card' });
    expect(await pending(o.id)).toMatchObject([{ reference: first }]);
    expect(await leftJobs(o.id)).toEqual([{ data: { contribution_id: o.id }, after: 0 }]);

    // The keys are put right; the job lets go of the first challenge, so the donor cannot be charged by it later.
    keysPutRight();
    await runLeftJob({ contribution_id: o.id });
    await runLeftJob({ contribution_id: o.id });
    expect(cancels(first)).toHaveLength(1);
    expect(await atStripe(first)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await pending(o.id)).toEqual([]);
    expect(await payments(o.id)).toEqual([
      { type: 'card', status: 'succeeded', amount: 2500, reference_number: second, cancelled: false, refunded: 0 },
      { type: 'card', status: 'failed', amount: 2500, reference_number: first, cancelled: true, refunded: 0 },
    ]);
    expect(await sale(o.id)).toMatchObject({ paid: true, confirmation_number: second, refunded: 0 });
  });

  it('an intent Stripe has no such of (404): recorded on the sale as let go, not kept, with a warning, and never asked about again', async () => {
    const o = await order();
    const intent = await challengedThenClosed(o.id);
    await paidInCashWhileStripeDown(o.id);
    const before = await sale(o.id);
    intentInAnotherAccount(intent);
    await runLeftJob({ contribution_id: o.id });
    expect(await pending(o.id)).toEqual([]);
    expect(await payments(o.id)).toEqual([
      { type: 'cash', status: 'succeeded', amount: 2500, reference_number: null, cancelled: false, refunded: 0 },
      { type: 'card', status: 'failed', amount: 2500, reference_number: intent, cancelled: false, refunded: 0 },
    ]);
    expect(await missing(intent)).toEqual({ status: 'failed', failure_code: 'resource_missing', failure_message: `No such payment_intent: '${intent}'`, not_kept: false, cancelled: false });
    const [warned] = await logged(intent);
    expect(warned).toMatchObject({ level: 'warning', source: 'payments', code: 'no_such_intent' });
    expect(String(warned?.message)).toContain(`point of sale order #${o.clientUuid}`);
    expect(String(warned?.message)).toContain(`No such payment_intent: '${intent}'`);
    // Run again (a second delivery): Stripe is asked nothing more, nothing more is recorded, no late try.
    const calls = asked(intent);
    await runLeftJob({ contribution_id: o.id });
    expect(asked(intent)).toBe(calls);
    expect(await payments(o.id)).toHaveLength(2);
    expect(await lateOnes(o.id)).toEqual([]);
    expect(await sale(o.id)).toEqual(before);
  });

  it('an intent Stripe has no such of by the time it is cancelled: recorded as let go, not as cancelled, with a warning', async () => {
    const o = await order();
    const intent = await challengedThenClosed(o.id);
    await paidInCashWhileStripeDown(o.id);
    refuseNextStripeCall(404, noSuchError('payment_intent', intent, 'intent'), /\/cancel$/);
    await runLeftJob({ contribution_id: o.id });
    expect(cancels(intent)).toHaveLength(1);
    expect(await pending(o.id)).toEqual([]);
    expect(await missing(intent)).toEqual({ status: 'failed', failure_code: 'resource_missing', failure_message: `No such payment_intent: '${intent}'`, not_kept: false, cancelled: false });
    expect(await logged(intent)).toMatchObject([{ level: 'warning', code: 'no_such_intent' }]);
    await runLeftJob({ contribution_id: o.id });
    expect(cancels(intent)).toHaveLength(1);
  });

  it('another refusal of Stripe\'s (a 4xx): an error in the log names the intent and Stripe\'s words, the intent stays pending, the job is not retried by itself', async () => {
    const o = await order();
    const intent = await challengedThenClosed(o.id);
    await paidInCashWhileStripeDown(o.id);
    const refusal = { type: 'invalid_request_error', message: 'This PaymentIntent cannot be read with this key.', param: 'intent', doc_url: 'https://stripe.com/docs/error-codes' };
    refuseNextStripeCall(400, refusal);
    let gaveUp = false;
    await expect(runLeftJob({ contribution_id: o.id }, 0, () => (gaveUp = true))).rejects.toThrow(intent);
    expect(gaveUp).toBe(true);
    expect(await pending(o.id)).toMatchObject([{ reference: intent }]);
    expect(await payments(o.id)).toMatchObject([{ type: 'cash' }]);
    const [failed] = await logged(intent);
    expect(failed).toMatchObject({ level: 'error', source: 'payments', code: 'intent_refused' });
    expect(String(failed?.message)).toContain(`point of sale order #${o.clientUuid}`);
    expect(String(failed?.message)).toContain(refusal.message);
    expect(await lateOnes(o.id)).toEqual([]);
    // Staff retry the job from Background jobs once it is put right: the intent is cancelled, once.
    await runLeftJob({ contribution_id: o.id });
    expect(cancels(intent)).toHaveLength(1);
    expect(await pending(o.id)).toEqual([]);
  });
});
