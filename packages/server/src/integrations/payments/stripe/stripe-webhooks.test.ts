import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { makeOrder, makeSupporter, makeVariant } from '../../../modules/pos/pos.complete.fixtures.ts';
import { refundInStripeDashboard } from '../../../test/stripe/stand-in.ts';
import { stripePos } from '../../../test/stripe/pos.ts';
import { stripeFixtures as fixtures, type StripeObject as Obj, useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';
import { createTestApp, signedIn } from '../../../test/test-app.ts';
import { processStripeEvent, verifyStripeEvent } from './stripe-webhooks.ts';

/**
 * Issue 40 item 4: Stripe's events at POST /webhooks/stripe, signed as Stripe signs them (the
 * SDK's test header), with every object built on Stripe's own example (fixtures3.json).
 */
const like = (resource: string, values: Obj): Obj => ({ ...structuredClone(fixtures[resource]), ...values });
const SECRET = 'whsec_test_almoner';

const app = useStripeWebhookApp(SECRET);
const db = () => app.t.database.db;
const send = app.send;
let sequence = 0;

/** A Stripe event around `object`, as Stripe sends it (the fixture event with this case's values). */
function eventOf(type: string, object: Obj, values: Obj = {}): Obj {
  sequence += 1;
  return like('event', { id: `evt_test_${Date.now()}_${sequence}`, type, created: Math.floor(Date.now() / 1000), api_version: '2026-11-18', data: { object }, ...values });
}

const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};
const jobsFor = async (eventId: string) =>
  Number((await one(sql`select count(*)::int as n from pgboss.job where name = 'stripe_event' and data->>'event_id' = ${eventId}`)).n);

/** Sends the event, checks it was queued once, and runs its job as a worker would. */
async function deliver(event: Obj) {
  const response = await send(event);
  expect(response.statusCode, response.body).toBe(200);
  expect(await jobsFor(String(event.id))).toBe(1);
  await processStripeEvent(app.t.database, String(event.id), { lastTry: false });
  return response.json() as { received: true; duplicate: boolean };
}

/** A point-of-sale sale paid through Stripe (the stand-in): its contribution, payment and PaymentIntent. */
async function sale(kind: 'card' | 'bank', price = 4000) {
  const supporterId = await makeSupporter(db());
  const v = await makeVariant(db(), { price, quantity: 5, receiptable: true });
  const order = await makeOrder(db(), { supporterId, items: [{ variantId: v.variantId, productId: v.productId, price, qty: 1 }] });
  // A bank account is typed into Stripe's own fields: Stripe.js makes its method, and only that reaches Almoner.
  const body =
    kind === 'card'
      ? { payment_type: 'credit_card', token: 'tok_visa' }
      : { payment_type: 'bank_account', token: String((await stripePos(app).bankMethod()).id), account_holder_type: 'personal', ach_agree_tos: true };
  const paid = await app.admin.post(`/jpanel/pos/${order.id}/complete`, body);
  expect(paid.statusCode, paid.body).toBe(200);
  const payment = await one(sql`select p.id, p.reference_number from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${order.id}`);
  return { contributionId: order.id, paymentId: Number(payment.id), intent: String(payment.reference_number) };
}

const stateOf = (s: { contributionId: number; paymentId: number }) =>
  one(sql`select p.status as payment, c.payment_status, c.status, (c.paid_at is not null) as paid,
                 p.amount_refunded::int as refunded, c.refunded_amount::int as contribution_refunded,
                 (select count(*)::int from refunds r where r.payment_id = p.id) as refunds,
                 (select count(*)::int from contribution_status_history h where h.contribution_id = c.id) as history
            from payments p, contributions c where p.id = ${s.paymentId} and c.id = ${s.contributionId}`);

const intent = (id: string, status: string, values: Obj = {}) =>
  like('payment_intent', { id, status, amount: 4000, currency: 'usd', payment_method_types: ['us_bank_account'], last_payment_error: null, latest_charge: null, ...values });

