import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { posLeftIntentsJob } from '../../../modules/pos/pos.pending-intents.ts';
import { failNextStripeCalls } from '../../../test/stripe/stand-in.ts';
import { stripePos } from '../../../test/stripe/pos.ts';
import { useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';
import { LATE_TRIES, lateTryDelaySeconds } from '../late-tries.ts';

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
});
