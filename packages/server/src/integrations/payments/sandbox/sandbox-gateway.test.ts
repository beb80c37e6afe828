import { gatewayMessages, sandboxTestCards, settingsMessages, stripeMessages, type AchAccount } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { putSettings } from '../../../modules/settings/settings.service.ts';
import { createTestApp, signedIn, type TestApp } from '../../../test/test-app.ts';
import { gatewayFor } from '../index.ts';
import { GatewayError, type PaymentGateway } from '../gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';
import { sandboxLedger, sandboxSources } from './sandbox.tables.ts';

let t: TestApp;
let gateway: PaymentGateway;
let keyCounter = 0;
const key = (label: string) => `${label}-${(keyCounter += 1)}-${Date.now()}`;
const FUTURE = `12 / ${(new Date().getUTCFullYear() + 3) % 100}`;
const ACCOUNT: AchAccount = { routing_number: '110000000', account_number: '000123456789', account_type: 'checking', account_holder_name: 'Jane Donor' };

beforeAll(async () => {
  t = await createTestApp();
  gateway = await gatewayFor(t.database.db);
});

async function tokenFor(number: string, cvc = '123') {
  const response = await t.app.inject({ method: 'POST', url: '/sandbox-gateway/v1/tokens', payload: { number, expiry: FUTURE, cvc } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string; card: { brand: string; last4: string } }>().token;
}

const ledgerFor = (idempotencyKey: string) => t.database.db.select().from(sandboxLedger).where(eq(sandboxLedger.idempotencyKey, idempotencyKey));
const refused = async (work: Promise<unknown>, message: string) => {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(GatewayError);
  expect((error as GatewayError).message).toBe(message);
};

describe('sandbox gateway: card fields token endpoint', () => {
  it('turns a test card into a single-use capture token and keeps no card number', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/sandbox-gateway/v1/tokens', payload: { number: '4242 4242 4242 4242', expiry: FUTURE, cvc: '123' } });
    expect(response.statusCode).toBe(200);
    const { token, card } = response.json();
    expect(token).toMatch(/^tok_[0-9a-f]{24}$/);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12 });
    const stored = await t.database.db.select().from(sandboxSources).where(eq(sandboxSources.reference, token));
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    expect(JSON.stringify(stored)).not.toContain('"123"');
  });

  it('checks Luhn, expiry and security code, and answers 422 for anything a client can send', async () => {
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/sandbox-gateway/v1/tokens', payload: payload as Record<string, string> });
    const bad = await post({ number: '4242 4242 4242 4241', expiry: '01 / 20', cvc: '12' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ number: [gatewayMessages.cardNumber], expiry: [gatewayMessages.expired], cvc: [gatewayMessages.cvc] });
    expect((await post({ number: '4242424242424242', expiry: '13/30', cvc: '123' })).json().errors).toEqual({ expiry: [gatewayMessages.expiry] });
    expect((await post({ number: '3782 822463 10005', expiry: FUTURE, cvc: '123' })).json().errors).toEqual({ cvc: [gatewayMessages.cvc] });
    for (const payload of [{}, { number: '4242\u00004242', expiry: FUTURE, cvc: '123' }, { number: ['x'], expiry: 1, cvc: null }, { number: '4'.repeat(50), expiry: FUTURE, cvc: '123' }]) {
      expect((await post(payload)).statusCode).toBe(422);
    }
    expect((await post('x'.repeat(500))).statusCode).toBe(415);
  });
});

