import { gatewayMessages, paymentFormMessages, posCompleteMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../listing/engine.ts';
import { failBankDebitInStripe, settleBankDebitInStripe } from '../../../test/stripe/stand-in.ts';
import { stripePos } from '../../../test/stripe/pos.ts';
import { intentAtStripe } from '../../../test/stripe/stripe-js.ts';
import { stripeFixtures, type StripeObject as Obj, useStripeWebhookApp } from '../../../test/stripe/webhook-app.ts';
import { processStripeEvent } from './stripe-webhooks.ts';

/**
 * Issue 40: the point of sale's Bank tab with Stripe chosen. Stripe.js makes a us_bank_account
 * PaymentMethod of what the cashier typed into its fields; Almoner receives only its id and
 * debits it by a PaymentIntent (us_bank_account, the donor's offline mandate, confirmed at once).
 * The payment is recorded pending, the sale completed as the sandbox's bank debit completes it,
 * and Stripe's events settle or fail it days later.
 */
const app = useStripeWebhookApp('whsec_test_pos_bank');
const { db, bankMethod, elementsMethod, order, complete } = stripePos(app);
let sequence = 0;

/** The PaymentIntent requests Almoner made since `from`, their forms parsed. */
const intentRequests = (from = 0) => app.standIn.seen.slice(from).filter((s) => s.method === 'POST' && s.path === '/v1/payment_intents');

/** Sends Stripe's event around the intent as Stripe has it, signed, and runs its job as a worker would. */
async function deliver(type: string, object: Obj) {
  sequence += 1;
  const event = { ...structuredClone(stripeFixtures.event), id: `evt_pos_bank_${sequence}`, type, created: Math.floor(Date.now() / 1000), data: { object } };
  expect((await app.send(event)).statusCode).toBe(200);
  expect(await processStripeEvent(app.t.database, event.id, { lastTry: false })).toBe('applied');
}

const state = async (id: number) =>
  (await queryRows(db(), sql`select c.paid_at is not null as completed, c.payment_type, c.payment_status, c.payment_gateway, c.confirmation_number, c.payment_card_last4,
      (select json_agg(json_build_object('type', p.type, 'status', p.status, 'amount', p.amount::int, 'bank_last4', p.bank_last4, 'account_type', p.bank_account_type,
              'holder_type', p.bank_account_holder_type, 'reference', p.reference_number, 'failure_code', p.failure_code) order by p.id)
         from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = c.id) as payments,
      (select json_agg(h.event order by h.id) from contribution_status_history h where h.contribution_id = c.id) as history
    from contributions c where c.id = ${id}`))[0];

/** A $25 sale paid at the Bank tab with the account typed into Stripe's fields. */
async function soldByBank(account = '000123456789') {
  const o = await order();
  const method = await bankMethod({ account });
  expect(method.id).toMatch(/^pm_/);
  const from = app.standIn.seen.length;
  const answered = await complete(o.id, { payment_type: 'bank_account', token: method.id, account_holder_type: 'personal', ach_agree_tos: true });
  expect(answered.statusCode, answered.body).toBe(200);
  return { o, method: String(method.id), answered, requests: intentRequests(from) };
}

describe('bank debits at the point of sale through Stripe', () => {
  it('debits the method Stripe.js made under an offline mandate, and records the sale pending as the sandbox does', async () => {
    const { o, method, answered, requests } = await soldByBank();
    expect(answered.json()).toMatchObject({ status: 'success', order: { is_paid: true } });
    expect(requests).toHaveLength(1);
    const form = Object.fromEntries(new URLSearchParams(requests[0]!.body));
    expect(form).toMatchObject({
      amount: '2500',
      currency: 'usd',
      confirm: 'true',
      payment_method: method,
      'allowed_payment_method_types[0]': 'us_bank_account',
      'mandate_data[customer_acceptance][type]': 'offline',
      'metadata[almoner_contribution_id]': String(o.id),
      description: `Payment for Contribution #${o.clientUuid}`,
    });
    // No account details go from Almoner to Stripe: the method carries them.
    expect(Object.keys(form).filter((key) => /routing|account_number|payment_method_data/.test(key))).toEqual([]);
    expect(requests[0]!.headers['idempotency-key']).toBe(`pos:${o.clientUuid}:0`);
    const intent = String((await state(o.id))?.confirmation_number);
    expect(intent).toMatch(/^pi_/);
    expect(await state(o.id)).toEqual({
      completed: true,
      payment_type: 'bank',
      payment_status: 'pending',
      payment_gateway: 'stripe',
      confirmation_number: intent,
      payment_card_last4: '6789',
      payments: [{ type: 'bank', status: 'pending', amount: 2500, bank_last4: '6789', account_type: 'checking', holder_type: 'personal', reference: intent, failure_code: null }],
      history: ['payment_pending'],
    });

    // Days later the debit settles at the bank: Stripe's payment_intent.succeeded marks it paid, once.
    const settled = settleBankDebitInStripe(intent);
    await deliver('payment_intent.succeeded', settled);
    await deliver('payment_intent.succeeded', settled);
    expect(await state(o.id)).toMatchObject({ payment_status: 'succeeded', payments: [{ status: 'succeeded', reference: intent }], history: ['payment_pending', 'paid'] });
  });

  it('fails the payment when Stripe says the bank returned the debit', async () => {
    const { o } = await soldByBank('000222222227');
    const intent = String((await state(o.id))?.confirmation_number);
    // Stripe tells of the debit processing first: the payment is already pending, so nothing moves.
    await deliver('payment_intent.processing', await intentAtStripe<Obj>(app.standIn.url, intent));
    expect(await state(o.id)).toMatchObject({ payment_status: 'pending', history: ['payment_pending'] });
    await deliver('payment_intent.payment_failed', failBankDebitInStripe(intent));
    expect(await state(o.id)).toMatchObject({
      payment_status: 'failed',
      payments: [{ status: 'failed', failure_code: 'insufficient_funds', bank_last4: '2227' }],
      history: ['payment_pending', 'payment_failed'],
    });
  });

  it('refuses, in Stripe\'s words, the details Stripe refuses, before anything is charged', async () => {
    expect(await bankMethod({ routing: '123456789' })).toMatchObject({ error: { message: 'Invalid routing number', param: 'us_bank_account[routing_number]' } });
    expect(await bankMethod({ routing: '11000000' })).toMatchObject({ error: { message: 'Routing number must have 9 digits' } });
    expect(await bankMethod({ account: '12' })).toMatchObject({ error: { message: 'Invalid account number' } });
    expect(await bankMethod({ name: ' ' })).toMatchObject({ error: { message: 'Missing required param: billing_details[name].' } });

    const o = await order();
    const from = app.standIn.seen.length;
    // A card's method on the Bank tab: Stripe refuses it, and its message reaches the cashier.
    const card = await complete(o.id, { payment_type: 'bank_account', token: await elementsMethod('4242424242424242'), ach_agree_tos: true });
    expect(card.statusCode, card.body).toBe(422);
    expect(card.json()).toMatchObject({ message: expect.stringContaining('The PaymentMethod provided (card) is not allowed for this PaymentIntent') });
    const method = String((await bankMethod()).id);
    // The donor's authorisation is the mandate: without it nothing is asked of Stripe.
    const unticked = await complete(o.id, { payment_type: 'bank_account', token: method, ach_agree_tos: false });
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json()).toMatchObject({ errors: { ach_agree_tos: [paymentFormMessages.achAgreement] } });
    // Account numbers sent beside Stripe's method are refused, never used or kept.
    const numbers = await complete(o.id, { payment_type: 'bank_account', token: method, account_number: '000123456789', ach_agree_tos: true });
    expect(numbers.statusCode).toBe(422);
    expect(numbers.json()).toMatchObject({ errors: { account_number: [posCompleteMessages.bankMethodGateway] } });
    expect(intentRequests(from)).toHaveLength(1);
    expect(await state(o.id)).toMatchObject({ completed: false });

    // The stand-in refuses what Stripe refuses of the PaymentIntent itself: no mandate, another currency.
    const direct = (fields: Record<string, string>) =>
      fetch(`${app.standIn.url}/v1/payment_intents`, { method: 'POST', headers: { authorization: 'Bearer sk_test_stub' }, body: new URLSearchParams({ amount: '100', currency: 'usd', confirm: 'true', 'allowed_payment_method_types[0]': 'us_bank_account', payment_method: method, ...fields }) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { param?: string } } }));
    expect(await direct({})).toMatchObject({ status: 400, body: { error: { param: 'mandate_data' } } });
    expect(await direct({ currency: 'cad', 'mandate_data[customer_acceptance][type]': 'offline' })).toMatchObject({ status: 400, body: { error: { param: 'currency' } } });
  });

  it('lets go of an account Stripe wants verified by micro-deposits first, records the failed attempt, and another account pays', async () => {
    const o = await order();
    const from = app.standIn.seen.length;
    const answered = await complete(o.id, { payment_type: 'bank_account', token: String((await bankMethod({ account: '000000000004' })).id), ach_agree_tos: true });
    expect(answered.statusCode, answered.body).toBe(422);
    expect(answered.json()).toMatchObject({ message: gatewayMessages.bankVerification });
    const cancelled = app.standIn.seen.slice(from).filter((s) => /^\/v1\/payment_intents\/pi_[^/]+\/cancel$/.test(s.path));
    expect(cancelled).toHaveLength(1);
    const first = String(cancelled[0]!.path.split('/')[3]);
    expect(await intentAtStripe(app.standIn.url, first)).toMatchObject({ status: 'canceled' });
    expect(await state(o.id)).toMatchObject({ completed: false, payments: [{ type: 'bank', status: 'failed', reference: first, failure_code: 'bank_account_unverified' }] });
    // The next account is a new attempt under a key of its own, not refused as "already being processed".
    const paid = await complete(o.id, { payment_type: 'bank_account', token: String((await bankMethod()).id), ach_agree_tos: true });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await state(o.id)).toMatchObject({ completed: true, payment_status: 'pending', payments: [{ status: 'failed' }, { status: 'pending' }] });
  });

  it('refuses routing and account numbers posted with Stripe chosen: nothing asked of Stripe, nothing recorded', async () => {
    for (const currency of ['USD', 'CAD']) {
      const o = await order(2500, undefined, currency);
      const from = app.standIn.seen.length;
      const numbers = currency === 'CAD' ? { transit_number: '12345', institution_number: '001' } : { routing_number: '110000000' };
      // The sandbox's Bank tab body: the account's numbers, no Stripe method.
      const answered = await complete(o.id, {
        payment_type: 'bank_account',
        ...numbers,
        account_number: '000123456789',
        account_holder_name: 'Ada Lovelace',
        account_holder_type: 'personal',
        account_type: 'checking',
        ach_agree_tos: true,
      });
      expect(answered.statusCode, answered.body).toBe(422);
      expect(answered.json()).toMatchObject({ message: posCompleteMessages.bankNumbersRefused, errors: { account_number: [posCompleteMessages.bankNumbersRefused] } });
      expect(app.standIn.seen.slice(from)).toEqual([]);
      expect(await state(o.id)).toEqual({ completed: false, payment_type: null, payment_status: null, payment_gateway: null, confirmation_number: null, payment_card_last4: null, payments: null, history: null });
    }
  });

  it('refuses a Canadian-dollar sale by bank at Stripe, which debits US accounts in USD only', async () => {
    const o = await order(2500, undefined, 'CAD');
    const from = app.standIn.seen.length;
    const answered = await complete(o.id, { payment_type: 'bank_account', token: String((await bankMethod()).id), ach_agree_tos: true });
    expect(answered.statusCode).toBe(422);
    expect(answered.json()).toMatchObject({ message: posCompleteMessages.bankCurrency('CAD') });
    expect(intentRequests(from)).toEqual([]);
  });
});
