import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { makeOrder, makeSupporter, makeVariant } from '../../../modules/pos/pos.complete.fixtures.ts';
import { signCardLink } from '../../../modules/recurring/recurring.card-link.ts';
import { startAppOnStandIn, stopAppOnStandIn, type StandIn } from '../../../test/stripe/app-on-stand-in.ts';
import { Agent, testConfig, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 40 item 2: Stripe chosen by the payment_gateway setting with the keys saved in Settings ›
 * Payment providers (no environment): the point of sale learns Stripe's publishable key, charges
 * the PaymentMethod Stripe Elements made, and refunds it through Stripe; the sandbox comes back
 * when chosen again.
 */
let standIn: StandIn;
let t: TestApp;
let admin: Agent;
const db = () => t.database.db;

beforeAll(async () => {
  ({ standIn, t, admin } = await startAppOnStandIn());
});
afterAll(() => stopAppOnStandIn(standIn));

describe('Stripe chosen in Settings', () => {
  it('takes a point-of-sale card payment by the PaymentMethod id and refunds it through Stripe', async () => {
    await admin.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub', publishable_key: 'pk_test_stub' });
    const chosen = await admin.post('/jpanel/settings', { payment_gateway: 'stripe' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await admin.get('/jpanel/pos/config.json')).json().card_fields).toEqual({ gateway: 'stripe', publishable_key: 'pk_test_stub' });

    const v = await makeVariant(db(), { price: 3000, quantity: 5 });
    const order = await makeOrder(db(), { items: [{ variantId: v.variantId, productId: v.productId, price: 3000, qty: 1 }] });
    const paid = await admin.post(`/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: 'pm_fromElements' });
    expect(paid.statusCode, paid.body).toBe(200);
    const charge = standIn.seen.filter((s) => s.path === '/v1/payment_intents').at(-1);
    expect(new URLSearchParams(charge?.body).get('payment_method')).toBe('pm_fromElements');
    expect(charge?.headers.authorization).toBe('Bearer sk_test_stub');
    const [payment] = await queryRows(db(), sql`select p.id, p.gateway, p.reference_number from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${order.id}`);
    expect(payment).toMatchObject({ gateway: 'stripe', reference_number: expect.stringMatching(/^pi_/) });

    const refunded = await admin.post(`/jpanel/contributions/${order.id}/refund`, { refund_type: 'custom', amount: '10' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(standIn.seen.at(-1)).toMatchObject({ path: '/v1/refunds', headers: { authorization: 'Bearer sk_test_stub' } });
  });

  it('gives the donor’s update-card page Stripe’s publishable key, and keeps the PaymentMethod Elements made', async () => {
    const supporterId = await makeSupporter(db());
    const [p] = await queryRows(db(), sql`
      insert into recurring_payment_profiles (profile_id, status, supporter_id, start_date, billing_period, currency_code, amount, next_billing_date, next_attempt_date)
      values ('RP-STRIPE1', 'Active', ${supporterId}, current_date, 'monthly', 'USD', 2000, current_date + 5, current_date + 5) returning id`);
    const { token } = signCardLink(testConfig.appKey, Number(p?.id));
    const visitor = new Agent(t.app);
    expect((await visitor.get(`/jpanel/api/v1/update-card/${token}`)).json()).toMatchObject({ gateway: 'stripe', publishable_key: 'pk_test_stub' });
    const saved = await visitor.post(`/jpanel/api/v1/update-card/${token}`, { token: 'pm_fromElements' });
    expect(saved.statusCode, saved.body).toBe(200);
    // Kept for renewals: the donor's Stripe customer made once, the method attached to it by a SetupIntent for off-session use.
    const [customer] = await queryRows(db(), sql`select reference from payment_gateway_customers where supporter_id = ${supporterId} and gateway = 'stripe'`);
    expect(customer?.reference).toMatch(/^cus_/);
    const setup = standIn.seen.at(-1);
    expect(setup).toMatchObject({ method: 'POST', path: '/v1/setup_intents' });
    expect(Object.fromEntries(new URLSearchParams(setup?.body))).toMatchObject({ customer: customer?.reference, payment_method: 'pm_fromElements', usage: 'off_session', confirm: 'true' });
    const [method] = await queryRows(db(), sql`select m.gateway, m.gateway_customer from recurring_payment_profiles rp join payment_methods m on m.id = rp.payment_method_id where rp.id = ${p?.id}`);
    expect(method).toEqual({ gateway: 'stripe', gateway_customer: customer?.reference });
  });

  it('is refused with Stripe switched off, and the sandbox’s card page comes back when it is chosen again', async () => {
    await admin.post('/jpanel/settings/payment', { provider: 'stripe', enabled: false });
    const v = await makeVariant(db(), { price: 1000, quantity: 5 });
    const order = await makeOrder(db(), { items: [{ variantId: v.variantId, productId: v.productId, price: 1000, qty: 1 }] });
    const refused = await admin.post(`/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: 'pm_fromElements' });
    expect(refused.statusCode).toBe(422);
    await admin.post('/jpanel/settings', { payment_gateway: 'sandbox' });
    expect((await admin.get('/jpanel/pos/config.json')).json().card_fields).toEqual({ gateway: 'sandbox', publishable_key: null });
  });
});