describe('POST /webhooks/stripe', () => {
  it('refuses a bad signature, a stale one, a missing one and a signed non-event with 400, storing nothing', async () => {
    const event = eventOf('payment_intent.succeeded', intent('pi_nobody', 'succeeded'));
    const bad = await send(event, { secret: 'whsec_someone_else' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/does not match/) });
    const stale = await send(event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/more than 5 minutes/);
    const unsigned = await app.t.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(400);
    const garbage = 'not json at all';
    const signedGarbage = await app.t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'text/plain', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: garbage, secret: SECRET }) },
      payload: garbage,
    });
    expect(signedGarbage.statusCode).toBe(400);
    const notEvent = JSON.stringify({ hello: 'world' });
    const signedNotEvent = await app.t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: notEvent, secret: SECRET }) },
      payload: notEvent,
    });
    expect(signedNotEvent.statusCode).toBe(400);
    expect(signedNotEvent.json().message).toMatch(/not a Stripe event/);
    expect(await one(sql`select count(*)::int as n from stripe_events where id = ${String(event.id)}`)).toEqual({ n: 0 });
    expect(await jobsFor(String(event.id))).toBe(0);
  });

  it('answers 400, never 500, whatever body or content type a caller sends', async () => {
    const bodies: { headers: Record<string, string>; payload?: string }[] = [
      { headers: {} },
      { headers: { 'content-type': 'application/json' }, payload: '{' },
      { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded', 'stripe-signature': 't=1,v1=00' }, payload: 'a=1' },
      { headers: { 'content-type': 'application/json', 'stripe-signature': 'garbage' }, payload: '{"id":"evt_1"}' },
    ];
    for (const body of bodies) {
      const response = await app.t.app.inject({ method: 'POST', url: '/webhooks/stripe', ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    }
  });

  it('refuses every event while no signing secret is configured', () => {
    const payload = JSON.stringify(eventOf('payment_intent.succeeded', intent('pi_x', 'succeeded')));
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(verifyStripeEvent(Buffer.from(payload), header, null)).toMatchObject({ ok: false, message: expect.stringMatching(/ALMONER_STRIPE_WEBHOOK_SECRET/) });
    expect(verifyStripeEvent(Buffer.from(payload), header, SECRET)).toMatchObject({ ok: true });
  });

  it('stores an unknown type once, answers 200 and marks it processed; a replay answers 200 and queues nothing more', async () => {
    const event = eventOf('customer.created', like('payment_method', {}));
    expect(await deliver(event)).toEqual({ received: true, duplicate: false });
    expect(await one(sql`select type, processed_at is not null as processed, error from stripe_events where id = ${String(event.id)}`)).toEqual({ type: 'customer.created', processed: true, error: null });
    const again = await send(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await jobsFor(String(event.id))).toBe(1);
    expect(await processStripeEvent(app.t.database, String(event.id), { lastTry: false })).toBe('already_processed');
  });
});

describe('the signing secret saved in Settings', () => {
  it('checks events with the secret saved in Settings › Payment providers when the environment sets none', async () => {
    const other = await createTestApp({ stripe: { secretKey: 'sk_test_stub', baseUrl: app.standIn.url } });
    const staff = (await signedIn(other)).agent;
    const event = eventOf('customer.created', like('payment_method', {}));
    const post = (secret: string) =>
      other.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret }) },
        payload: JSON.stringify(event),
      });
    expect((await post('whsec_savedInSettings1234')).json().message).toMatch(/no webhook signing secret/);
    const saved = await staff.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub', webhook_secret: 'whsec_savedInSettings1234' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post('whsec_someoneElse5678')).statusCode).toBe(400);
    expect((await post('whsec_savedInSettings1234')).json()).toEqual({ received: true, duplicate: false });
  });
});

