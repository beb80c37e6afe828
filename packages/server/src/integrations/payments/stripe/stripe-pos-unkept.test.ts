import { posCompleteMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { confirmPaymentAsDonor, failPaymentAsDonor, holdStripeAnswers, refundInStripeDashboard } from '../../../test/stripe/stand-in.ts';
import { stripePos, THREE_DS_CARD } from '../../../test/stripe/pos.ts';
import { useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';

/**
 * Issue 40: a 3-D Secure PaymentIntent the point of sale does not keep is never left open at
 * Stripe. A failed challenge, or the payment dialog closed during one, cancels it; one that is
 * this order's but not for its amount or currency is refused and cancelled, or refunded in full
 * when it already took the money (the refund recorded only if Stripe made it).
 */
const app = useStripeWebhookApp('whsec_test_pos_unkept');
const { db, elementsMethod, order, complete, abandon, atStripe } = stripePos(app);

const payments = (id: number) =>
  queryRows(db(), sql`select p.status, p.amount::int as amount, p.reference_number, (p.cancelled_at is not null) as cancelled,
      (select coalesce(sum(r.amount), 0)::int from refunds r where r.payment_id = p.id and r.status = 'succeeded') as refunded
    from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${id} order by p.id`);
const isPaid = async (id: number) => (await queryRows(db(), sql`select paid_at is not null as paid from contributions where id = ${id}`))[0]?.paid;
const stripeRefunds = (intent: string) => app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/refunds' && new URLSearchParams(s.body).get('payment_intent') === intent);

async function challenged(id: number) {
  const body = { payment_type: 'credit_card', token: await elementsMethod(THREE_DS_CARD) };
  const answered = await complete(id, body);
  expect(answered.json(), answered.body).toMatchObject({ status: 'authenticate' });
  return { body, intent: (answered.json() as { authenticate: { payment_intent: string } }).authenticate.payment_intent };
}

/** The sale changes while the donor's bank asks: its one item now costs `price`. */
async function repriced(id: number, price: number) {
  await db().execute(sql`update contribution_items set price = ${price}, original_price = ${price}, total = ${price} where contribution_id = ${id}`);
  await db().execute(sql`update contributions set subtotal_amount = ${price}, total_amount = ${price}, functional_total_amount = ${price} where id = ${id}`);
}

describe('3-D Secure intents the point of sale does not keep (Stripe)', () => {
  it('cancels the intent of a failed challenge at Stripe, once, and takes another card', async () => {
    const o = await order();
    const { body, intent } = await challenged(o.id);
    failPaymentAsDonor(intent);
    expect((await complete(o.id, { ...body, payment_intent: intent })).statusCode).toBe(422);
    expect(await atStripe(intent)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await payments(o.id)).toMatchObject([{ status: 'failed', reference_number: intent, cancelled: true }]);

    expect((await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') })).statusCode).toBe(200);
    expect(app.standIn.seen.filter((s) => s.path === `/v1/payment_intents/${intent}/cancel`)).toHaveLength(1);
  });

  it('cancels at Stripe a challenge abandoned when the dialog closes, and the next card gets a key of its own', async () => {
    const o = await order();
    const { intent } = await challenged(o.id);
    for (let i = 0; i < 2; i++) {
      const answered = await abandon(o.id, intent);
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json()).toMatchObject({ status: 'success', message: posCompleteMessages.notKept('abandoned', 'cancelled'), order: { is_paid: false } });
    }
    expect(await atStripe(intent)).toMatchObject({ status: 'canceled' });
    expect(() => confirmPaymentAsDonor(intent)).toThrow();
    expect(await payments(o.id)).toMatchObject([{ status: 'failed', reference_number: intent, cancelled: true }]);

    const paid = await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await payments(o.id)).toMatchObject([{ status: 'failed' }, { status: 'succeeded', amount: 2500 }]);
  });

  it('refunds in full an abandoned intent the donor completed meanwhile, and refuses another order’s or the sale’s own', async () => {
    const o = await order();
    const { body, intent } = await challenged(o.id);
    const other = await order();
    const refused = await abandon(other.id, intent);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ message: posCompleteMessages.notThisPayment });
    expect(await atStripe(intent)).toMatchObject({ status: 'requires_action' });

    confirmPaymentAsDonor(intent);
    const answered = await abandon(o.id, intent);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ message: posCompleteMessages.notKept('abandoned', 'refunded'), order: { is_paid: false } });
    expect(stripeRefunds(intent).map((s) => new URLSearchParams(s.body).get('amount'))).toEqual(['2500']);
    expect(await payments(o.id)).toEqual([{ status: 'succeeded', amount: 2500, reference_number: intent, cancelled: false, refunded: 2500 }]);
    expect(await isPaid(o.id)).toBe(false);
    // Completing with it now is refused: it was given back.
    expect((await complete(o.id, { ...body, payment_intent: intent })).statusCode).toBe(422);

    const sold = await order();
    const second = await challenged(sold.id);
    confirmPaymentAsDonor(second.intent);
    expect((await complete(sold.id, { ...second.body, payment_intent: second.intent })).statusCode).toBe(200);
    const paidWith = await abandon(sold.id, second.intent);
    expect(paidWith.statusCode, paidWith.body).toBe(409);
    expect(paidWith.json()).toMatchObject({ message: posCompleteMessages.paidWithThisPayment });
    expect(stripeRefunds(second.intent)).toEqual([]);
  });

  it('refuses an intent whose amount is no longer the sale’s: cancelled while waiting, refunded in full once taken', async () => {
    const waiting = await order();
    const first = await challenged(waiting.id);
    await repriced(waiting.id, 3000);
    const refused = await complete(waiting.id, { ...first.body, payment_intent: first.intent });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ message: posCompleteMessages.notKept('mismatch', 'cancelled') });
    expect(await atStripe(first.intent)).toMatchObject({ status: 'canceled' });
    expect(await payments(waiting.id)).toMatchObject([{ status: 'failed', cancelled: true }]);

    const taken = await order();
    const second = await challenged(taken.id);
    confirmPaymentAsDonor(second.intent);
    await repriced(taken.id, 3000);
    const answered = await complete(taken.id, { ...second.body, payment_intent: second.intent });
    expect(answered.statusCode, answered.body).toBe(422);
    expect(answered.json()).toMatchObject({ message: posCompleteMessages.notKept('mismatch', 'refunded'), order: { is_paid: false } });
    // Completed again with it: given back already, so refused, and not refunded twice.
    const repeat = await complete(taken.id, { ...second.body, payment_intent: second.intent });
    expect(repeat.statusCode, repeat.body).toBe(422);
    expect(repeat.json()).toMatchObject({ message: posCompleteMessages.givenBack });
    expect(await payments(taken.id)).toEqual([{ status: 'succeeded', amount: 2500, reference_number: second.intent, cancelled: false, refunded: 2500 }]);
    expect(stripeRefunds(second.intent)).toHaveLength(1);

    // The sale at its new price, with another card: a key of its own, charged and paid.
    const paid = await complete(taken.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await payments(taken.id)).toMatchObject([{ status: 'succeeded', refunded: 2500 }, { status: 'succeeded', amount: 3000, refunded: 0 }]);
    // The $25 given back was never the sale's: the sale is paid in full and not refunded, in its
    // figures, its history and its events (one derivation: refunds.derive.ts).
    const [sale] = await queryRows(db(), sql`select refunded_amount::int as refunded, total_amount::int as total from contributions where id = ${taken.id}`);
    expect(sale).toEqual({ refunded: 0, total: 3000 });
    const history = await queryRows(db(), sql`select event from contribution_status_history where contribution_id = ${taken.id} order by id`);
    expect(history.map((h) => h.event)).not.toContain('partially_refunded');
    const refundEvents = await queryRows(db(), sql`select 1 from domain_events where type = 'contribution.refunded' and (payload->>'contribution_id')::int = ${taken.id}`);
    expect(refundEvents).toEqual([]);
  });

  it('records no refund Stripe did not make', async () => {
    const o = await order();
    const { body, intent } = await challenged(o.id);
    confirmPaymentAsDonor(intent);
    await repriced(o.id, 3000);
    // Given back in Stripe's dashboard just after Almoner read the intent: Stripe refuses Almoner's refund of it.
    holdStripeAnswers((call) => {
      if (call.method !== 'GET' || call.path !== `/v1/payment_intents/${intent}`) return;
      holdStripeAnswers(null);
      refundInStripeDashboard(intent, 2500);
    });
    const answered = await complete(o.id, { ...body, payment_intent: intent }).finally(() => holdStripeAnswers(null));
    expect(stripeRefunds(intent)).toHaveLength(1);
    expect(answered.statusCode, answered.body).toBe(422);
    expect(answered.json()).toMatchObject({ message: posCompleteMessages.notKept('mismatch', 'not_refunded') });
    expect(await payments(o.id)).toEqual([{ status: 'succeeded', amount: 2500, reference_number: intent, cancelled: false, refunded: 0 }]);
    expect(await isPaid(o.id)).toBe(false);
  });
});
