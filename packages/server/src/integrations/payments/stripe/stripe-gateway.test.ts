import { confirmSetUpAsDonor, startStripeStandIn, type Seen } from '../../../test/stripe/stand-in.ts';
import { elementsBankMethod } from '../../../test/stripe/stripe-js.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationRequired, GatewayError } from '../gateway.ts';
import { encodeForm } from '../../connection/form-encoding.ts';
import { createStripeGateway } from './stripe-gateway.ts';

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let baseUrl: string;
let seen: Seen[];
beforeAll(async () => {
  standIn = await startStripeStandIn();
  baseUrl = standIn.url;
  seen = standIn.seen;
});
afterAll(() => standIn.close());

const stripe = () => createStripeGateway({ secretKey: 'sk_test_stub', baseUrl });

describe('Stripe gateway (its official SDK, against a local stand-in answering Stripe\'s own objects)', () => {
  it('encodes nested parameters as Stripe expects', () => {
    expect(encodeForm({ a: 1, b: { c: 'x y', d: [true, 'z'] }, e: null })).toBe('a=1&b%5Bc%5D=x%20y&b%5Bd%5D%5B0%5D=true&b%5Bd%5D%5B1%5D=z');
  });

  it('charges a token through a confirmed PaymentIntent, form-encoded, under the idempotency key; a repeat is the same charge', async () => {
    const request = { idempotencyKey: 'pos:ABC:0', amount: 2500, currency: 'USD', source: 'tok_visa', description: 'Payment for Contribution #ABC' };
    const payment = await stripe().charge(request);
    // Stripe's fee comes from the charge's expanded balance transaction.
    expect(payment).toMatchObject({ type: 'card', status: 'succeeded', outcome: 'authorized', amount: 2500, currency: 'USD', card: { brand: 'visa', last4: '4242', cvcCheck: 'pass' }, fee: 103 });
    const post = seen.at(-1)!;
    expect(post.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(post.headers['idempotency-key']).toBe('pos:ABC:0');
    const form = new URLSearchParams(post.body);
    expect(Object.fromEntries(form)).toMatchObject({ amount: '2500', currency: 'usd', confirm: 'true', 'payment_method_data[card][token]': 'tok_visa', 'expand[0]': 'latest_charge', 'expand[1]': 'latest_charge.balance_transaction' });
    expect((await stripe().charge(request)).reference).toBe(payment.reference);
    await expect(stripe().charge({ ...request, source: 'tok_mastercard' })).rejects.toMatchObject({ code: 'idempotency_reused' });
  });

  it('answers a decline as a failed payment with Stripe’s words, and a review as manual_review', async () => {
    const declined = await stripe().charge({ idempotencyKey: 'k-decline', amount: 1000, currency: 'USD', source: 'tok_chargeDeclined' });
    expect(declined).toMatchObject({ status: 'failed', outcome: 'issuer_declined', failureCode: 'generic_decline', failureMessage: 'Your card was declined.' });
    const review = await stripe().charge({ idempotencyKey: 'k-review', amount: 1000, currency: 'USD', source: 'tok_riskLevelElevated' });
    expect(review).toMatchObject({ status: 'succeeded', outcome: 'manual_review' });
  });

  it('charges a saved method, saves a token as a method, debits a bank account Stripe.js took (pending), refunds and fetches', async () => {
    const saved = await stripe().savePaymentMethod({ token: 'tok_visa', idempotencyKey: 'k-save' });
    expect(saved).toMatchObject({ type: 'card', brand: 'visa', last4: '4242' });
    const charged = await stripe().charge({ idempotencyKey: 'k-pm', amount: 1500, currency: 'USD', source: saved.reference });
    expect(new URLSearchParams(seen.at(-1)!.body).get('payment_method')).toBe(saved.reference);
    // Routing and account numbers never go to Stripe from Almoner: Stripe.js makes the account's method.
    expect(stripe().debitAch).toBeUndefined();
    const method = await elementsBankMethod(baseUrl);
    const debit = await stripe().debitBankMethod!({ idempotencyKey: 'k-ach', amount: 3000, currency: 'USD', paymentMethod: method.id! });
    expect(debit).toMatchObject({ type: 'bank', status: 'pending', bank: { last4: '6789', accountType: 'checking' } });
    const refund = await stripe().refund({ idempotencyKey: 'k-refund', paymentReference: charged.reference, amount: 500, currency: 'USD', reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 500, paymentReference: charged.reference });
    expect(seen.at(-1)!.headers['idempotency-key']).toBe('k-refund');
    expect(await stripe().fetchPayment(charged.reference)).toMatchObject({ reference: charged.reference, status: 'succeeded' });
  });

  it('keeps a card for renewals: a customer once, a SetupIntent for off-session use, then off-session charges with the customer', async () => {
    const gateway = stripe();
    const customer = await gateway.createCustomer!({ idempotencyKey: 'customer:7', supporterId: 7, name: 'Ada Lovelace', email: 'ada@example.org' });
    expect(customer).toMatch(/^cus_/);
    expect(Object.fromEntries(new URLSearchParams(seen.at(-1)!.body))).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.org', 'metadata[almoner_supporter_id]': '7' });
    const saved = await gateway.savePaymentMethod({ token: 'tok_visa', idempotencyKey: 'k-setup', customer });
    const setup = seen.at(-1)!;
    expect(setup.path).toBe('/v1/setup_intents');
    expect(setup.headers['idempotency-key']).toBe('k-setup');
    expect(Object.fromEntries(new URLSearchParams(setup.body))).toMatchObject({ customer, confirm: 'true', usage: 'off_session', 'payment_method_data[card][token]': 'tok_visa' });
    expect(saved).toMatchObject({ type: 'card', brand: 'visa', last4: '4242' });

    const renewal = await gateway.charge({ idempotencyKey: 'recurring:1:2026-01-01:0', amount: 2000, currency: 'USD', source: saved.reference, customer, offSession: true });
    expect(renewal).toMatchObject({ status: 'succeeded', amount: 2000, needsAuthentication: false });
    expect(Object.fromEntries(new URLSearchParams(seen.at(-1)!.body))).toMatchObject({ payment_method: saved.reference, customer, off_session: 'true', confirm: 'true' });
    // Without the customer (a method saved at the point of sale, charged there again), Stripe's own record of it is read.
    await gateway.charge({ idempotencyKey: 'k-pm-customer', amount: 900, currency: 'USD', source: saved.reference });
    expect(seen.at(-2)!).toMatchObject({ method: 'GET', path: `/v1/payment_methods/${saved.reference}` });
    expect(new URLSearchParams(seen.at(-1)!.body).get('customer')).toBe(customer);
  });

  it('answers a renewal the bank wants authenticated as a failed payment that needs the donor; a saved card that declines as a decline', async () => {
    const gateway = stripe();
    const customer = await gateway.createCustomer!({ idempotencyKey: 'customer:8', supporterId: 8, name: null, email: null });
    // Set up while the donor is there: their bank's challenge first (Stripe.js shows it), then the method is kept.
    const setUp = { token: 'pm_card_authenticationRequired', idempotencyKey: 'k-setup-3ds', customer };
    const challenge = await gateway.savePaymentMethod(setUp).catch((error: unknown) => error);
    expect(challenge).toBeInstanceOf(AuthenticationRequired);
    const { setupReference, clientSecret } = challenge as AuthenticationRequired;
    expect(clientSecret).toContain('_secret_');
    await expect(gateway.savePaymentMethod({ ...setUp, setupReference })).rejects.toMatchObject({ code: 'invalid_request', field: 'token' });
    confirmSetUpAsDonor(setupReference);
    await expect(gateway.savePaymentMethod({ ...setUp, setupReference, customer: 'cus_someoneElse' })).rejects.toMatchObject({ code: 'invalid_request' });
    const challenged = await gateway.savePaymentMethod({ ...setUp, setupReference });
    const offSession = await gateway.charge({ idempotencyKey: 'k-3ds', amount: 2000, currency: 'USD', source: challenged.reference, customer, offSession: true });
    expect(offSession).toMatchObject({ status: 'failed', needsAuthentication: true, failureCode: 'authentication_required' });
    const onSession = await gateway.charge({ idempotencyKey: 'k-3ds-on', amount: 2000, currency: 'USD', source: challenged.reference, customer });
    expect(onSession).toMatchObject({ status: 'failed', needsAuthentication: true });

    const failing = await gateway.savePaymentMethod({ token: 'tok_chargeCustomerFail', idempotencyKey: 'k-setup-fail', customer });
    const declined = await gateway.charge({ idempotencyKey: 'k-fail', amount: 2000, currency: 'USD', source: failing.reference, customer, offSession: true });
    expect(declined).toMatchObject({ status: 'failed', needsAuthentication: false, failureCode: 'generic_decline' });
    // A card refused when it is set up is refused on its field, nothing kept.
    await expect(gateway.savePaymentMethod({ token: 'tok_chargeDeclined', idempotencyKey: 'k-setup-declined', customer })).rejects.toMatchObject({ code: 'invalid_request', field: 'token', message: 'Your card was declined.' });
  });

  it('maps refusals to GatewayError: unknown payment, invalid request, bad key', async () => {
    await expect(stripe().fetchPayment('pi_missing')).rejects.toMatchObject({ code: 'not_found' });
    const invalid = await stripe().charge({ idempotencyKey: 'k-zero', amount: 0, currency: 'USD', source: 'tok_visa' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(GatewayError);
    expect(invalid).toMatchObject({ code: 'invalid_request', field: 'amount' });
    await expect(createStripeGateway({ secretKey: 'sk_wrong', baseUrl }).fetchPayment('pi_1')).rejects.toThrow('Stripe answered 401: Invalid API Key provided.');
  });
});
