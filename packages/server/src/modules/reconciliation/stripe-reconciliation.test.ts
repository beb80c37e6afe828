import { reconciliationMessages, type Reconciliation } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { addStripeBalanceTransaction, refundInStripeDashboard, startStripeStandIn } from '../../test/stripe/stand-in.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { makeOrder, makeVariant } from '../pos/pos.complete.fixtures.ts';

/**
 * Issue 40 item 7: with Stripe chosen, Reports › Reconciliation reads Stripe's balance
 * transactions (every page, the stand-in answering Stripe's own balance_transaction objects) as
 * the gateway's side, the way it reads the sandbox's ledger: per day and currency gross, refunds,
 * fees and net on each side, and every pair they disagree on as a row.
 */
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
let admin: Agent;
const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ stripe: { secretKey: 'sk_test_stub', baseUrl: standIn.url } });
  admin = (await signedIn(t)).agent;
  expect((await admin.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub', publishable_key: 'pk_test_stub' })).statusCode).toBe(200);
  const chosen = await admin.post('/jpanel/settings', { payment_gateway: 'stripe' });
  expect(chosen.statusCode, chosen.body).toBe(200);
});
afterAll(() => standIn.close());

/** A card sale at the point of sale through Stripe: its contribution, payment and PaymentIntent. */
async function sale(price: number) {
  const v = await makeVariant(db(), { price, quantity: 5 });
  const order = await makeOrder(db(), { items: [{ variantId: v.variantId, productId: v.productId, price, qty: 1 }] });
  const paid = await admin.post(`/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: 'tok_visa' });
  expect(paid.statusCode, paid.body).toBe(200);
  const payment = await one(sql`select p.id, p.reference_number, p.gateway_fee_amount::int as fee from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${order.id}`);
  return { contributionId: order.id, paymentId: Number(payment.id), intent: String(payment.reference_number), fee: Number(payment.fee) };
}

/** The last 30 days to today, by the app's clock (the report's default range). */
async function reconcile(): Promise<Reconciliation> {
  const response = await admin.get('/jpanel/reports/reconciliation.json');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Reconciliation;
}

/** A side's figures summed over the range, in cents (one currency). */
const cents = (r: Reconciliation, side: 'almoner' | 'gateway', figure: 'gross' | 'refunds' | 'fees' | 'net') =>
  Math.round(r.days.filter((d) => d.currency === 'USD').reduce((sum, d) => sum + d[side][figure] * 100, 0));

describe('reconciliation with Stripe chosen', () => {
  it('agrees with Stripe\'s balance transactions to the cent, then shows exactly the refund made behind the app\'s back', async () => {
    const a = await sale(5000);
    const b = await sale(4000);
    expect((await admin.post(`/jpanel/contributions/${b.contributionId}/refund`, { refund_type: 'custom', amount: '15' })).statusCode).toBe(200);
    // Stripe's account also moves money that is no payment's (its own fees, a payout): not Almoner's to match.
    addStripeBalanceTransaction({ id: 'txn_stripe_fee_1', type: 'stripe_fee', reporting_category: 'fee', amount: -200, fee: 0, net: -200, source: null, currency: 'usd' });

    const agreed = await reconcile();
    expect(agreed.gateway).toBe('stripe');
    expect(agreed.differences).toEqual([]);
    const fees = a.fee + b.fee;
    expect(fees).toBe(Math.round(5000 * 0.029) + 30 + Math.round(4000 * 0.029) + 30);
    for (const side of ['almoner', 'gateway'] as const) {
      expect({ gross: cents(agreed, side, 'gross'), refunds: cents(agreed, side, 'refunds'), fees: cents(agreed, side, 'fees'), net: cents(agreed, side, 'net') }, side).toEqual({
        gross: 9000,
        refunds: 1500,
        fees,
        net: 9000 - 1500 - fees,
      });
    }
    expect(standIn.seen.some((c) => c.method === 'GET' && c.path === '/v1/balance_transactions')).toBe(true);

    // $7 given back in Stripe's dashboard, its event never delivered: Stripe's side has it, Almoner's does not.
    const { refund } = refundInStripeDashboard(a.intent, 700);
    const behind = await reconcile();
    expect(behind.differences).toEqual([
      expect.objectContaining({ kind: 'refund', reason: reconciliationMessages.notInAlmoner, reference: String(refund.id), currency: 'USD', almoner_amount: null, gateway_amount: 7, payment_id: a.paymentId, url: `/jpanel/contributions/${a.contributionId}` }),
    ]);
    expect(cents(behind, 'gateway', 'refunds') - cents(behind, 'almoner', 'refunds')).toBe(700);
    expect(behind.days.reduce((n, d) => n + d.differences, 0)).toBe(1);
  });

  it('reads every page of Stripe\'s balance transactions', async () => {
    for (let i = 0; i < 120; i += 1) addStripeBalanceTransaction({ id: `txn_payout_${i}`, type: 'payout', reporting_category: 'payout', amount: -100, fee: 0, net: -100, source: `po_${i}`, currency: 'usd' });
    const before = standIn.seen.length;
    const r = await reconcile();
    const pages = standIn.seen.slice(before).filter((c) => c.method === 'GET' && c.path === '/v1/balance_transactions');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // The same single difference as before: payouts are not payments.
    expect(r.differences).toHaveLength(1);
  });

  it('says Stripe could not be read when it cannot be reached, rather than a bare error', async () => {
    const down = await createTestApp({ stripe: { secretKey: 'sk_test_stub', baseUrl: 'http://127.0.0.1:9' } });
    const staff = (await signedIn(down)).agent;
    expect((await staff.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub', publishable_key: 'pk_test_stub' })).statusCode).toBe(200);
    expect((await staff.post('/jpanel/settings', { payment_gateway: 'stripe' })).statusCode).toBe(200);
    const response = await staff.get('/jpanel/reports/reconciliation.json');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^Stripe's balance transactions could not be read: /) });
  });
});
