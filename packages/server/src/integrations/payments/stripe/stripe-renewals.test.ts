import { randomUUID } from 'node:crypto';
import { cardUpdateMessages, gatewayMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { dayInZone } from '../../../modules/money/money.convert.ts';
import { makeOrder, makeSupporter, makeVariant } from '../../../modules/pos/pos.complete.fixtures.ts';
import { runRecurringBilling } from '../../../modules/recurring/recurring.billing.ts';
import { signCardLink } from '../../../modules/recurring/recurring.card-link.ts';
import { billingDepsFor } from '../../../modules/recurring/recurring.job.ts';
import { addDays, RETRY_AFTER_DAYS } from '../../../modules/recurring/recurring.schedule.ts';
import { getOrgMoneySettings } from '../../../modules/settings/settings.service.ts';
import { startAppOnStandIn, stopAppOnStandIn, type StandIn } from '../../../test/stripe/app-on-stand-in.ts';
import { confirmSetUpAsDonor, failSetUpAsDonor, holdStripeAnswers } from '../../../test/stripe/stand-in.ts';
import { intentAtStripe } from '../../../test/stripe/stripe-js.ts';
import { postStripeEvent, stripeFixtures } from '../../../test/stripe/webhook-app.ts';
import { Agent, testConfig, type TestApp } from '../../../test/test-app.ts';
import { processStripeEvent } from './stripe-webhooks.ts';

/**
 * Issue 40 item 3: recurring renewals through Stripe. The donor's card is kept by a SetupIntent on
 * their Stripe customer (through the update-card page, as a donor would), and each renewal is an
 * off-session PaymentIntent under the period's idempotency key, at the gateway that keeps the
 * card whatever the organisation chooses now. The stand-in records every request Stripe would
 * receive; the assertions read those requests, not the server's own account of them.
 */
let standIn: StandIn;
let t: TestApp;
let admin: Agent;
let today: string;
const db = () => t.database.db;
const crash: { afterCharge?: () => void } = {};
const run = (day: string) => runRecurringBilling(t.database, { ...billingDepsFor(t.database), afterCharge: crash.afterCharge }, day);
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};

beforeAll(async () => {
  ({ standIn, t, admin } = await startAppOnStandIn());
  await admin.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub', publishable_key: 'pk_test_stub' });
  expect((await admin.post('/jpanel/settings', { payment_gateway: 'stripe' })).statusCode).toBe(200);
  today = dayInZone(new Date(), (await getOrgMoneySettings(db())).timeZone);
});
afterAll(() => stopAppOnStandIn(standIn));
afterEach(async () => {
  crash.afterCharge = undefined;
  // Each test counts only its own profile's charges: the earlier ones stop being due.
  await db().execute(sql`update recurring_payment_profiles set status = 'Cancelled' where status = 'Active'`);
});

/**
 * The donor puts `card` on their gift through the update-card page, as the page does: when their
 * bank asks them to confirm it, they pass its challenge (Stripe.js) and the page sends the card
 * again naming the SetupIntent.
 */
async function putCard(link: string, card: string): Promise<void> {
  const visitor = new Agent(t.app);
  const first = await visitor.post(`/jpanel/api/v1/update-card/${link}`, { token: card });
  expect(first.statusCode, first.body).toBe(200);
  const challenge = first.json().authenticate as { client_secret: string; setup_intent: string } | null;
  if (!challenge) return;
  confirmSetUpAsDonor(challenge.setup_intent);
  const confirmed = await visitor.post(`/jpanel/api/v1/update-card/${link}`, { token: card, setup_intent: challenge.setup_intent });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().authenticate).toBeNull();
}

/** An Active monthly gift due today whose donor put `card` on it through their update-card link (Stripe Elements' pm_… or a token). */
async function stripeGift(card: string): Promise<{ id: number; email: string; link: string }> {
  const supporterId = await makeSupporter(db());
  const email = `renewal-${supporterId}@example.org`;
  await db().execute(sql`update supporters set email = ${email} where id = ${supporterId}`);
  const [p] = await queryRows(db(), sql`
    insert into recurring_payment_profiles (profile_id, status, supporter_id, start_date, billing_period, recurring_day, currency_code, amount, next_billing_date, next_attempt_date)
    values (${`RP-S${randomUUID().slice(0, 8)}`}, 'Active', ${supporterId}, ${today}, 'monthly', 28, 'USD', 2000, ${today}, ${today}) returning id`);
  const id = Number(p?.id);
  const link = signCardLink(testConfig.appKey, id).token;
  await putCard(link, card);
  return { id, email, link };
}