describe('an ACH debit settling or failing days later', () => {
  it('payment_intent.succeeded settles the payment and its contribution, once; late or repeated events change nothing more', async () => {
    const s = await sale('bank');
    expect(await stateOf(s)).toMatchObject({ payment: 'pending', payment_status: 'pending', status: 'pending' });
    const processing = eventOf('payment_intent.processing', intent(s.intent, 'processing'), { created: Math.floor(Date.now() / 1000) - 60 });
    await deliver(processing);
    const before = await stateOf(s);
    expect(before).toMatchObject({ payment: 'pending' });

    const settled = eventOf('payment_intent.succeeded', intent(s.intent, 'succeeded', { amount_received: 4000 }));
    await deliver(settled);
    const after = await stateOf(s);
    expect(after).toMatchObject({ payment: 'succeeded', payment_status: 'succeeded', paid: true, status: 'paid', history: Number(before.history) + 1 });
    const paidEvents = () => one(sql`select count(*)::int as n from domain_events where type = 'contribution.paid' and (payload->>'contribution_id')::int = ${s.contributionId}`);
    const paidAfter = await paidEvents();
    // Paid once: the sale of a debit still settling recorded no contribution.paid, the settlement one.
    expect(paidAfter).toEqual({ n: 1 });

    // The same event again (Stripe retries), the processing event delivered late, a failure after settling.
    expect((await send(settled)).json()).toEqual({ received: true, duplicate: true });
    await deliver(eventOf('payment_intent.processing', intent(s.intent, 'processing')));
    await deliver(eventOf('payment_intent.payment_failed', intent(s.intent, 'requires_payment_method', { last_payment_error: { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: 'The bank declined.' } })));
    expect(await stateOf(s)).toEqual(after);
    expect(await paidEvents()).toEqual(paidAfter);
  });

  it('payment_intent.payment_failed fails the payment and its contribution with Stripe\'s reason', async () => {
    const s = await sale('bank');
    const error = { type: 'invalid_request_error', code: 'payment_method_provider_decline', decline_code: 'insufficient_funds', message: 'The customer\'s account has insufficient funds.' };
    await deliver(eventOf('payment_intent.payment_failed', intent(s.intent, 'requires_payment_method', { last_payment_error: error })));
    expect(await stateOf(s)).toMatchObject({ payment: 'failed', payment_status: 'failed', status: 'failed' });
    expect(await one(sql`select failure_code, failure_message from payments where id = ${s.paymentId}`)).toEqual({ failure_code: 'insufficient_funds', failure_message: error.message });
    const failed = await stateOf(s);
    await deliver(eventOf('payment_intent.processing', intent(s.intent, 'processing')));
    expect(await stateOf(s)).toEqual(failed);
  });

  it('waits for a payment Almoner has not recorded yet, and on the last try marks the event as not Almoner\'s', async () => {
    const event = eventOf('payment_intent.succeeded', intent('pi_not_ours', 'succeeded'));
    expect((await send(event)).statusCode).toBe(200);
    await expect(processStripeEvent(app.t.database, String(event.id), { lastTry: false })).rejects.toThrow(/No Almoner payment/);
    expect(await one(sql`select processed_at is null as waiting from stripe_events where id = ${String(event.id)}`)).toEqual({ waiting: true });
    expect(await processStripeEvent(app.t.database, String(event.id), { lastTry: true })).toBe('applied');
    expect(await one(sql`select error from stripe_events where id = ${String(event.id)}`)).toEqual({ error: 'No Almoner payment has the PaymentIntent pi_not_ours.' });
  });
});

