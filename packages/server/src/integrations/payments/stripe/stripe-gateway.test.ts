import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../gateway.ts';
import { encodeForm } from '../../connection/form-encoding.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/**
 * A local stand-in for Stripe's API (node:http, never the internet): PaymentIntents, refunds and
 * payment methods as Stripe answers them, its idempotency rules (same key and body: same answer;
 * same key, other body: idempotency_error) and its 402 for declines.
 */
type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
type Obj = Record<string, unknown>;
/**
 * Stripe's own example objects (its published fixtures3.json, MIT: src/test/stripe/): every
 * answer starts from the real object, every field and null included, with the case's values on top.
 */
const fixtures = (JSON.parse(readFileSync(new URL('../../../test/stripe/fixtures.json', import.meta.url), 'utf8')) as { resources: Record<string, Obj> }).resources;
const like = (resource: string, values: Obj): Obj => ({ ...fixtures[resource], ...values });
const charge = (values: Obj) => like('charge', { ...values, balance_transaction: like('balance_transaction', { fee: Math.round(Number(values.amount ?? 0) * 0.029) + 30 }) });
const seen: Seen[] = [];
const intents = new Map<string, Record<string, unknown>>();
const byKey = new Map<string, { body: string; status: number; answer: unknown }>();
let n = 0;

function answerFor(path: string, form: URLSearchParams): { status: number; answer: unknown } {
  if (path === '/v1/payment_methods') {
    return { status: 200, answer: like('payment_method', { id: `pm_${++n}`, type: 'card', card: { ...(fixtures.payment_method?.card as Obj), brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2039 } }) };
  }
  if (path === '/v1/refunds') {
    return { status: 200, answer: like('refund', { id: `re_${++n}`, status: 'succeeded', amount: Number(form.get('amount')), currency: 'usd', payment_intent: form.get('payment_intent'), created: 1_800_000_000 }) };
  }
  if (!(Number(form.get('amount')) > 0)) return { status: 400, answer: { error: { type: 'invalid_request_error', message: 'Amount must be at least $0.50 usd.', param: 'amount' } } };
  const bank = form.get('allowed_payment_method_types[0]') === 'us_bank_account';
  const token = form.get('payment_method_data[card][token]') ?? form.get('payment_method') ?? '';
  const id = `pi_${++n}`;
  const amount = Number(form.get('amount'));
  const base = like('payment_intent', { id, amount, currency: form.get('currency'), created: 1_800_000_000, payment_method_types: [bank ? 'us_bank_account' : 'card'] });
  if (token === 'tok_chargeDeclined') {
    const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    const intent = { ...base, status: 'requires_payment_method', last_payment_error: error, latest_charge: like('charge', { id: `ch_${n}`, outcome: { type: 'issuer_declined' }, payment_method_details: { type: 'card', card: { brand: 'visa', last4: '0002', exp_month: 1, exp_year: 2039, checks: { cvc_check: 'pass' } } } }) };
    intents.set(id, intent);
    return { status: 402, answer: { error: { ...error, payment_intent: intent } } };
  }
  const intent = bank
    ? { ...base, status: 'processing', latest_charge: charge({ id: `py_${n}`, amount, outcome: { type: 'authorized' }, amount_refunded: 0, payment_method_details: { type: 'us_bank_account', us_bank_account: { last4: '6789', account_type: 'checking' } } }) }
    : { ...base, status: 'succeeded', latest_charge: charge({ id: `ch_${n}`, amount, outcome: { type: token === 'tok_riskLevelElevated' ? 'manual_review' : 'authorized' }, amount_refunded: 0, payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2039, checks: { cvc_check: 'pass' } } } }) };
  intents.set(id, intent);
  return { status: 200, answer: intent };
}

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      seen.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
      const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (req.headers.authorization !== 'Bearer sk_test_stub') return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      if (req.method === 'GET') {
        const intent = intents.get(url.pathname.split('/').pop() ?? '');
        return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent.', param: 'intent' } });
      }
      const key = String(req.headers['idempotency-key'] ?? '');
      const earlier = byKey.get(key);
      if (earlier && earlier.body !== body) return send(400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } });
      if (earlier) return send(earlier.status, earlier.answer);
      const { status, answer } = answerFor(url.pathname, new URLSearchParams(body));
      if (key) byKey.set(key, { body, status, answer });
      return send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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

  it('charges a saved method, saves a token as a method, debits a bank account (pending), refunds and fetches', async () => {
    const saved = await stripe().savePaymentMethod({ token: 'tok_visa', idempotencyKey: 'k-save' });
    expect(saved).toMatchObject({ type: 'card', brand: 'visa', last4: '4242' });
    const charged = await stripe().charge({ idempotencyKey: 'k-pm', amount: 1500, currency: 'USD', source: saved.reference });
    expect(new URLSearchParams(seen.at(-1)!.body).get('payment_method')).toBe(saved.reference);
    const debit = await stripe().debitAch({ idempotencyKey: 'k-ach', amount: 3000, currency: 'USD', account: { routing_number: '110000000', account_number: '000123456789', account_type: 'checking', account_holder_name: 'Ada Lovelace' } });
    expect(debit).toMatchObject({ type: 'bank', status: 'pending', bank: { last4: '6789', accountType: 'checking' } });
    const refund = await stripe().refund({ idempotencyKey: 'k-refund', paymentReference: charged.reference, amount: 500, currency: 'USD', reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 500, paymentReference: charged.reference });
    expect(seen.at(-1)!.headers['idempotency-key']).toBe('k-refund');
    expect(await stripe().fetchPayment(charged.reference)).toMatchObject({ reference: charged.reference, status: 'succeeded' });
  });

  it('maps refusals to GatewayError: unknown payment, invalid request, bad key', async () => {
    await expect(stripe().fetchPayment('pi_missing')).rejects.toMatchObject({ code: 'not_found' });
    const invalid = await stripe().charge({ idempotencyKey: 'k-zero', amount: 0, currency: 'USD', source: 'tok_visa' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(GatewayError);
    expect(invalid).toMatchObject({ code: 'invalid_request', field: 'amount' });
    await expect(createStripeGateway({ secretKey: 'sk_wrong', baseUrl }).fetchPayment('pi_1')).rejects.toThrow('Stripe answered 401: Invalid API Key provided.');
  });
});