describe('sandbox gateway: charges', () => {
  it.each(sandboxTestCards)('$number: $description', async (card) => {
    const payment = await gateway.charge({ amount: 2500, currency: 'USD', source: await tokenFor(card.number), idempotencyKey: key('card') });
    const expected = {
      succeeds: { status: 'succeeded', outcome: 'authorized', failureCode: null },
      declined: { status: 'failed', outcome: 'issuer_declined', failureCode: 'card_declined', failureMessage: gatewayMessages.declined },
      incorrect_cvc: { status: 'failed', outcome: 'issuer_declined', failureCode: 'incorrect_cvc', failureMessage: gatewayMessages.incorrectCvc },
      review: { status: 'succeeded', outcome: 'manual_review', failureCode: null },
    }[card.outcome];
    expect(payment).toMatchObject({ ...expected, amount: 2500, currency: 'USD', type: 'card' });
    expect(payment.card).toMatchObject({ brand: 'visa', last4: card.number.slice(-4), cvcCheck: card.outcome === 'incorrect_cvc' ? 'fail' : 'pass' });
    const [entry] = await t.database.db.select().from(sandboxLedger).where(eq(sandboxLedger.reference, payment.reference));
    expect(entry).toMatchObject({ kind: 'charge', amount: 2500, status: expected.status });
  });

  it('answers the same key twice with one effect and the same answer; another request under it is refused', async () => {
    const source = await tokenFor('4242424242424242');
    const idempotencyKey = key('repeat');
    const first = await gateway.charge({ amount: 1000, currency: 'USD', source, idempotencyKey });
    const again = await gateway.charge({ amount: 1000, currency: 'USD', source, idempotencyKey });
    expect(again).toEqual(first);
    expect(await ledgerFor(idempotencyKey)).toHaveLength(1);
    await refused(gateway.charge({ amount: 1001, currency: 'USD', source, idempotencyKey }), gatewayMessages.idempotencyReused);
  });

  it('makes two parallel charges with one key one ledger entry with one answer', async () => {
    const source = await tokenFor('4242424242424242');
    const idempotencyKey = key('parallel');
    // Two gateways over the same database: nothing is shared in process memory.
    const other = createSandboxGateway(t.database.db);
    const [a, b] = await Promise.all([
      gateway.charge({ amount: 4200, currency: 'USD', source, idempotencyKey }),
      other.charge({ amount: 4200, currency: 'USD', source, idempotencyKey }),
    ]);
    expect(a).toEqual(b);
    expect(await ledgerFor(idempotencyKey)).toHaveLength(1);
  });

  it('takes a capture token once: a second charge with another key is refused', async () => {
    const source = await tokenFor('4242424242424242');
    const results = await Promise.allSettled([
      gateway.charge({ amount: 100, currency: 'USD', source, idempotencyKey: key('once-a') }),
      gateway.charge({ amount: 100, currency: 'USD', source, idempotencyKey: key('once-b') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    await refused(gateway.charge({ amount: 100, currency: 'USD', source, idempotencyKey: key('once-c') }), gatewayMessages.tokenInvalid);
    await refused(gateway.charge({ amount: 100, currency: 'USD', source: 'tok_unknown', idempotencyKey: key('unknown') }), gatewayMessages.tokenInvalid);
  });

  it('refuses amounts and currencies no gateway would take', async () => {
    const source = await tokenFor('4242424242424242');
    for (const amount of [0, -5, 10.5, Number.NaN]) {
      await refused(gateway.charge({ amount, currency: 'USD', source, idempotencyKey: key('amount') }), gatewayMessages.amount);
    }
    await refused(gateway.charge({ amount: 100, currency: 'usd', source, idempotencyKey: key('currency') }), gatewayMessages.currencyCode);
    await refused(gateway.charge({ amount: 100, currency: 'USD', source, idempotencyKey: '' }), gatewayMessages.idempotencyKey);
  });

  it('saves a payment method that can be charged again and again', async () => {
    const token = await tokenFor('4242424242424242');
    const idempotencyKey = key('save');
    const method = await gateway.savePaymentMethod({ token, idempotencyKey });
    expect(method).toMatchObject({ reference: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242' });
    expect(await gateway.savePaymentMethod({ token, idempotencyKey })).toEqual(method);
    await refused(gateway.savePaymentMethod({ token, idempotencyKey: key('save-again') }), gatewayMessages.tokenInvalid);
    for (const label of ['pm-1', 'pm-2']) {
      expect((await gateway.charge({ amount: 500, currency: 'USD', source: method.reference, idempotencyKey: key(label) })).status).toBe('succeeded');
    }
  });
});

describe('sandbox gateway: refunds', () => {
  const paid = async (amount = 10_000) =>
    gateway.charge({ amount, currency: 'USD', source: await tokenFor('4242424242424242'), idempotencyKey: key('paid') });

  it('refunds in parts up to what is left, and never past it', async () => {
    const payment = await paid();
    const firstKey = key('refund');
    const first = await gateway.refund({ paymentReference: payment.reference, amount: 3000, currency: 'USD', idempotencyKey: firstKey });
    expect(first).toMatchObject({ status: 'succeeded', amount: 3000, paymentReference: payment.reference });
    expect(await gateway.refund({ paymentReference: payment.reference, amount: 3000, currency: 'USD', idempotencyKey: firstKey })).toEqual(first);
    await refused(gateway.refund({ paymentReference: payment.reference, amount: 7001, currency: 'USD', idempotencyKey: key('over') }), gatewayMessages.refundTooLarge);
    await gateway.refund({ paymentReference: payment.reference, amount: 7000, currency: 'USD', idempotencyKey: key('rest') });
    await refused(gateway.refund({ paymentReference: payment.reference, amount: 1, currency: 'USD', idempotencyKey: key('more') }), gatewayMessages.refundTooLarge);
    expect(await gateway.fetchPayment(payment.reference)).toMatchObject({ amount: 10_000, amountRefunded: 10_000, status: 'succeeded' });
    const refunds = await t.database.db.select().from(sandboxLedger).where(eq(sandboxLedger.paymentReference, payment.reference));
    expect(refunds.map((r) => r.amount).sort()).toEqual([3000, 7000]);
  });

  it('lets only one of two parallel refunds fit into what is left', async () => {
    const payment = await paid();
    const results = await Promise.allSettled([
      gateway.refund({ paymentReference: payment.reference, amount: 6000, currency: 'USD', idempotencyKey: key('race-a') }),
      createSandboxGateway(t.database.db).refund({ paymentReference: payment.reference, amount: 6000, currency: 'USD', idempotencyKey: key('race-b') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await gateway.fetchPayment(payment.reference)).amountRefunded).toBe(6000);
  });

  it('refunds only successful payments, in their currency', async () => {
    const declined = await gateway.charge({ amount: 100, currency: 'USD', source: await tokenFor('4000000000000002'), idempotencyKey: key('declined') });
    await refused(gateway.refund({ paymentReference: declined.reference, amount: 100, currency: 'USD', idempotencyKey: key('r') }), gatewayMessages.notRefundable);
    const payment = await paid();
    await refused(gateway.refund({ paymentReference: payment.reference, amount: 100, currency: 'CAD', idempotencyKey: key('r') }), gatewayMessages.currency);
    await refused(gateway.refund({ paymentReference: 'ch_missing', amount: 100, currency: 'USD', idempotencyKey: key('r') }), gatewayMessages.paymentNotFound);
  });
});

describe('sandbox gateway: ACH debits', () => {
  it('checks the routing number checksum and the account number', async () => {
    const debit = (account: Partial<AchAccount>) =>
      gateway.debitAch!({ amount: 5000, currency: 'USD', account: { ...ACCOUNT, ...account }, idempotencyKey: key('ach') });
    await refused(debit({ routing_number: '110000001' }), gatewayMessages.routingNumber);
    await refused(debit({ routing_number: '11000000' }), gatewayMessages.routingNumber);
    await refused(debit({ account_number: '123' }), gatewayMessages.accountNumber);
    await refused(debit({ account_number: '12345678901234567890' }), gatewayMessages.accountNumber);
    expect(await debit({ account_number: '000222222227' })).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
    expect(await debit({ account_number: '000111111116' })).toMatchObject({ status: 'failed', failureCode: 'no_account' });
  });

  it('starts pending, settles after three days, and only then can be refunded', async () => {
    const debit = await gateway.debitAch!({ amount: 5000, currency: 'USD', account: ACCOUNT, idempotencyKey: key('ach-ok') });
    expect(debit).toMatchObject({ status: 'pending', type: 'bank', bank: { last4: '6789', accountType: 'checking' } });
    await refused(gateway.refund({ paymentReference: debit.reference, amount: 100, currency: 'USD', idempotencyKey: key('r') }), gatewayMessages.notRefundable);
    const later = createSandboxGateway(t.database.db, { now: () => new Date(Date.now() + 3 * 86_400_000 + 1000) });
    expect((await later.fetchPayment(debit.reference)).status).toBe('succeeded');
    expect(await later.refund({ paymentReference: debit.reference, amount: 5000, currency: 'USD', idempotencyKey: key('r') })).toMatchObject({ status: 'succeeded' });
  });
});

describe('sandbox gateway: Canadian debits, saved bank accounts and the ledger', () => {
  const CANADIAN: AchAccount = { transit_number: '12345', institution_number: '001', account_number: '1234567', account_type: 'checking', account_holder_name: 'Jean Donor' };

  it('debits a Canadian account in CAD by transit and institution numbers, and only in USD or CAD', async () => {
    const debit = (currency: string, account: Partial<AchAccount>) =>
      gateway.debitAch!({ amount: 5000, currency, account: { ...CANADIAN, ...account }, idempotencyKey: key('pad') });
    expect(gateway.achCurrencies).toEqual(['USD', 'CAD']);
    expect(await debit('CAD', {})).toMatchObject({ status: 'pending', type: 'bank', currency: 'CAD', bank: { last4: '4567' } });
    await refused(debit('CAD', { transit_number: '1234' }), gatewayMessages.transitNumber);
    await refused(debit('CAD', { institution_number: '01' }), gatewayMessages.institutionNumber);
    await refused(debit('CAD', { transit_number: undefined, institution_number: undefined, routing_number: '110000000' }), gatewayMessages.transitNumber);
    await refused(debit('USD', {}), gatewayMessages.routingNumber);
    await refused(gateway.debitAch!({ amount: 5000, currency: 'EUR', account: ACCOUNT, idempotencyKey: key('pad') }), gatewayMessages.achCurrency);
  });

  it('charges a saved bank account as a pending debit', async () => {
    const [saved] = await t.database.db
      .insert(sandboxSources)
      .values({ reference: `pm_bank_${key('b')}`, type: 'bank', reusable: true, outcome: 'succeeds', brand: 'savings', last4: '6789' })
      .returning();
    const payment = await gateway.charge({ amount: 3000, currency: 'USD', source: saved!.reference, idempotencyKey: key('bank-pm') });
    expect(payment).toMatchObject({ type: 'bank', status: 'pending', card: null, bank: { last4: '6789', accountType: 'savings' } });
    expect((await gateway.charge({ amount: 3000, currency: 'USD', source: saved!.reference, idempotencyKey: key('bank-pm') })).status).toBe('pending');
    await refused(gateway.charge({ amount: 3000, currency: 'EUR', source: saved!.reference, idempotencyKey: key('bank-pm') }), gatewayMessages.achCurrency);
  });

  it('shows its ledger by description to staff who manage payments, and to no one else', async () => {
    const description = `Ledger test ${key('d')}`;
    const payment = await gateway.charge({ amount: 1234, currency: 'USD', source: await tokenFor('4242424242424242'), idempotencyKey: key('l'), description });
    const { agent } = await signedIn(t);
    const answer = await agent.get(`/sandbox-gateway/v1/ledger?description=${encodeURIComponent(description)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual([expect.objectContaining({ reference: payment.reference, kind: 'charge', amount: 1234, status: 'succeeded', description })]);
    expect((await agent.get('/sandbox-gateway/v1/ledger')).statusCode).toBe(422);
    expect((await agent.get('/sandbox-gateway/v1/ledger?description=a%00b')).statusCode).toBe(422);
    const clerk = (await signedIn(t, { permissions: ['pos.edit'] })).agent;
    expect((await clerk.get(`/sandbox-gateway/v1/ledger?description=${encodeURIComponent(description)}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox-gateway/v1/ledger?description=x` })).statusCode).toBe(401);
  });
});

describe('sandbox gateway: settings and hosted page', () => {
  it('is the gateway the settings choose by default; Stripe is chosen only with its keys', async () => {
    expect(gateway.name).toBe('sandbox');
    const { agent } = await signedIn(t);
    expect((await agent.get('/jpanel/settings.json')).json().values.payment_gateway).toBe('sandbox');
    const refusedChoice = await agent.post('/jpanel/settings', { payment_gateway: 'paypal' });
    expect(refusedChoice.statusCode).toBe(422);
    expect(refusedChoice.json().errors.payment_gateway).toEqual([settingsMessages.paymentGateway]);
    const noKeys = await agent.post('/jpanel/settings', { payment_gateway: 'stripe' });
    expect(noKeys.json().errors.payment_gateway).toEqual([stripeMessages.chooseWithoutKeys]);
    // A stored value from a gateway that no longer exists falls back to the sandbox.
    await putSettings(t.database.db, { payment_gateway: 'retired-gateway' });
    expect((await gatewayFor(t.database.db)).name).toBe('sandbox');
    expect((await agent.get('/jpanel/settings.json')).json().values.payment_gateway).toBe('sandbox');
    await putSettings(t.database.db, { payment_gateway: 'sandbox' });
  });

  it('serves the card fields page under a strict policy, its script and styles as files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox-gateway/card-fields' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'",
    );
    expect(page.body).toContain('<script src="/sandbox-gateway/card-fields.js" defer></script>');
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>|\son[a-z]+=|\sstyle=/i);
    const script = await t.app.inject({ method: 'GET', url: '/sandbox-gateway/card-fields.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain("'/sandbox-gateway/v1/tokens'");
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-gateway/card-fields.css' })).headers['content-type']).toContain('text/css');
  });
});