describe('charge.refunded', () => {
  const refundOf = (id: string, amount: number, charge: string, intentId: string) =>
    like('refund', { id, amount, charge, payment_intent: intentId, currency: 'usd', status: 'succeeded', reason: null, created: Math.floor(Date.now() / 1000) });
  const chargeOf = (s: { intent: string }, refunds: Obj[]) =>
    like('charge', {
      id: `ch_for_${s.intent}`,
      amount: 4000,
      amount_captured: 4000,
      captured: true,
      payment_intent: s.intent,
      refunded: refunds.reduce((sum, r) => sum + Number(r.amount), 0) >= 4000,
      amount_refunded: refunds.reduce((sum, r) => sum + Number(r.amount), 0),
      refunds: { object: 'list', data: refunds, has_more: false, url: `/v1/charges/ch_for_${s.intent}/refunds` },
    });

  it('records a refund made in Stripe\'s dashboard once, voids the receipt, and never doubles Almoner\'s own refund', async () => {
    const s = await sale('card');
    expect(await one(sql`select count(*)::int as n from tax_receipt_lines l join tax_receipts r on r.id = l.tax_receipt_id where l.contribution_id = ${s.contributionId} and r.status = 'issued'`)).toEqual({ n: 1 });

    // Almoner's own refund of $15: Stripe then tells it back as charge.refunded.
    expect((await app.admin.post(`/jpanel/contributions/${s.contributionId}/refund`, { refund_type: 'custom', amount: '15' })).statusCode).toBe(200);
    const ours = await one(sql`select reference_number from refunds where payment_id = ${s.paymentId}`);
    const ourRefund = refundOf(String(ours.reference_number), 1500, `ch_for_${s.intent}`, s.intent);
    await deliver(eventOf('charge.refunded', chargeOf(s, [ourRefund])));
    expect(await stateOf(s)).toMatchObject({ refunds: 1, refunded: 1500 });

    // $10 more given back in Stripe's dashboard.
    const dashboard = refundOf('re_dashboard_1', 1000, `ch_for_${s.intent}`, s.intent);
    const event = eventOf('charge.refunded', chargeOf(s, [dashboard, ourRefund]));
    await deliver(event);
    const after = await stateOf(s);
    expect(after).toMatchObject({ refunds: 2, refunded: 2500, contribution_refunded: 2500, status: 'partially_refunded' });
    expect(await one(sql`select status, amount::int as amount, reason, refunded_by, idempotency_key from refunds where reference_number = 're_dashboard_1'`)).toEqual({
      status: 'succeeded',
      amount: 1000,
      reason: 'requested_by_customer',
      refunded_by: null,
      idempotency_key: 'gateway-refund:re_dashboard_1',
    });
    expect(await one(sql`select count(*)::int as n from tax_receipt_lines l join tax_receipts r on r.id = l.tax_receipt_id where l.contribution_id = ${s.contributionId} and r.status = 'issued'`)).toEqual({ n: 0 });

    // The same event again, and a later event listing the same refunds: nothing doubled.
    expect((await send(event)).json()).toEqual({ received: true, duplicate: true });
    await deliver(eventOf('charge.refunded', chargeOf(s, [dashboard, ourRefund])));
    expect(await stateOf(s)).toEqual(after);
    expect(app.standIn.seen.filter((call) => call.path === '/v1/refunds' && call.body.includes(s.intent))).toHaveLength(1);
  });

  it('reads the charge\'s refunds from Stripe when the event leaves them out (API versions since 2022-11-15)', async () => {
    const s = await sale('card');
    expect((await app.admin.post(`/jpanel/contributions/${s.contributionId}/refund`, { refund_type: 'custom', amount: '5' })).statusCode).toBe(200);
    const { refund, charge } = refundInStripeDashboard(s.intent, 700, 'duplicate');
    expect(charge).not.toHaveProperty('refunds');
    await deliver(eventOf('charge.refunded', charge));
    expect(app.standIn.seen.at(-1)).toMatchObject({ method: 'GET', path: '/v1/refunds' });
    expect(await stateOf(s)).toMatchObject({ refunds: 2, refunded: 1200 });
    expect(await one(sql`select amount::int as amount, reason from refunds where reference_number = ${String(refund.id)}`)).toEqual({ amount: 700, reason: 'duplicate' });
  });

  it('notes a dashboard refund larger than what Almoner has left instead of recording it', async () => {
    const s = await sale('card');
    await app.admin.post(`/jpanel/contributions/${s.contributionId}/refund`, { refund_type: 'custom', amount: '40' });
    const event = eventOf('charge.refunded', chargeOf(s, [refundOf('re_dashboard_too_much', 500, `ch_for_${s.intent}`, s.intent)]));
    await deliver(event);
    expect(await stateOf(s)).toMatchObject({ refunds: 1, refunded: 4000 });
    expect(await one(sql`select error from stripe_events where id = ${String(event.id)}`)).toEqual({ error: 'Refund re_dashboard_too_much was not recorded: nothing_left.' });
  });
});

