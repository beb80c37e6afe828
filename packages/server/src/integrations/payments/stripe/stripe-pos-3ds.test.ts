import { posCompleteMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { confirmPaymentAsDonor, failPaymentAsDonor } from '../../../test/stripe/stand-in.ts';
import { stripePos, THREE_DS_CARD } from '../../../test/stripe/pos.ts';
import { intentAtStripe } from '../../../test/stripe/stripe-js.ts';
import { stripeFixtures, useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';
import { processStripeEvent } from './stripe-webhooks.ts';

/**
 * Issue 40: a card whose bank asks the donor to authenticate (3-D Secure) at the point of sale,
 * as Stripe documents on-session payments: the completion answers the PaymentIntent's
 * client_secret with nothing paid, the screen runs Stripe.js's challenge, and the completion
 * again names the intent, which is recorded once, only if it succeeded.
 */
const SECRET = 'whsec_test_pos_3ds';
const app = useStripeWebhookApp(SECRET);
const { db, elementsMethod, order, complete } = stripePos(app);

const payments = (id: number) =>
  queryRows(db(), sql`select p.status, p.amount::int as amount, p.reference_number, p.card_last4 from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${id} order by p.id`);
const contribution = async (id: number) =>
  (await queryRows(db(), sql`select (paid_at is not null) as paid, payment_status, confirmation_number,
    (select quantity from product_variants v join contribution_items i on i.variant_id = v.id where i.contribution_id = c.id limit 1) as stock
    from contributions c where id = ${id}`))[0];
const paymentIntentPosts = () => app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents').length;

type Challenge = { status: string; message: string; order: { is_paid: boolean }; authenticate: { client_secret: string; payment_intent: string } };

/** Completes with the 3-D Secure card: Stripe leaves the intent waiting, and the answer is its challenge. */
async function challenged(id: number) {
  const body = { payment_type: 'credit_card', token: await elementsMethod(THREE_DS_CARD) };
  const answered = await complete(id, body);
  expect(answered.statusCode, answered.body).toBe(200);
  const challenge = answered.json() as Challenge;
  expect(challenge).toMatchObject({ status: 'authenticate', message: posCompleteMessages.authenticate, order: { is_paid: false } });
  expect(challenge.authenticate.client_secret).toBe(`${challenge.authenticate.payment_intent}_secret_stub`);
  return { body, intent: challenge.authenticate.payment_intent };
}

describe('a 3-D Secure card at the point of sale (Stripe)', () => {
  it('answers the challenge with nothing paid, then records the authenticated payment once, however often completed or told by Stripe', async () => {
    const o = await order();
    const { body, intent } = await challenged(o.id);
    expect(await payments(o.id)).toEqual([]);
    expect(await contribution(o.id)).toMatchObject({ paid: false, payment_status: null, stock: 5 });

    confirmPaymentAsDonor(intent);
    const charged = paymentIntentPosts();
    const paid = await complete(o.id, { ...body, payment_intent: intent });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'success', order: { is_paid: true }, payment: { payment_type: 'card', payment_status: 'succeeded' } });
    const recorded = [{ status: 'succeeded', amount: 2500, reference_number: intent, card_last4: '3184' }];
    expect(await payments(o.id)).toEqual(recorded);
    expect(await contribution(o.id)).toMatchObject({ paid: true, payment_status: 'succeeded', confirmation_number: intent, stock: 4 });

    // Completed again (a double click, a retry), with or without the intent: the same answer, nothing more.
    expect((await complete(o.id, { ...body, payment_intent: intent })).json()).toMatchObject({ status: 'success' });
    expect((await complete(o.id, body)).json()).toMatchObject({ status: 'success' });
    expect(paymentIntentPosts()).toBe(charged);
    // Stripe tells it too: payment_intent.succeeded finds the payment recorded and adds nothing.
    const event = { ...stripeFixtures.event, id: `evt_pos_3ds_${intent}`, type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { ...stripeFixtures.payment_intent, id: intent, status: 'succeeded', amount: 2500, currency: 'usd', latest_charge: null } } };
    expect((await app.send(event)).statusCode).toBe(200);
    await processStripeEvent(app.t.database, event.id, { lastTry: false });
    expect(await payments(o.id)).toEqual(recorded);
    expect(await contribution(o.id)).toMatchObject({ stock: 4 });
  });

  it('refuses a failed or cancelled challenge in the catalogue’s words, records the attempt once, and takes another card', async () => {
    const o = await order();
    const { body, intent } = await challenged(o.id);
    failPaymentAsDonor(intent);
    for (let i = 0; i < 2; i++) {
      const refused = await complete(o.id, { ...body, payment_intent: intent });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ status: 'error', message: posCompleteMessages.notAuthenticated, order: { is_paid: false } });
    }
    expect(await payments(o.id)).toMatchObject([{ status: 'failed', reference_number: intent }]);
    expect(await contribution(o.id)).toMatchObject({ paid: false, stock: 5 });

    // The cashier tries another card: a new attempt (a new idempotency key), charged and paid.
    const paid = await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await payments(o.id)).toMatchObject([{ status: 'failed' }, { status: 'succeeded', amount: 2500 }]);
  });

  it('keeps the challenge while the donor has not finished it, and refuses another order’s payment', async () => {
    const o = await order();
    const { body, intent } = await challenged(o.id);
    const waiting = await complete(o.id, { ...body, payment_intent: intent });
    expect(waiting.json()).toMatchObject({ status: 'authenticate', authenticate: { payment_intent: intent } });

    const other = await order(2500);
    const refused = await complete(other.id, { ...body, payment_intent: intent });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ message: posCompleteMessages.notThisPayment });
    expect(await payments(other.id)).toEqual([]);
  });

  it('knows the order’s payment by the order id in its Stripe metadata, not by its description', async () => {
    const o = await order();
    const { intent } = await challenged(o.id);
    const created = app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents').at(-1);
    const form = new URLSearchParams(created?.body);
    expect(form.get('metadata[almoner_contribution_id]')).toBe(String(o.id));
    expect(form.get('description')).toBe(`Payment for Contribution #${o.clientUuid}`);
    const read = await intentAtStripe(app.standIn.url, intent);
    expect(read).toMatchObject({ metadata: { almoner_contribution_id: String(o.id) } });

    // An intent made elsewhere with this order's description, amount and currency, and its donor's challenge passed: not this order's.
    const lookalike = new URLSearchParams({ amount: '2500', currency: 'usd', description: `Payment for Contribution #${o.clientUuid}`, confirm: 'true', payment_method: await elementsMethod(THREE_DS_CARD) });
    const made = (await (await fetch(`${app.standIn.url}/v1/payment_intents`, { method: 'POST', body: lookalike, headers: { authorization: 'Bearer sk_test_stub' } })).json()) as { id: string };
    confirmPaymentAsDonor(made.id);
    const refused = await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod(THREE_DS_CARD), payment_intent: made.id });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ message: posCompleteMessages.notThisPayment });
    expect(await payments(o.id)).toEqual([]);
  });
});
