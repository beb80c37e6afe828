import { transactionMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { makeOrder, makeSupporter, makeVariant } from '../../../modules/pos/pos.complete.fixtures.ts';
import { holdStripeAnswers, refundInStripeDashboard, settleRefundInStripe } from '../../../test/stripe/stand-in.ts';
import { stripeFixtures as fixtures, type StripeObject as Obj, useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';
import { processStripeEvent } from './stripe-webhooks.ts';

/**
 * A Stripe refund that answers `pending` (a card's bank taking days; Stripe's test method
 * pm_card_pendingRefund) settles later, once: by Stripe's charge.refund.updated / refund.updated /
 * refund.failed, or by the transaction's Refresh. While pending it counts as given back (as Stripe
 * counts it); failed, the money is the gift's again.
 */
const app = useStripeWebhookApp('whsec_pendingRefunds');
const db = () => app.t.database.db;
let sequence = 0;

/** Sends Stripe's event around `object`, signed, and runs its job as a worker would. */
async function deliver(type: string, object: Obj) {
  sequence += 1;
  const event = { ...structuredClone(fixtures.event), id: `evt_pending_${sequence}_${String(object.id)}`, type, created: Math.floor(Date.now() / 1000), data: { object } };
  const response = await app.send(event);
  expect(response.statusCode, response.body).toBe(200);
  expect(await processStripeEvent(app.t.database, event.id, { lastTry: false })).toBe('applied');
  return event.id;
}

const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};

/** A $40 point-of-sale sale paid with Stripe's test card whose refunds answer pending. */
async function sale() {
  const supporterId = await makeSupporter(db());
  const v = await makeVariant(db(), { price: 4000, quantity: 5, receiptable: true });
  const order = await makeOrder(db(), { supporterId, items: [{ variantId: v.variantId, productId: v.productId, price: 4000, qty: 1 }] });
  const paid = await app.admin.post(`/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: 'tok_pendingRefund' });
  expect(paid.statusCode, paid.body).toBe(200);
  const payment = await one(sql`select p.id from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${order.id}`);
  return { contributionId: order.id, paymentId: Number(payment.id) };
}

async function refund(s: { contributionId: number }, amount: string) {
  const answer = await app.admin.post(`/jpanel/contributions/${s.contributionId}/refund`, { refund_type: 'custom', amount });
  expect(answer.statusCode, answer.body).toBe(200);
  const row = await one(sql`select reference_number, status from refunds where payment_id = (select payment_id from payment_links where contribution_id = ${s.contributionId}) order by id desc limit 1`);
  return { reference: String(row.reference_number), status: String(row.status) };
}

const stateOf = (s: { contributionId: number; paymentId: number }) =>
  one(sql`select p.amount_refunded::int as payment_refunded, c.refunded_amount::int as refunded, c.total_amount::int - c.refunded_amount::int as kept,
                 (select string_agg(r.status || coalesce(':' || r.failure_reason, ''), ',' order by r.id) from refunds r where r.payment_id = p.id) as refunds,
                 (select count(*)::int from tax_receipt_lines l join tax_receipts t on t.id = l.tax_receipt_id where l.contribution_id = c.id and t.status = 'issued') as issued_receipts,
                 (select (lifetime_donation_amount + lifetime_purchase_amount)::int from supporters where id = c.supporter_id) as lifetime
            from payments p, contributions c where p.id = ${s.paymentId} and c.id = ${s.contributionId}`);

/** The gift's "Refund failed" history events: how much, why, who asked and that it has its time. */
const failures = (contributionId: number) =>
  queryRows(db(), sql`select amount::int as amount, note, user_id, occurred_at is not null as dated
                        from contribution_status_history where contribution_id = ${contributionId} and event = 'refund_failed' order by id`);

describe('a Stripe refund that answers pending', () => {
  it('counts as given back while pending, and settles once when Stripe says it went through', async () => {
    const s = await sale();
    const before = await stateOf(s);
    const ours = await refund(s, '15');
    expect(ours.status).toBe('pending');
    const pending = await stateOf(s);
    expect(pending).toMatchObject({ payment_refunded: 1500, refunded: 1500, kept: 2500, refunds: 'pending', issued_receipts: before.issued_receipts });
    // What is pending cannot be refunded a second time.
    const tooMuch = await app.admin.post(`/jpanel/contributions/${s.contributionId}/refund`, { refund_type: 'custom', amount: '30' });
    expect(tooMuch.statusCode).toBeGreaterThanOrEqual(400);
    expect(await stateOf(s)).toEqual(pending);

    await deliver('charge.refund.updated', settleRefundInStripe(ours.reference, 'succeeded'));
    const settled = await stateOf(s);
    expect(settled).toMatchObject({ refunded: 1500, kept: 2500, refunds: 'succeeded', issued_receipts: 0 });

    // Told again under Stripe's other event, and late: nothing more.
    await deliver('refund.updated', await fetchRefund(ours.reference));
    expect(await stateOf(s)).toEqual(settled);
  });

  it('gives the money back to the gift when the refund fails, once', async () => {
    const s = await sale();
    const before = await stateOf(s);
    const ours = await refund(s, '40');
    expect(await stateOf(s)).toMatchObject({ refunded: 4000, kept: 0, refunds: 'pending' });

    const failed = settleRefundInStripe(ours.reference, 'failed');
    await deliver('refund.failed', failed);
    const after = await stateOf(s);
    expect(after).toEqual({ ...before, refunds: 'failed:expired_or_canceled_card' });
    expect(after).toMatchObject({ payment_refunded: 0, refunded: 0, kept: 4000 });
    await deliver('charge.refund.updated', failed);
    expect(await stateOf(s)).toEqual(after);
    // The gift's history says so, once: who asked for the refund, how much, and Stripe's reason.
    expect(await failures(s.contributionId)).toEqual([{ amount: 4000, note: 'expired_or_canceled_card', user_id: app.adminId, dated: true }]);
    // The gift can be refunded again: its money is all there.
    expect((await refund(s, '40')).status).toBe('pending');
  });

  it('settles by the transaction\'s Refresh, and Stripe\'s event after it adds nothing', async () => {
    const s = await sale();
    const ours = await refund(s, '10');
    const refresh = () => app.admin.post(`/jpanel/transactions/${s.paymentId}/refresh-payment-status`, {});
    expect((await refresh()).json()).toMatchObject({ status: 'success', message: transactionMessages.statusUnchanged(s.paymentId, 'succeeded') });
    expect(await stateOf(s)).toMatchObject({ refunds: 'pending' });

    const told = settleRefundInStripe(ours.reference, 'succeeded');
    expect((await refresh()).json()).toMatchObject({ status: 'success', message: transactionMessages.refundsSettled(s.paymentId, [{ reference: ours.reference, status: 'succeeded' }]) });
    const settled = await stateOf(s);
    expect(settled).toMatchObject({ refunded: 1000, refunds: 'succeeded', issued_receipts: 0 });
    await deliver('charge.refund.updated', told);
    expect(await stateOf(s)).toEqual(settled);
    expect((await refresh()).json()).toMatchObject({ message: transactionMessages.statusUnchanged(s.paymentId, 'succeeded') });
  });

  it('tells a refund the transaction\'s Refresh finds failed on the gift, with Stripe\'s reason and who asked for it', async () => {
    const s = await sale();
    const ours = await refund(s, '12');
    settleRefundInStripe(ours.reference, 'failed');
    const refreshed = await app.admin.post(`/jpanel/transactions/${s.paymentId}/refresh-payment-status`, {});
    expect(refreshed.json()).toMatchObject({ status: 'success', message: transactionMessages.refundsSettled(s.paymentId, [{ reference: ours.reference, status: 'failed' }]) });
    expect(await stateOf(s)).toMatchObject({ refunded: 0, kept: 4000, refunds: 'failed:expired_or_canceled_card' });
    expect(await failures(s.contributionId)).toEqual([{ amount: 1200, note: 'expired_or_canceled_card', user_id: app.adminId, dated: true }]);
  });

  it('settles a pending refund a later charge.refunded tells as done', async () => {
    const s = await sale();
    const ours = await refund(s, '5');
    settleRefundInStripe(ours.reference, 'succeeded');
    const intent = String((await one(sql`select reference_number from payments where id = ${s.paymentId}`)).reference_number);
    const charge = await stripeGet<{ latest_charge: { id: string } }>(`/v1/payment_intents/${intent}`);
    await deliver('charge.refunded', await stripeGet<Obj>(`/v1/charges/${charge.latest_charge.id}`));
    expect(await stateOf(s)).toMatchObject({ refunded: 500, refunds: 'succeeded', issued_receipts: 0 });
  });
});

describe('a refund Stripe refuses', () => {
  it('gives nothing back and leaves a "Refund failed" event on the gift', async () => {
    const s = await sale();
    const before = await stateOf(s);
    // Refunded in full in Stripe's dashboard, its event not here yet: Stripe refuses Almoner's refund.
    const intent = String((await one(sql`select reference_number from payments where id = ${s.paymentId}`)).reference_number);
    const { refund } = refundInStripeDashboard(intent, 4000);
    const answer = await app.admin.post(`/jpanel/contributions/${s.contributionId}/refund`, { refund_type: 'custom', amount: '10' });
    expect(answer.statusCode).toBe(409);
    const message = `Charge ${String(refund.charge)} has already been refunded.`;
    expect((answer.json() as { message: string }).message).toContain(message);
    expect(await stateOf(s)).toEqual(before);
    expect(await failures(s.contributionId)).toEqual([{ amount: 1000, note: message, user_id: app.adminId, dated: true }]);
  });

  it('leaves the "Refund failed" event whichever route asked: the transaction\'s Refund and the bulk Spam & refund', async () => {
    /** A sale Stripe will refuse to refund: refunded in full in Stripe's dashboard, its event not here yet. */
    const refusedSale = async () => {
      const s = await sale();
      const intent = String((await one(sql`select reference_number from payments where id = ${s.paymentId}`)).reference_number);
      return { ...s, before: await stateOf(s), message: `Charge ${String(refundInStripeDashboard(intent, 4000).refund.charge)} has already been refunded.` };
    };
    const fromTransaction = await refusedSale();
    const answer = await app.admin.post(`/jpanel/transactions/${fromTransaction.paymentId}/refund`, {});
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'error', message: expect.stringContaining(`Refund failed for Transaction #${fromTransaction.paymentId}: `) });
    expect((answer.json() as { message: string }).message).toContain(fromTransaction.message);
    const fromBulk = await refusedSale();
    const bulk = await app.admin.post('/jpanel/contributions/batch', { ids: [fromBulk.contributionId], action: 'spam_and_refund' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((bulk.json() as { message: string }).message).toContain(fromBulk.message);
    // Nothing given back (the spam gift no longer counts in its donor's giving, refunded or not).
    expect(await stateOf(fromTransaction)).toEqual(fromTransaction.before);
    expect(await stateOf(fromBulk)).toEqual({ ...fromBulk.before, lifetime: 0 });
    for (const s of [fromTransaction, fromBulk]) {
      expect(await failures(s.contributionId)).toEqual([{ amount: 4000, note: s.message, user_id: app.adminId, dated: true }]);
    }
  });

  it('refuses a refund Stripe answers failed at once: kept as failed, not told as refunded', async () => {
    const s = await sale();
    const before = await stateOf(s);
    holdStripeAnswers((call, answer) => {
      if (call.path === '/v1/refunds') Object.assign(answer as Obj, { status: 'failed', failure_reason: 'unknown' });
    });
    try {
      const answer = await app.admin.post(`/jpanel/contributions/${s.contributionId}/refund`, { refund_type: 'custom', amount: '25' });
      expect(answer.statusCode).toBe(409);
      expect((answer.json() as { message: string }).message).toContain('the refund failed');
    } finally {
      holdStripeAnswers(null);
    }
    expect(await stateOf(s)).toEqual({ ...before, refunds: 'failed' });
    expect(await failures(s.contributionId)).toEqual([{ amount: 2500, note: null, user_id: app.adminId, dated: true }]);
    const told = await queryRows(db(), sql`select event from contribution_status_history where contribution_id = ${s.contributionId} and event in ('refunded', 'partially_refunded')`);
    expect(told).toEqual([]);
  });
});

async function stripeGet<T>(path: string): Promise<T> {
  const response = await fetch(`${app.standIn.url}${path}`, { headers: { authorization: 'Bearer sk_test_stub' } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const fetchRefund = (id: string) => stripeGet<Obj>(`/v1/refunds/${id}`);