describe('charge.dispute.created and .closed', () => {
  const disputeOf = (s: { intent: string }, id: string, status: string, amount = 4000) =>
    like('dispute', { id, amount, currency: 'usd', status, reason: 'fraudulent', charge: `ch_for_${s.intent}`, payment_intent: s.intent, created: Math.floor(Date.now() / 1000) });
  const today = new Date().toISOString().slice(0, 10);
  /** What the dashboard says was raised this month, and the contribution's row in the list (status filter, Net column). */
  async function figures(contributionId: number, status: string) {
    const headline = await app.admin.get(`/jpanel/dashboard/headline.json?on=${today}`);
    expect(headline.statusCode, headline.body).toBe(200);
    const list = await app.admin.post('/jpanel/contributions-v2.listing', { status, length: 500 });
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json() as { data: { id: number; net: unknown }[] }).data.find((r) => Number(r.id) === contributionId);
    return { raised: Number((headline.json() as { money: { month: { raised: string } } }).money.month.raised), net: row ? Number(row.net) : null };
  }
  const history = (contributionId: number) =>
    queryRows(db(), sql`select event, amount::int as amount from contribution_status_history where contribution_id = ${contributionId} and event like 'dispute%' order by id`);

  it('shows "Disputed" with the money out of the net, then "Dispute lost" with it still out and the receipt voided; told twice or late, nothing more', async () => {
    const s = await sale('card');
    const before = await figures(s.contributionId, 'paid');
    expect(before.net).toBe(40);
    const opened = eventOf('charge.dispute.created', disputeOf(s, 'dp_lost_1', 'needs_response'));
    await deliver(opened);
    expect(await stateOf(s)).toMatchObject({ status: 'disputed', payment: 'succeeded' });
    const open = await figures(s.contributionId, 'disputed');
    expect(open).toEqual({ raised: before.raised - 40, net: 0 });

    await deliver(eventOf('charge.dispute.closed', disputeOf(s, 'dp_lost_1', 'lost')));
    expect(await stateOf(s)).toMatchObject({ status: 'dispute_lost' });
    expect(await figures(s.contributionId, 'dispute_lost')).toEqual({ raised: before.raised - 40, net: 0 });
    expect(await history(s.contributionId)).toEqual([{ event: 'disputed', amount: 4000 }, { event: 'dispute_lost', amount: 4000 }]);
    expect(await one(sql`select count(*)::int as n from tax_receipt_lines l join tax_receipts r on r.id = l.tax_receipt_id where l.contribution_id = ${s.contributionId} and r.status = 'issued'`)).toEqual({ n: 0 });

    // The opening told again (a replay, and a late second delivery under a new id): nothing moves.
    expect((await send(opened)).json()).toEqual({ received: true, duplicate: true });
    await deliver(eventOf('charge.dispute.created', disputeOf(s, 'dp_lost_1', 'needs_response')));
    expect(await stateOf(s)).toMatchObject({ status: 'dispute_lost' });
    expect(await history(s.contributionId)).toHaveLength(2);
    expect(await one(sql`select count(*)::int as n, min(status) as status from payment_disputes where reference_number = 'dp_lost_1'`)).toEqual({ n: 1, status: 'lost' });
  });

  it('gives the money back to the net when the dispute is won, the contribution paid again', async () => {
    const s = await sale('card');
    const before = await figures(s.contributionId, 'paid');
    await deliver(eventOf('charge.dispute.created', disputeOf(s, 'dp_won_1', 'warning_needs_response', 1500)));
    expect(await figures(s.contributionId, 'disputed')).toEqual({ raised: before.raised - 15, net: 25 });
    await deliver(eventOf('charge.dispute.closed', disputeOf(s, 'dp_won_1', 'won', 1500)));
    expect(await stateOf(s)).toMatchObject({ status: 'paid' });
    expect(await figures(s.contributionId, 'paid')).toEqual(before);
    expect(await history(s.contributionId)).toEqual([{ event: 'disputed', amount: 1500 }, { event: 'dispute_won', amount: 1500 }]);
  });

  it('takes a closing that arrives before the opening as both, and the opening after it changes nothing', async () => {
    const s = await sale('card');
    await deliver(eventOf('charge.dispute.closed', disputeOf(s, 'dp_early_1', 'won')));
    await deliver(eventOf('charge.dispute.created', disputeOf(s, 'dp_early_1', 'needs_response')));
    expect(await stateOf(s)).toMatchObject({ status: 'paid' });
    expect(await history(s.contributionId)).toEqual([{ event: 'disputed', amount: 4000 }, { event: 'dispute_won', amount: 4000 }]);
  });
});
