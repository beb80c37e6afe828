import { gatewayMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { failNextStripeCalls } from '../../../test/stripe/stand-in.ts';
import { stripePos, THREE_DS_CARD } from '../../../test/stripe/pos.ts';
import { useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';
import { GatewayUnavailable } from '../gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/**
 * Issue 40's bad input: Stripe down or slow. The charge (or refund) is refused with a message
 * staff can act on, nothing is recorded as paid, and the retry, under the same idempotency key,
 * charges once.
 */
const app = useStripeWebhookApp('whsec_test_outage');
const { db, elementsMethod, order, complete, atStripe } = stripePos(app);

const paymentsOf = (id: number) =>
  queryRows(db(), sql`select p.status, p.amount::int as amount from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${id}`);
const paidAt = async (id: number) => (await queryRows(db(), sql`select paid_at from contributions where id = ${id}`))[0]?.paid_at;
const intentsMade = () => app.standIn.seen.filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents');

describe('Stripe down or slow', () => {
  it('refuses a point-of-sale charge with a message staff can act on, records nothing, and the retry charges once', async () => {
    const o = await order(2500);
    const body = { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') };
    for (let i = 0; i < 2; i++) {
      failNextStripeCalls(1);
      const refused = await complete(o.id, body);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ message: gatewayMessages.unavailable('Stripe'), code: 'unavailable' });
      expect(refused.headers['retry-after']).toBe('5');
      expect(await paidAt(o.id)).toBeNull();
      expect(await paymentsOf(o.id)).toEqual([]);
    }
    const before = intentsMade().length;
    const paid = await complete(o.id, body);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await paidAt(o.id)).not.toBeNull();
    expect(await paymentsOf(o.id)).toEqual([{ status: 'succeeded', amount: 2500 }]);
    // The refused tries reached no PaymentIntent; the retry made one, under the order's first key.
    const made = intentsMade().slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.headers['idempotency-key']).toBe(intentsMade()[0]!.headers['idempotency-key']);
  });

  it('refuses a refund while Stripe is down and records none; the retry refunds once', async () => {
    const o = await order(3000);
    expect((await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') })).statusCode).toBe(200);
    const refunds = () => queryRows(db(), sql`select r.status, r.amount::int as amount from refunds r join payment_links l on l.payment_id = r.payment_id where l.contribution_id = ${o.id}`);
    failNextStripeCalls(1);
    const refused = await app.admin.post(`/jpanel/contributions/${o.id}/refund`, { refund_type: 'custom', amount: '10' });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ message: gatewayMessages.unavailable('Stripe') });
    expect(await refunds()).toEqual([]);
    const refunded = await app.admin.post(`/jpanel/contributions/${o.id}/refund`, { refund_type: 'custom', amount: '10' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await refunds()).toEqual([{ status: 'succeeded', amount: 1000 }]);
  });

  it('leaves a challenge left behind (the browser closed) for the next try when Stripe is down while settling it', async () => {
    const o = await order(2000);
    const asked = await complete(o.id, { payment_type: 'credit_card', token: await elementsMethod(THREE_DS_CARD) });
    expect(asked.json(), asked.body).toMatchObject({ status: 'authenticate' });
    const intent = (asked.json() as { authenticate: { payment_intent: string } }).authenticate.payment_intent;
    const stored = () => queryRows(db(), sql`select reference from pos_pending_intents where contribution_id = ${o.id}`);
    const another = { payment_type: 'credit_card', token: await elementsMethod('4242424242424242') };
    failNextStripeCalls(1);
    const refused = await complete(o.id, another);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ message: gatewayMessages.unavailable('Stripe') });
    expect(await stored()).toEqual([{ reference: intent }]);
    expect(await paidAt(o.id)).toBeNull();
    // Stripe back: the challenge is let go of at Stripe and the other card pays, once.
    const paid = await complete(o.id, another);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await atStripe(intent)).toMatchObject({ status: 'canceled' });
    expect((await paymentsOf(o.id)).filter((p) => p.status === 'succeeded')).toEqual([{ status: 'succeeded', amount: 2000 }]);
    expect(await stored()).toEqual([]);
  });

  it('answers GatewayUnavailable when Stripe cannot be reached at all, or does not answer in time', async () => {
    // A port that refuses connections: found free, then closed.
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    await expect(createStripeGateway({ secretKey: 'sk_test_stub', baseUrl: `http://127.0.0.1:${closed}` }).fetchPayment('pi_1')).rejects.toBeInstanceOf(GatewayUnavailable);
    // A server that takes the request and never answers: the SDK's timeout.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as { port: number }).port;
      const slow = createStripeGateway({ secretKey: 'sk_test_stub', baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 });
      await expect(slow.fetchPayment('pi_1')).rejects.toMatchObject({ message: gatewayMessages.unavailable('Stripe') });
    } finally {
      silent.close();
    }
  });
});
