import { gatewayMessages, type PosCompleteInput } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { makeSupporter } from '../../../modules/pos/pos.complete.fixtures.ts';
import { confirmPaymentAsDonor, confirmSetUpAsDonor, failSetUpAsDonor } from '../../../test/stripe/stand-in.ts';
import { stripePos, THREE_DS_CARD } from '../../../test/stripe/pos.ts';
import { useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';

/**
 * Issue 40: a card saved for the supporter at the point of sale whose bank asks the donor to
 * confirm it at its set-up (a SetupIntent in requires_action): the completion answers the
 * challenge with nothing saved or charged, and the completion naming the set-up keeps the card
 * (and charges it) only if the bank confirmed it. A failed or abandoned set-up keeps nothing.
 */
const app = useStripeWebhookApp('whsec_test_pos_saved_setup');
const { db, elementsMethod, order, complete } = stripePos(app);
const SETUP_CHALLENGE = 'pm_card_authenticationRequiredOnSetup';

async function supportersOrder() {
  const supporterId = await makeSupporter(db());
  return { supporterId, id: (await order(2500, supporterId)).id };
}

const methods = (supporterId: number) =>
  queryRows(db(), sql`select id, gateway, gateway_customer, status from payment_methods where supporter_id = ${supporterId} order by id`);
const payments = (id: number) =>
  queryRows(db(), sql`select p.status, p.amount::int as amount, p.payment_method_id from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${id} order by p.id`);
const isPaid = async (id: number) => (await queryRows(db(), sql`select paid_at is not null as paid from contributions where id = ${id}`))[0]?.paid;
const chargesAsked = () => app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents');

type Challenge = { client_secret: string; payment_intent: string | null; setup_intent: string | null };
async function challengeOf(id: number, body: PosCompleteInput): Promise<Challenge> {
  const answered = await complete(id, body);
  expect(answered.statusCode, answered.body).toBe(200);
  expect(answered.json()).toMatchObject({ status: 'authenticate', order: { is_paid: false } });
  return (answered.json() as { authenticate: Challenge }).authenticate;
}

describe('a card saved at the point of sale whose bank asks at its set-up (Stripe)', () => {
  it('answers the set-up’s challenge with nothing saved or charged, then keeps the confirmed card once and charges it', async () => {
    const o = await supportersOrder();
    const body: PosCompleteInput = { payment_type: 'credit_card', token: SETUP_CHALLENGE, save_payment_method: true };
    const before = chargesAsked().length;
    const challenge = await challengeOf(o.id, body);
    expect(challenge).toEqual({ client_secret: expect.stringContaining('_secret_'), payment_intent: null, setup_intent: expect.stringMatching(/^seti_/) });
    expect(await methods(o.supporterId)).toEqual([]);
    expect(chargesAsked().length).toBe(before);

    // Named before the donor confirmed it: refused, nothing kept.
    const early = await complete(o.id, { ...body, setup_intent: challenge.setup_intent });
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json()).toMatchObject({ message: gatewayMessages.notAuthenticated });
    expect(await methods(o.supporterId)).toEqual([]);

    confirmSetUpAsDonor(String(challenge.setup_intent));
    for (let i = 0; i < 2; i++) {
      const paid = await complete(o.id, { ...body, setup_intent: challenge.setup_intent });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'success' });
    }
    const kept = await methods(o.supporterId);
    expect(kept).toEqual([{ id: expect.any(Number), gateway: 'stripe', gateway_customer: expect.stringMatching(/^cus_/), status: 'ACTIVE' }]);
    expect(await payments(o.id)).toEqual([{ status: 'succeeded', amount: 2500, payment_method_id: kept[0]!.id }]);
    const charges = chargesAsked().slice(before);
    expect(charges).toHaveLength(1);
    expect(new URLSearchParams(charges[0]!.body).get('customer')).toBe(kept[0]!.gateway_customer);
  });

  it('keeps nothing of a set-up the bank refused or the cashier gave up on, and saves the next card', async () => {
    const o = await supportersOrder();
    const body: PosCompleteInput = { payment_type: 'credit_card', token: SETUP_CHALLENGE, save_payment_method: true };
    const failed = await challengeOf(o.id, body);
    failSetUpAsDonor(String(failed.setup_intent));
    const refused = await complete(o.id, { ...body, setup_intent: failed.setup_intent });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ message: gatewayMessages.notAuthenticated });
    // Given up on: the dialog closed on a second challenge, never confirmed.
    await challengeOf(o.id, body);
    expect(await methods(o.supporterId)).toEqual([]);
    expect(await isPaid(o.id)).toBe(false);

    const other = await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242'), save_payment_method: true });
    expect(other.statusCode, other.body).toBe(200);
    const kept = await methods(o.supporterId);
    expect(kept).toHaveLength(1);
    expect(await payments(o.id)).toEqual([{ status: 'succeeded', amount: 2500, payment_method_id: kept[0]!.id }]);
  });

  it('takes the payment’s own challenge after the set-up’s, and keeps the card once both are confirmed', async () => {
    const o = await supportersOrder();
    const body: PosCompleteInput = { payment_type: 'credit_card', token: await elementsMethod(THREE_DS_CARD), save_payment_method: true };
    const setUp = await challengeOf(o.id, body);
    expect(setUp.setup_intent).toMatch(/^seti_/);
    confirmSetUpAsDonor(String(setUp.setup_intent));
    const payment = await challengeOf(o.id, { ...body, setup_intent: setUp.setup_intent });
    expect(payment).toMatchObject({ payment_intent: expect.stringMatching(/^pi_/), setup_intent: null });
    expect(await methods(o.supporterId)).toEqual([]);

    confirmPaymentAsDonor(String(payment.payment_intent));
    const paid = await complete(o.id, { ...body, setup_intent: setUp.setup_intent, payment_intent: payment.payment_intent });
    expect(paid.statusCode, paid.body).toBe(200);
    const kept = await methods(o.supporterId);
    expect(kept).toHaveLength(1);
    expect(await payments(o.id)).toEqual([{ status: 'succeeded', amount: 2500, payment_method_id: kept[0]!.id }]);
  });
});