/** What Stripe was asked to charge for this profile: the PaymentIntents posted with its renewal keys. */
const intentsFor = (id: number) =>
  standIn.seen
    .filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents' && String(s.headers['idempotency-key']).startsWith(`recurring:${id}:`))
    .map((s) => ({ key: String(s.headers['idempotency-key']), form: Object.fromEntries(new URLSearchParams(s.body)) }));
const state = (id: number) =>
  one(sql`select status, next_attempt_date::text as attempt, failed_payment_count::int as failed, num_cycles_completed::int as done,
    authentication_required_at is not null as waiting from recurring_payment_profiles where id = ${id}`);
const charges = (id: number) =>
  queryRows(db(), sql`select t.payment_status, t.transaction_reference, p.gateway from recurring_transactions t
    left join payment_links l on l.recurring_transaction_id = t.id left join payments p on p.id = l.payment_id
    where t.recurring_payment_profile_id = ${id} order by t.id`);
const mailsTo = (to: string) => queryRows(db(), sql`select text from mail_outbox where to_address = ${to} order by id`);

/** A Stripe gift whose renewal today waits for the donor to authenticate, and that renewal's PaymentIntent. */
async function held() {
  const gift = await stripeGift('pm_card_authenticationRequired');
  expect(await run(today)).toMatchObject({ declined: 1 });
  const [renewal] = await charges(gift.id);
  return { ...gift, intent: String(renewal?.transaction_reference) };
}
/** The cancel calls Stripe received for `intent`. */
const cancels = (intent: string) => standIn.seen.filter((s) => s.method === 'POST' && s.path === `/v1/payment_intents/${intent}/cancel`);
const statusAtStripe = async (intent: string) =>
  (await intentAtStripe<{ status: string }>(standIn.url, intent)).status;

