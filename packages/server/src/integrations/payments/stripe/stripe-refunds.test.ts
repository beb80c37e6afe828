import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { makeOrder, makeVariant } from '../../../modules/pos/pos.complete.fixtures.ts';
import { startStripeStandIn } from '../../../test/stripe/stand-in.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 40 item 3: a payment taken through Stripe is refunded and refreshed through Stripe,
 * whatever gateway is chosen now (both answered "no gateway" before). Against the stand-in.
 */
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
let admin: Agent;
const db = () => t.database.db;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ stripe: { secretKey: 'sk_test_stub', baseUrl: standIn.url } });
  admin = (await signedIn(t)).agent;
});
afterAll(() => standIn.close());

describe('a Stripe payment', () => {
  it('is refunded in part through Stripe under Almoner\'s idempotency key, and its status refreshed from Stripe', async () => {
    const v = await makeVariant(db(), { price: 4000, quantity: 5 });
    const order = await makeOrder(db(), { items: [{ variantId: v.variantId, productId: v.productId, price: 4000, qty: 1 }] });
    const paid = await admin.post(`/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: 'tok_visa' });
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = await queryRows(db(), sql`select p.id, p.gateway, p.reference_number, p.gateway_fee_amount::int as fee from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${order.id}`);
    expect(payment).toMatchObject({ gateway: 'stripe', reference_number: expect.stringMatching(/^pi_/), fee: Math.round(4000 * 0.029) + 30 });

    const refunded = await admin.post(`/jpanel/contributions/${order.id}/refund`, { refund_type: 'custom', amount: '15' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const call = standIn.seen.filter((s) => s.path === '/v1/refunds').at(-1);
    expect(new URLSearchParams(call?.body)).toMatchObject(new URLSearchParams({ payment_intent: String(payment?.reference_number), amount: '1500', reason: 'requested_by_customer' }));
    expect(call?.headers['idempotency-key']).toMatch(/^refund:/);
    const [refund] = await queryRows(db(), sql`select status, reference_number, amount::int as amount from refunds where payment_id = ${Number(payment?.id)}`);
    expect(refund).toMatchObject({ status: 'succeeded', reference_number: expect.stringMatching(/^re_/), amount: 1500 });

    const refreshed = await admin.post(`/jpanel/transactions/${Number(payment?.id)}/refresh-payment-status`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(standIn.seen.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${String(payment?.reference_number)}` });
  });
});