describe('recurring renewals through Stripe', () => {
  it('charges the saved card off-session with its customer under the period’s key, and still at Stripe when the sandbox is chosen', async () => {
    const gift = await stripeGift('pm_fromElements');
    const method = await one(sql`select m.gateway, m.gateway_customer from recurring_payment_profiles rp join payment_methods m on m.id = rp.payment_method_id where rp.id = ${gift.id}`);
    expect(method).toMatchObject({ gateway: 'stripe', gateway_customer: expect.stringMatching(/^cus_/) });

    expect(await run(today)).toMatchObject({ charged: 1, declined: 0 });
    const [renewal, ...others] = intentsFor(gift.id);
    expect(others).toEqual([]);
    expect(renewal?.key).toBe(`recurring:${gift.id}:${today}:0`);
    expect(renewal?.form).toMatchObject({ amount: '2000', currency: 'usd', confirm: 'true', off_session: 'true', customer: method.gateway_customer, payment_method: expect.stringMatching(/^pm_/) });
    expect(await charges(gift.id)).toEqual([{ payment_status: 'succeeded', transaction_reference: expect.stringMatching(/^pi_/), gateway: 'stripe' }]);
    expect(await state(gift.id)).toMatchObject({ status: 'Active', done: 1, failed: 0, waiting: false });

    // The organisation moves new payments to the sandbox: the card kept at Stripe is still charged there.
    expect((await admin.post('/jpanel/settings', { payment_gateway: 'sandbox' })).statusCode).toBe(200);
    try {
      const next = String((await one(sql`select next_billing_date::text as d from recurring_payment_profiles where id = ${gift.id}`)).d);
      expect(await run(next)).toMatchObject({ charged: 1 });
      expect(intentsFor(gift.id).map((i) => i.key)).toEqual([`recurring:${gift.id}:${today}:0`, `recurring:${gift.id}:${next}:0`]);
      expect((await charges(gift.id)).map((c) => c.gateway)).toEqual(['stripe', 'stripe']);
    } finally {
      await admin.post('/jpanel/settings', { payment_gateway: 'stripe' });
    }
  });

  it('holds a renewal the bank wants authenticated: the profile needs attention, the donor gets one mail with their link, no run tries again until they complete it', async () => {
    const gift = await stripeGift('pm_card_authenticationRequired');
    expect(await run(today)).toMatchObject({ charged: 0, declined: 1 });
    expect(intentsFor(gift.id)).toHaveLength(1);
    expect(await charges(gift.id)).toEqual([{ payment_status: 'failed', transaction_reference: expect.stringMatching(/^pi_/), gateway: 'stripe' }]);
    expect(await state(gift.id)).toMatchObject({ status: 'Active', failed: 1, waiting: true, attempt: today });
    const mails = await mailsTo(gift.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Your bank asks you to confirm the payment');
    expect(mails[0]?.text).toMatch(/\/jpanel\/update-card\/[A-Za-z0-9_.-]+/);

    expect((await admin.get(`/jpanel/recurring/${gift.id}`)).json().authentication_required_at).toEqual(expect.any(String));
    const attention = await admin.post('/jpanel/recurring/attention.ajax', { draw: 1, start: 0, length: 50, reason: 'authentication' });
    expect(attention.json().data.map((r: { id: number }) => r.id)).toContain(gift.id);

    // Later runs, the same day and after the decline retry would have come: nothing asked of Stripe, nothing mailed.
    for (const day of [today, addDays(today, 1), addDays(today, RETRY_AFTER_DAYS + 1)]) await run(day);
    expect(intentsFor(gift.id)).toHaveLength(1);
    expect(await mailsTo(gift.email)).toHaveLength(1);
    expect(await state(gift.id)).toMatchObject({ failed: 1, waiting: true });

    // The donor completes their link with a card set up on-session: the next run charges the period, under a new attempt's key.
    const link = /\/jpanel\/update-card\/([A-Za-z0-9_.-]+)/.exec(String(mails[0]?.text))?.[1] ?? '';
    await putCard(link, 'pm_card_authenticationRequiredOnSetup');
    expect(await state(gift.id)).toMatchObject({ waiting: false });
    expect(await run(addDays(today, RETRY_AFTER_DAYS + 1))).toMatchObject({ charged: 1 });
    expect(intentsFor(gift.id).map((i) => i.key)).toEqual([`recurring:${gift.id}:${today}:0`, `recurring:${gift.id}:${today}:1`]);
    expect(await state(gift.id)).toMatchObject({ done: 1, failed: 0, waiting: false });
  });

  it('asks Stripe again when staff charge a held gift now, without a second mail; another card put on the gift by staff ends the hold', async () => {
    const gift = await stripeGift('pm_card_authenticationRequired');
    await run(today);
    const charged = await admin.post(`/jpanel/recurring/${gift.id}/charge`, { billing_date: today });
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json()).toMatchObject({ outcome: 'declined' });
    expect(intentsFor(gift.id).map((i) => i.key)).toEqual([`recurring:${gift.id}:${today}:0`, `recurring:${gift.id}:${today}:1`]);
    expect(await mailsTo(gift.email)).toHaveLength(1);
    expect(await state(gift.id)).toMatchObject({ failed: 2, waiting: true });

    // Staff put another of the donor's cards on the gift (the donor on the phone): the hold ends.
    const supporter = await one(sql`select supporter_id from recurring_payment_profiles where id = ${gift.id}`);
    const [other] = await queryRows(db(), sql`insert into payment_methods (supporter_id, status, token, type, card_brand, account_last_four, currency_code, gateway)
      values (${supporter.supporter_id}, 'ACTIVE', 'sealed', 'card', 'visa', '1881', 'USD', 'stripe') returning id`);
    const page = (await admin.get(`/jpanel/recurring/${gift.id}`)).json() as { updated_at: string };
    let next = today;
    while (!next.endsWith('-28')) next = addDays(next, 1);
    const changed = await admin.post(`/jpanel/recurring/${gift.id}`, {
      amount: '20.00', billing_period: 'monthly', recurring_day: 28, next_billing_date: next, payment_method_id: Number(other?.id), updated_at: page.updated_at,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await state(gift.id)).toMatchObject({ waiting: false });
  });

  it('keeps a card the bank challenges on the update-card page only once the donor has confirmed it', async () => {
    const gift = await stripeGift('pm_fromElements');
    const before = await one(sql`select payment_method_id from recurring_payment_profiles where id = ${gift.id}`);
    const visitor = new Agent(t.app);
    const first = await visitor.post(`/jpanel/api/v1/update-card/${gift.link}`, { token: 'pm_card_authenticationRequiredOnSetup' });
    expect(first.json()).toMatchObject({ message: cardUpdateMessages.authenticate, authenticate: { client_secret: expect.stringContaining('_secret_'), setup_intent: expect.stringMatching(/^seti_/) } });
    const { setup_intent } = first.json().authenticate as { setup_intent: string };
    // Sent back before the challenge was passed: refused, the gift keeps its card.
    const early = await visitor.post(`/jpanel/api/v1/update-card/${gift.link}`, { token: 'pm_card_authenticationRequiredOnSetup', setup_intent });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.token).toEqual([gatewayMessages.notAuthenticated]);
    // Another donor's set-up cannot be named for this gift.
    const stranger = await stripeGift('pm_fromElements');
    const theirs = (await new Agent(t.app).post(`/jpanel/api/v1/update-card/${stranger.link}`, { token: 'pm_card_authenticationRequiredOnSetup' })).json().authenticate as { setup_intent: string };
    confirmSetUpAsDonor(theirs.setup_intent);
    const other = await visitor.post(`/jpanel/api/v1/update-card/${gift.link}`, { token: 'pm_card_authenticationRequiredOnSetup', setup_intent: theirs.setup_intent });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.token).toEqual([gatewayMessages.tokenInvalid]);
    expect(await one(sql`select payment_method_id from recurring_payment_profiles where id = ${gift.id}`)).toEqual(before);
    confirmSetUpAsDonor(setup_intent);
    const kept = await visitor.post(`/jpanel/api/v1/update-card/${gift.link}`, { token: 'pm_card_authenticationRequiredOnSetup', setup_intent });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(standIn.seen.at(-1)).toMatchObject({ method: 'GET', path: `/v1/setup_intents/${setup_intent}` });
    expect(await one(sql`select payment_method_id from recurring_payment_profiles where id = ${gift.id}`)).not.toEqual(before);
    // Set up with the donor's consent, its renewals go through off-session.
    await run(today);
    expect(intentsFor(gift.id)).toHaveLength(1);
    expect(await charges(gift.id)).toEqual([{ payment_status: 'succeeded', transaction_reference: expect.stringMatching(/^pi_/), gateway: 'stripe' }]);
  });

  it('keeps a card saved at the point of sale on the supporter’s Stripe customer, and charges it there with the customer after the sandbox is chosen', async () => {
    const supporterId = await makeSupporter(db());
    const v = await makeVariant(db(), { price: 2500, quantity: 5 });
    const first = await makeOrder(db(), { supporterId, items: [{ variantId: v.variantId, productId: v.productId, price: 2500 }] });
    const saved = await admin.post(`/jpanel/pos/${first.id}/complete`, { payment_type: 'credit_card', token: 'pm_fromElements', save_payment_method: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const method = await one(sql`select id, gateway, gateway_customer from payment_methods where supporter_id = ${supporterId}`);
    expect(method).toMatchObject({ gateway: 'stripe', gateway_customer: expect.stringMatching(/^cus_/) });
    const setup = standIn.seen.find((s) => s.path === '/v1/setup_intents' && new URLSearchParams(s.body).get('customer') === method.gateway_customer);
    expect(new URLSearchParams(setup?.body).get('usage')).toBe('off_session');

    expect((await admin.post('/jpanel/settings', { payment_gateway: 'sandbox' })).statusCode).toBe(200);
    try {
      const second = await makeOrder(db(), { supporterId, items: [{ variantId: v.variantId, productId: v.productId, price: 2500 }] });
      const paid = await admin.post(`/jpanel/pos/${second.id}/complete`, { payment_type: 'payment_method', payment_method: Number(method.id) });
      expect(paid.statusCode, paid.body).toBe(200);
      const charge = standIn.seen.filter((s) => s.path === '/v1/payment_intents').at(-1);
      expect(Object.fromEntries(new URLSearchParams(charge?.body))).toMatchObject({ customer: method.gateway_customer, amount: '2500' });
      expect(charge?.body).not.toContain('off_session');
      const [payment] = await queryRows(db(), sql`select p.gateway from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${second.id}`);
      expect(payment?.gateway).toBe('stripe');
    } finally {
      await admin.post('/jpanel/settings', { payment_gateway: 'stripe' });
    }
  });

  it('answers a declined renewal by the failed-payment path: recorded, retried later under a new key, the donor mailed once', async () => {
    const gift = await stripeGift('tok_chargeCustomerFail');
    expect(await run(today)).toMatchObject({ declined: 1 });
    expect(await charges(gift.id)).toEqual([{ payment_status: 'failed', transaction_reference: expect.stringMatching(/^pi_/), gateway: 'stripe' }]);
    expect(await state(gift.id)).toMatchObject({ status: 'Active', failed: 1, waiting: false, attempt: addDays(today, RETRY_AFTER_DAYS) });
    expect((await mailsTo(gift.email))[0]?.text).toContain('We could not charge');

    await run(addDays(today, 1));
    expect(intentsFor(gift.id)).toHaveLength(1);
    await run(addDays(today, RETRY_AFTER_DAYS));
    expect(intentsFor(gift.id).map((i) => i.key)).toEqual([`recurring:${gift.id}:${today}:0`, `recurring:${gift.id}:${today}:1`]);
    expect(await state(gift.id)).toMatchObject({ failed: 2 });
    expect(await mailsTo(gift.email)).toHaveLength(1);
  });

  it('charges once across a crash between Stripe’s answer and the commit: the rerun asks with the same key and records Stripe’s first charge', async () => {
    const gift = await stripeGift('pm_fromElements');
    crash.afterCharge = () => {
      throw new Error('killed after the charge');
    };
    await expect(run(today)).rejects.toThrow('killed after the charge');
    expect(await charges(gift.id)).toEqual([]);
    crash.afterCharge = undefined;

    expect(await run(today)).toMatchObject({ charged: 1 });
    expect(await run(today)).toMatchObject({ charged: 0 });
    const asked = intentsFor(gift.id);
    expect(asked.map((i) => i.key)).toEqual([`recurring:${gift.id}:${today}:0`, `recurring:${gift.id}:${today}:0`]);
    // Stripe's idempotency answered the rerun with the first PaymentIntent: one charge, recorded once.
    const first = standIn.seen.filter((s) => s.headers['idempotency-key'] === `recurring:${gift.id}:${today}:0`);
    expect(first[0]?.body).toBe(first[1]?.body);
    const recorded = await charges(gift.id);
    expect(recorded).toHaveLength(1);
    expect(await state(gift.id)).toMatchObject({ done: 1 });
    const paid = await one(sql`select count(*)::int as n from contributions where recurring_payment_profile_id = ${gift.id} and paid_at is not null`);
    expect(paid.n).toBe(1);
  });

  it('cancels at Stripe the renewal left waiting for authentication when the donor’s new challenge fails, when the gift is cancelled, and when the donor’s new card is kept', async () => {
    // The donor puts a card on their link whose bank challenge they then fail: the card is refused, the old intent cancelled.
    const first = await held();
    expect(await statusAtStripe(first.intent)).toBe('requires_payment_method');
    const visitor = new Agent(t.app);
    const challenge = (await visitor.post(`/jpanel/api/v1/update-card/${first.link}`, { token: 'pm_card_authenticationRequiredOnSetup' })).json().authenticate as { setup_intent: string };
    failSetUpAsDonor(challenge.setup_intent);
    const refused = await visitor.post(`/jpanel/api/v1/update-card/${first.link}`, { token: 'pm_card_authenticationRequiredOnSetup', setup_intent: challenge.setup_intent });
    expect(refused.statusCode).toBe(422);
    expect(cancels(first.intent).map((c) => new URLSearchParams(c.body).get('cancellation_reason'))).toEqual(['abandoned']);
    expect(await statusAtStripe(first.intent)).toBe('canceled');
    expect(await state(first.id)).toMatchObject({ status: 'Active', waiting: true });
    // The card was refused, yet the intent stays known as cancelled: the donor's next card asks Stripe nothing about it.
    expect((await visitor.post(`/jpanel/api/v1/update-card/${first.link}`, { token: 'pm_card_visa' })).statusCode).toBe(200);
    expect(cancels(first.intent)).toHaveLength(1);

    // Staff cancel a gift still waiting for its donor: its intent is cancelled at Stripe too.
    const second = await held();
    const cancelled = await admin.post(`/jpanel/recurring/${second.id}/cancel`, { reason: 'Donor request' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancels(second.intent)).toHaveLength(1);
    expect(await statusAtStripe(second.intent)).toBe('canceled');

    // The donor puts a card on their link that the bank lets through: it is kept, and the old
    // intent cancelled, since the next run charges the new card under a key of its own (the old
    // one, confirmed later, would be a second charge for the same period).
    const third = await held();
    const kept = await new Agent(t.app).post(`/jpanel/api/v1/update-card/${third.link}`, { token: 'pm_card_visa' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(cancels(third.intent)).toHaveLength(1);
    expect(await statusAtStripe(third.intent)).toBe('canceled');
    expect(await state(third.id)).toMatchObject({ waiting: false });
    // Cancelled once is enough: the donor's next card update asks Stripe nothing about the old intent.
    const again = await new Agent(t.app).post(`/jpanel/api/v1/update-card/${third.link}`, { token: 'pm_card_mastercard' });
    expect(again.statusCode, again.body).toBe(200);
    expect(cancels(third.intent)).toHaveLength(1);
  });

  it('cancels at Stripe, once the rows are marked, the renewal left waiting for authentication of a gift staff mark as spam', async () => {
    const gift = await held();
    const [renewal] = await queryRows(db(), sql`select l.contribution_id from payments p join payment_links l on l.payment_id = p.id where p.reference_number = ${gift.intent}`);
    // What Stripe's cancel call finds in the database: the spam marking already committed (on PGlite a query
    // waiting on a transaction still open would not answer), so a slow Stripe holds none of the batch's locks.
    const marked: unknown[] = [];
    holdStripeAnswers(async (call) => {
      if (call.path !== `/v1/payment_intents/${gift.intent}/cancel`) return;
      const read = queryRows(db(), sql`select is_spam from contributions where id = ${Number(renewal?.contribution_id)}`).then(([c]) => c?.is_spam);
      marked.push(await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve('still in its transaction'), 2000))]));
    });
    try {
      const answer = await admin.post('/jpanel/contributions/mark', { ids: [Number(renewal?.contribution_id)], mark: 'spam' });
      expect(answer.statusCode, answer.body).toBe(200);
    } finally {
      holdStripeAnswers(null);
    }
    expect(cancels(gift.intent).map((c) => new URLSearchParams(c.body).get('cancellation_reason'))).toEqual(['abandoned']);
    expect(marked).toEqual([true]);
    expect(await statusAtStripe(gift.intent)).toBe('canceled');
    // Marked spam again (Spam & refund): nothing more asked of Stripe about it.
    expect((await admin.post('/jpanel/contributions/batch', { ids: [Number(renewal?.contribution_id)], action: 'spam_and_refund' })).statusCode).toBe(200);
    expect(cancels(gift.intent)).toHaveLength(1);
  });

  it('marks a disputed renewal like a one-off gift, and a lost dispute takes it out of the donor’s lifetime giving', async () => {
    const secret = 'whsec_renewalDisputes';
    const saved = await admin.post('/jpanel/settings/payment', { provider: 'stripe', secret_key: 'sk_test_stub', publishable_key: 'pk_test_stub', webhook_secret: secret });
    expect(saved.statusCode, saved.body).toBe(200);
    const gift = await stripeGift('pm_fromElements');
    expect(await run(today)).toMatchObject({ charged: 1 });
    const renewal = await one(sql`select l.contribution_id, p.reference_number as intent, c.supporter_id from recurring_transactions t
      join payment_links l on l.recurring_transaction_id = t.id join payments p on p.id = l.payment_id join contributions c on c.id = l.contribution_id
      where t.recurring_payment_profile_id = ${gift.id}`);
    const giving = async () => {
      const s = await one(sql`select status, (select (lifetime_donation_amount + lifetime_purchase_amount)::int from supporters where id = ${renewal.supporter_id}) as lifetime
                                from contributions where id = ${renewal.contribution_id}`);
      return { status: s.status, lifetime: s.lifetime };
    };
    expect(await giving()).toEqual({ status: 'paid', lifetime: 2000 });

    let sequence = 0;
    const deliver = async (type: string, status: string) => {
      const dispute = { ...structuredClone(stripeFixtures.dispute), id: 'dp_renewal_1', amount: 2000, currency: 'usd', status, reason: 'fraudulent', payment_intent: renewal.intent, created: Math.floor(Date.now() / 1000) };
      const event = { ...structuredClone(stripeFixtures.event), id: `evt_renewal_dispute_${++sequence}`, type, created: Math.floor(Date.now() / 1000), data: { object: dispute } };
      const response = await postStripeEvent(t, event, secret);
      expect(response.statusCode, response.body).toBe(200);
      expect(await processStripeEvent(t.database, event.id, { lastTry: false })).toBe('applied');
    };
    await deliver('charge.dispute.created', 'needs_response');
    expect(await giving()).toMatchObject({ status: 'disputed' });
    await deliver('charge.dispute.closed', 'lost');
    expect(await giving()).toEqual({ status: 'dispute_lost', lifetime: 0 });
    const history = await queryRows(db(), sql`select event, amount::int as amount from contribution_status_history where contribution_id = ${renewal.contribution_id} and event like 'dispute%' order by id`);
    expect(history).toEqual([{ event: 'disputed', amount: 2000 }, { event: 'dispute_lost', amount: 2000 }]);
  });
});
