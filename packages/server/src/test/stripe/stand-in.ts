import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's API (node:http, never the internet): PaymentIntents, refunds and
 * payment methods as Stripe answers them, its idempotency rules (same key and body: same answer;
 * same key, other body: idempotency_error) and its 402 for declines.
 */
export type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
type Obj = Record<string, unknown>;
/**
 * Stripe's own example objects (its published fixtures3.json, MIT: src/test/stripe/): every
 * answer starts from the real object, every field and null included, with the case's values on top.
 */
const fixtures = (JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as { resources: Record<string, Obj> }).resources;
const like = (resource: string, values: Obj): Obj => ({ ...fixtures[resource], ...values });
const charge = (values: Obj) => like('charge', { ...values, balance_transaction: like('balance_transaction', { fee: Math.round(Number(values.amount ?? 0) * 0.029) + 30 }) });
const seen: Seen[] = [];
const intents = new Map<string, Record<string, unknown>>();
const byKey = new Map<string, { body: string; status: number; answer: unknown }>();
/** Every refund made, Almoner's and the dashboard's, by the charge it gave back. */
const refundsByCharge = new Map<string, Obj[]>();
const chargeIdOf = (intentId: string | null) => String((intents.get(intentId ?? '')?.latest_charge as Obj | undefined)?.id ?? '');
function keepRefund(refund: Obj): Obj {
  const charge = String(refund.charge);
  refundsByCharge.set(charge, [refund, ...(refundsByCharge.get(charge) ?? [])]);
  // Stripe takes a refund out of the balance when it is made, pending or not.
  moveBalance('refund', -Number(refund.amount), 0, String(refund.id), String(refund.currency));
  return refund;
}
/**
 * The account's balance transactions (GET /v1/balance_transactions), newest last: one per charge
 * (its fee with it), refund and failed refund, made when Stripe moves the money, by Stripe's clock.
 */
const balance: Obj[] = [];
function moveBalance(type: 'charge' | 'payment' | 'refund' | 'refund_failure', amount: number, fee: number, source: string, currency: string): void {
  const created = Math.floor(Date.now() / 1000);
  balance.push(like('balance_transaction', {
    id: `txn_${source}_${balance.length + 1}`, type, reporting_category: type === 'payment' ? 'charge' : type, amount, fee, net: amount - fee, source, currency,
    created, available_on: created + 2 * 86_400, status: 'pending', description: null,
    fee_details: fee ? [{ amount: fee, application: null, currency, description: 'Stripe processing fees', type: 'stripe_fee' }] : [],
  }));
}
/** Behind Almoner's back: a balance transaction Stripe shows that Almoner's own calls never made (a test's difference). */
export function addStripeBalanceTransaction(values: Obj): Obj {
  const entry = like('balance_transaction', { created: Math.floor(Date.now() / 1000), ...values });
  balance.push(entry);
  return entry;
}
let n = 0;
/** Stripe's test methods whose refunds answer `pending` and settle later (docs.stripe.com/testing#refunds). */
const pendingRefundMethods = new Set(['pm_card_pendingRefund', 'tok_pendingRefund', 'pm_card_refundFail', 'tok_refundFail']);
/** PaymentIntents paid with one of them. */
const slowRefunds = new Set<string>();
const refundById = (id: string): Obj | undefined => [...refundsByCharge.values()].flat().find((r) => r.id === id);
/** The customer each saved method is attached to, and the test card or token it was made from. */
const methodCustomers = new Map<string, string>();
const methodOrigins = new Map<string, string>();
const cardOf = (number: string, values: Obj = {}): Obj => ({ ...(fixtures.payment_method?.card as Obj), brand: number.startsWith('4') ? 'visa' : 'mastercard', last4: number.slice(-4), exp_month: 12, exp_year: 2039, ...values });
/** Stripe's test payment methods and tokens by what their charges do (docs.stripe.com/testing). */
const declines = new Set(['tok_chargeDeclined', 'pm_card_chargeDeclined', 'tok_chargeCustomerFail', 'pm_card_chargeCustomerFail']);
/** Cards whose bank asks the cardholder to authenticate every payment (4000 0027 6000 3184 typed into Elements, too). */
const challenges = new Set(['pm_card_authenticationRequired', 'pm_card_threeDSecureRequired', '4000002760003184']);
/** Cards whose bank asks the cardholder to confirm them when they are set up for later. */
const setupChallenges = new Set([...challenges, 'pm_card_authenticationRequiredOnSetup']);
/** SetupIntents made, by id: the ones waiting for the donor's challenge are read back after it. */
const setupIntents = new Map<string, Obj>();
/** A method made now (pm_…), from a token, a card as typed, or one of Stripe's test methods. */
function newMethod(origin: string, card: Obj, customer: string | null): Obj {
  const id = `pm_${++n}`;
  methodOrigins.set(id, origin);
  if (customer) methodCustomers.set(id, customer);
  return like('payment_method', { id, type: 'card', customer, card });
}
const savedMethod = (id: string): Obj =>
  like('payment_method', { id, type: 'card', customer: methodCustomers.get(id) ?? null, card: cardOf(methodOrigins.get(id)?.includes('Declined') ? '4000000000000002' : '4242424242424242') });

/**
 * The stand-in's own case (not one of Stripe's test numbers): an account ending 0004 is one Stripe
 * wants verified by micro-deposits before it debits it, answered as Stripe answers then
 * (requires_action, next_action verify_with_microdeposits).
 */
const microdepositAccounts = new Set(['0004']);
/** us_bank_account methods Stripe.js made (id → the method), for the debits that charge them. */
const bankMethods = new Map<string, Obj>();
/** An ABA routing number's check digit (3-7-1 weights), as Stripe checks it before it makes a method. */
const abaValid = (routing: string) => /^\d{9}$/.test(routing) && [...routing].reduce((sum, d, i) => sum + Number(d) * [3, 7, 1][i % 3]!, 0) % 10 === 0;
const refusal = (param: string, message: string, code = 'parameter_invalid_string'): { status: number; answer: unknown } => ({ status: 400, answer: { error: { type: 'invalid_request_error', code, param, message } } });

/**
 * A us_bank_account PaymentMethod as Stripe.js makes it from the details typed into its fields
 * (stripe.createPaymentMethod): the holder's name is required, the routing number must be a
 * valid ABA number and the account number 4 to 17 digits, each refused in Stripe's words.
 */
function bankMethod(form: URLSearchParams): { status: number; answer: unknown } {
  const name = form.get('billing_details[name]') ?? '';
  const routing = form.get('us_bank_account[routing_number]') ?? '';
  const account = form.get('us_bank_account[account_number]') ?? '';
  if (!name.trim()) return refusal('billing_details[name]', 'Missing required param: billing_details[name].', 'parameter_missing');
  if (!/^\d{9}$/.test(routing)) return refusal('us_bank_account[routing_number]', 'Routing number must have 9 digits', 'routing_number_invalid');
  if (!abaValid(routing)) return refusal('us_bank_account[routing_number]', 'Invalid routing number', 'routing_number_invalid');
  if (!/^\d{4,17}$/.test(account)) return refusal('us_bank_account[account_number]', 'Invalid account number', 'account_number_invalid');
  const id = `pm_${++n}`;
  const method = like('payment_method', {
    id, type: 'us_bank_account', customer: null, card: null,
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name, phone: null, tax_id: null },
    us_bank_account: {
      account_holder_type: form.get('us_bank_account[account_holder_type]') ?? 'individual', account_type: form.get('us_bank_account[account_type]') ?? 'checking',
      bank_name: 'STRIPE TEST BANK', financial_connections_account: null, fingerprint: `fp_${routing.slice(-4)}${account.slice(-4)}`, last4: account.slice(-4),
      networks: { preferred: 'ach', supported: ['ach'] }, routing_number: routing, status_details: {},
    },
  });
  bankMethods.set(id, method);
  return { status: 200, answer: method };
}

/**
 * What Stripe refuses of a PaymentIntent debiting a us_bank_account method: an unknown method, a
 * card's, another currency than USD, or no mandate (the donor's authorisation) with a confirm.
 */
function bankDebitRefusal(form: URLSearchParams): { status: number; answer: unknown } | null {
  const id = form.get('payment_method') ?? '';
  if (!bankMethods.has(id) && !methodOrigins.has(id)) return refusal('payment_method', `No such PaymentMethod: '${id}'`, 'resource_missing');
  if (!bankMethods.has(id)) return refusal('payment_method', 'The PaymentMethod provided (card) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: us_bank_account. Alternatively update the allowed payment_method_types for this PaymentIntent to include "card".');
  if (form.get('currency') !== 'usd') return refusal('currency', `The currency provided (${form.get('currency') ?? ''}) is invalid. Payments with us_bank_account support the following currencies: usd.`);
  const acceptance = form.get('mandate_data[customer_acceptance][type]');
  if (form.get('confirm') === 'true' && acceptance !== 'offline' && acceptance !== 'online') return refusal('mandate_data', 'A mandate is required to confirm this PaymentIntent with a us_bank_account PaymentMethod: provide mandate_data with the customer\'s acceptance.', 'parameter_missing');
  return null;
}

function answerFor(path: string, form: URLSearchParams): { status: number; answer: unknown } {
  if (path === '/v1/payment_methods' && form.get('type') === 'us_bank_account') return bankMethod(form);
  if (path === '/v1/payment_methods') {
    // Stripe.js sends the card as typed (Elements); the server sends a token. Either way the answer is the method.
    const number = form.get('card[number]') ?? '4242424242424242';
    const card = cardOf(number, { exp_month: Number(form.get('card[exp_month]') ?? 12), exp_year: Number(form.get('card[exp_year]') ?? 2039) });
    return { status: 200, answer: newMethod(form.get('card[token]') ?? number, card, null) };
  }
  if (path === '/v1/customers') {
    return { status: 200, answer: like('customer', { id: `cus_${++n}`, name: form.get('name'), email: form.get('email'), metadata: metadataOf(form), created: 1_800_000_000, discount: null }) };
  }
  if (path === '/v1/setup_intents') return setUp(form);
  if (/^\/v1\/(payment|setup)_intents\/[^/]+\/authenticate_as_donor$/.test(path)) return challengeAnswered(path.split('/')[3] ?? '', form);
  if (/^\/v1\/payment_intents\/pi_[^/]+\/cancel$/.test(path)) return cancelIntent(path.split('/')[3] ?? '', form.get('cancellation_reason'));
  if (path === '/v1/refunds') {
    const intent = form.get('payment_intent');
    const refused = refundRefusal(intent, Number(form.get('amount')));
    if (refused) return { status: 400, answer: { error: refused } };
    const status = slowRefunds.has(intent ?? '') ? 'pending' : 'succeeded';
    return { status: 200, answer: keepRefund(like('refund', { id: `re_${++n}`, status, amount: Number(form.get('amount')), currency: 'usd', payment_intent: intent, charge: chargeIdOf(intent), created: 1_800_000_000 })) };
  }
  if (!(Number(form.get('amount')) > 0)) return { status: 400, answer: { error: { type: 'invalid_request_error', message: 'Amount must be at least $0.50 usd.', param: 'amount' } } };
  const bank = form.get('allowed_payment_method_types[0]') === 'us_bank_account' || form.get('payment_method_types[0]') === 'us_bank_account';
  const saved = form.get('payment_method');
  const debited = saved ? bankMethods.get(saved) : undefined;
  if (bank && saved) {
    const refused = bankDebitRefusal(form);
    if (refused) return refused;
  }
  // Stripe refuses a method attached to one customer when charged without it (or with another).
  if (saved && methodCustomers.has(saved) && form.get('customer') !== methodCustomers.get(saved)) {
    return { status: 400, answer: { error: { type: 'invalid_request_error', message: 'The provided PaymentMethod was previously attached to a Customer or was detached from a Customer, and may not be used again.', param: 'payment_method' } } };
  }
  const token = form.get('payment_method_data[card][token]') ?? (saved ? (methodOrigins.get(saved) ?? saved) : '');
  const id = `pi_${++n}`;
  if (pendingRefundMethods.has(token)) slowRefunds.add(id);
  const amount = Number(form.get('amount'));
  const base = like('payment_intent', {
    id, amount, currency: form.get('currency'), description: form.get('description'), metadata: metadataOf(form), created: 1_800_000_000, payment_method_types: [bank ? 'us_bank_account' : 'card'], client_secret: `${id}_secret_stub`,
    // The method charged: the saved one named, or the one Stripe makes of payment_method_data.
    payment_method: saved ?? `pm_data_${n}`,
  });
  if (challenges.has(token)) return challenged(base, form.get('off_session') === 'true');
  if (declines.has(token)) {
    const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    const intent = { ...base, status: 'requires_payment_method', last_payment_error: error, latest_charge: like('charge', { id: `ch_${n}`, outcome: { type: 'issuer_declined' }, payment_method_details: { type: 'card', card: { brand: 'visa', last4: '0002', exp_month: 1, exp_year: 2039, checks: { cvc_check: 'pass' } } } }) };
    intents.set(id, intent);
    return { status: 402, answer: { error: { ...error, payment_intent: intent } } };
  }
  if (debited && microdepositAccounts.has(String((debited.us_bank_account as Obj).last4))) {
    const intent = { ...base, status: 'requires_action', latest_charge: null, next_action: { type: 'verify_with_microdeposits', verify_with_microdeposits: { arrival_date: 1_800_172_800, hosted_verification_url: `https://payments.stripe.com/microdeposit/${id}`, microdeposit_type: 'descriptor_code' } } };
    intents.set(id, intent);
    return { status: 200, answer: intent };
  }
  const intent = bank
    ? { ...base, status: 'processing', latest_charge: charge({ id: `py_${n}`, amount, outcome: { type: 'authorized' }, amount_refunded: 0, payment_method_details: { type: 'us_bank_account', us_bank_account: { last4: '6789', account_type: 'checking', ...bankDetailsOf(debited) } } }) }
    : { ...base, status: 'succeeded', latest_charge: charge({ id: `ch_${n}`, amount, outcome: { type: token === 'tok_riskLevelElevated' ? 'manual_review' : 'authorized' }, amount_refunded: 0, payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2039, checks: { cvc_check: 'pass' } } } }) };
  intents.set(id, intent);
  const made = intent.latest_charge as Obj;
  moveBalance(bank ? 'payment' : 'charge', amount, Number((made.balance_transaction as Obj).fee), String(made.id), String(form.get('currency')));
  return { status: 200, answer: intent };
}

/** A debited method's account as Stripe's charge tells it (payment_method_details.us_bank_account). */
function bankDetailsOf(method: Obj | undefined): Obj {
  const account = (method?.us_bank_account ?? null) as Obj | null;
  if (!account) return {};
  return { last4: account.last4, account_type: account.account_type, account_holder_type: account.account_holder_type, bank_name: account.bank_name, routing_number: account.routing_number, fingerprint: account.fingerprint };
}

/**
 * Stripe's answer for an object this key cannot see (never made, or made in another account or
 * mode), as Stripe sends it: a 404 with its invalid_request_error, code resource_missing, the
 * object's id in the message, the parameter, the error's documentation and the request's log.
 */
function noSuch(kind: string, id: string, param: string): { status: number; answer: unknown } {
  return { status: 404, answer: { error: noSuchError(kind, id, param) } };
}

/** The error object of Stripe's 404 (see noSuch). */
export function noSuchError(kind: string, id: string, param: string): Obj {
  const request = `req_${seen.length.toString(36).padStart(14, '0')}`;
  return {
    code: 'resource_missing',
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
    message: `No such ${kind}: '${id}'`,
    param,
    request_log_url: `https://dashboard.stripe.com/test/logs/${request}?t=${Math.floor(Date.now() / 1000)}`,
    type: 'invalid_request_error',
  };
}

/**
 * The app's keys now open another Stripe account, or the other mode (a live key where the intent
 * was made in test mode): the intent and the idempotency keys it was made under are that
 * account's, so this one answers Stripe's 404 for it (noSuch) and a key it was made under is
 * free here. Answers the switch back, which finds the intent as that account left it.
 */
export function intentInAnotherAccount(id: string): () => void {
  const intent = intents.get(id);
  if (!intent) throw new Error(`${id} is not a PaymentIntent of the stand-in`);
  const keys = [...byKey].filter(([, kept]) => (kept.answer as Obj | null)?.id === id);
  intents.delete(id);
  for (const [key] of keys) byKey.delete(key);
  return () => {
    intents.set(id, intent);
    for (const [key, kept] of keys) byKey.set(key, kept);
  };
}

/** A refusal the next API call (the secret key's) to a path gets instead of its answer: Stripe's status and error object. */
let refusalNext: { status: number; error: Obj; path: RegExp } | null = null;

/** The next API call to a path matching `path` (any, unless given) is refused with Stripe's `error` object and `status` (a 4xx), and does nothing. */
export function refuseNextStripeCall(status: number, error: Obj, path = /./): void {
  refusalNext = { status, error, path };
}

/** The PaymentIntent statuses Stripe lets a cancel through (docs.stripe.com/api/payment_intents/cancel). */
const cancellable = new Set(['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing']);

/** A PaymentIntent cancelled: nobody can confirm it any more; one already final is refused in Stripe's words. */
function cancelIntent(id: string, reason: string | null): { status: number; answer: unknown } {
  const intent = intents.get(id);
  if (!intent) return noSuch('payment_intent', id, 'intent');
  if (!cancellable.has(String(intent.status))) {
    const message = `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${[...cancellable].join(', ')}.`;
    return { status: 400, answer: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message, payment_intent: intent } } };
  }
  Object.assign(intent, { status: 'canceled', canceled_at: 1_800_000_000, cancellation_reason: reason, next_action: null });
  return { status: 200, answer: intent };
}

/**
 * Stripe's refusal of a refund larger than what is left on the charge (a refund made in Stripe's
 * dashboard that Almoner has not heard of yet takes its share), in Stripe's words; null when it fits.
 */
function refundRefusal(intentId: string | null, amount: number): Obj | null {
  const chargeId = chargeIdOf(intentId);
  const charged = Number(intents.get(intentId ?? '')?.amount ?? 0);
  const left = charged - (refundsByCharge.get(chargeId) ?? []).filter((r) => r.status === 'succeeded' || r.status === 'pending').reduce((sum, r) => sum + Number(r.amount), 0);
  if (!chargeId || amount <= left) return null;
  const dollars = (minor: number) => `$${(minor / 100).toFixed(2)}`;
  return left <= 0
    ? { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${chargeId} has already been refunded.` }
    : { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})` };
}

const metadataOf = (form: URLSearchParams): Obj =>
  Object.fromEntries([...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice('metadata['.length, -1), v]));

/**
 * A SetupIntent confirmed at once: the method (given, or made from a token) attached to the
 * customer for off-session use. A card whose bank wants a challenge waits in requires_action
 * (Stripe.js shows it: `confirmSetUpAsDonor`); a declining test card is refused as Stripe does.
 */
function setUp(form: URLSearchParams): { status: number; answer: unknown } {
  const customer = form.get('customer');
  const origin = form.get('payment_method_data[card][token]') ?? form.get('payment_method') ?? '';
  const id = `seti_${++n}`;
  if (declines.has(origin) && !origin.includes('CustomerFail')) {
    const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    return { status: 402, answer: { error: { ...error, setup_intent: like('setup_intent', { id, customer, status: 'requires_payment_method', last_setup_error: error, next_action: null }) } } };
  }
  // A method Elements made earlier keeps its id; a token or a Stripe test method becomes a new one.
  const method = methodOrigins.has(origin) ? { ...savedMethod(origin), customer } : newMethod(origin, cardOf(origin.includes('Declined') ? '4000000000000002' : '4242424242424242'), customer);
  if (customer) methodCustomers.set(String(method.id), customer);
  // A method Elements made is asked about as the card typed into it (4000 0027 6000 3184 asks at every set-up too).
  const waits = setupChallenges.has(methodOrigins.get(origin) ?? origin);
  const intent = like('setup_intent', {
    id,
    customer,
    status: waits ? 'requires_action' : 'succeeded',
    usage: form.get('usage') ?? 'off_session',
    payment_method: method,
    last_setup_error: null,
    next_action: waits ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    created: 1_800_000_000,
    client_secret: `${id}_secret_stub`,
  });
  setupIntents.set(id, intent);
  return { status: 200, answer: setupAnswer(intent, form.get('expand[0]') === 'payment_method') };
}

/** A SetupIntent as Stripe answers it: its payment method an id unless asked to expand it. */
const setupAnswer = (intent: Obj, expanded: boolean): Obj => (expanded ? intent : { ...intent, payment_method: (intent.payment_method as Obj).id });

/** The donor passes their bank's challenge in Stripe.js (handleNextAction): the SetupIntent succeeds. */
export function confirmSetUpAsDonor(id: string): void {
  const intent = setupIntents.get(id);
  if (!intent) throw new Error(`No SetupIntent ${id} at the stand-in`);
  setupIntents.set(id, { ...intent, status: 'succeeded', next_action: null });
}

/** The donor fails their bank's challenge in Stripe.js: the SetupIntent goes back to requires_payment_method with Stripe's error. */
export function failSetUpAsDonor(id: string): void {
  const intent = setupIntents.get(id);
  if (!intent) throw new Error(`No SetupIntent ${id} at the stand-in`);
  const error = { type: 'invalid_request_error', code: 'setup_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' };
  setupIntents.set(id, { ...intent, status: 'requires_payment_method', next_action: null, last_setup_error: error });
}

/**
 * A card whose bank wants the cardholder to authenticate: on-session the intent waits in
 * requires_action for Stripe.js; off-session (a renewal) Stripe refuses with a 402
 * authentication_required and the intent goes back to requires_payment_method.
 */
function challenged(base: Obj, offSession: boolean): { status: number; answer: unknown } {
  const id = String(base.id);
  if (!offSession) {
    const intent = { ...base, status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} }, latest_charge: null, last_payment_error: null };
    intents.set(id, intent);
    return { status: 200, answer: intent };
  }
  const error = { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' };
  const intent = { ...base, status: 'requires_payment_method', next_action: null, last_payment_error: error, latest_charge: null };
  intents.set(id, intent);
  return { status: 402, answer: { error: { ...error, payment_intent: intent } } };
}

/**
 * The donor passes their bank's challenge (Stripe.js handleNextAction): the PaymentIntent is
 * charged and succeeds, its charge made as any card's is. Answers the intent as Stripe.js then reads it.
 */
export function confirmPaymentAsDonor(id: string): Obj {
  const intent = intents.get(id);
  if (intent?.status !== 'requires_action') throw new Error(`${id} is not a PaymentIntent of the stand-in waiting for the donor`);
  const amount = Number(intent.amount);
  const made = charge({ id: `ch_${id}`, amount, outcome: { type: 'authorized' }, amount_refunded: 0, payment_method_details: { type: 'card', card: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2039, checks: { cvc_check: 'pass' } } } });
  Object.assign(intent, { status: 'succeeded', next_action: null, amount_received: amount, latest_charge: made });
  moveBalance('charge', amount, Number((made.balance_transaction as Obj).fee), String(made.id), String(intent.currency));
  return intent;
}

/**
 * The donor fails or cancels their bank's challenge: the PaymentIntent goes back to
 * requires_payment_method with Stripe's payment_intent_authentication_failure.
 */
export function failPaymentAsDonor(id: string): Obj {
  const intent = intents.get(id);
  if (intent?.status !== 'requires_action') throw new Error(`${id} is not a PaymentIntent of the stand-in waiting for the donor`);
  const error = { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' };
  Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: error });
  return intent;
}

/**
 * The stand-in Stripe.js's challenge (e2e/support/stripe-js.ts) answered in the browser: with the
 * publishable key and the intent's client_secret, as Stripe.js reads an intent; `outcome`
 * complete or fail, the buttons of Stripe's own test challenge page.
 */
function challengeAnswered(id: string, form: URLSearchParams): { status: number; answer: unknown } {
  const setup = id.startsWith('seti_');
  const intent = setup ? setupIntents.get(id) : intents.get(id);
  if (!intent || form.get('client_secret') !== intent.client_secret) return { status: 404, answer: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${setup ? 'setupintent' : 'payment_intent'}: '${id}'`, param: 'intent' } } };
  const passed = form.get('outcome') === 'complete';
  if (setup) {
    (passed ? confirmSetUpAsDonor : failSetUpAsDonor)(id);
    return { status: 200, answer: setupAnswer(setupIntents.get(id) ?? {}, false) };
  }
  return { status: 200, answer: passed ? confirmPaymentAsDonor(id) : failPaymentAsDonor(id) };
}

/** API calls left to answer as Stripe down (see failNextStripeCalls). */
let outageLeft = 0;

/**
 * A Stripe outage for the next `count` API calls (the secret key's; Stripe.js's are left alone):
 * each answers 500 with Stripe's api_error and does nothing, keeping no idempotent result, as
 * when Stripe fails before its API acts.
 */
export function failNextStripeCalls(count: number): void {
  outageLeft = count;
}

/** A test's hook, run after Stripe has acted on a request and before its answer leaves (see holdStripeAnswers). */
let holdAnswer: ((call: Seen, answer: unknown) => void | Promise<void>) | null = null;

/**
 * The fault hook of the reliability suites: `hook` runs once Stripe has done what a request asked
 * (the PaymentIntent exists, the charge is made) and before the answer is sent, so a test can
 * kill Almoner between Stripe's effect and Almoner's commit. Null takes it away.
 */
export function holdStripeAnswers(hook: ((call: Seen, answer: unknown) => void | Promise<void>) | null): void {
  holdAnswer = hook;
}

/** An ACH debit settling at the bank, days later: Stripe's PaymentIntent moves from processing to succeeded. */
export function settleBankDebitInStripe(intentId: string): Obj {
  const intent = intents.get(intentId);
  if (!intent || intent.status !== 'processing') throw new Error(`${intentId} is not a processing PaymentIntent of the stand-in`);
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  return intent;
}

/**
 * An ACH debit the donor's bank returns, days later (insufficient funds): Stripe's PaymentIntent
 * moves from processing back to requires_payment_method with the failure on it and on its charge,
 * as Stripe's payment_intent.payment_failed event carries it.
 */
export function failBankDebitInStripe(intentId: string): Obj {
  const intent = intents.get(intentId);
  if (!intent || intent.status !== 'processing') throw new Error(`${intentId} is not a processing PaymentIntent of the stand-in`);
  const error = { type: 'invalid_request_error', code: 'payment_method_insufficient_funds', decline_code: 'insufficient_funds', message: 'The customer\'s account has insufficient funds to cover this payment.', payment_method: { id: intent.payment_method, type: 'us_bank_account' } };
  Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, latest_charge: { ...(intent.latest_charge as Obj), status: 'failed', failure_code: 'insufficient_funds', failure_message: error.message } });
  return intent;
}

/**
 * A new stand-in is a new Stripe account: server test files share one module graph (vitest
 * `isolate: false`), and a file's profile #5 must not meet the idempotency key, customer or
 * requests of the file before it, whose database also had a profile #5.
 */
function forgetEarlierAccounts(): void {
  outageLeft = 0;
  refusalNext = null;
  seen.length = 0;
  byKey.clear();
  intents.clear();
  refundsByCharge.clear();
  methodCustomers.clear();
  methodOrigins.clear();
  setupIntents.clear();
  bankMethods.clear();
}

/** Starts the stand-in on a free loopback port; its key is `sk_test_stub`, any other is refused (401). */
export async function startStripeStandIn(): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  // Each stand-in is a new Stripe account as far as its balance goes (the files of a worker start one each, in turn).
  balance.length = 0;
  forgetEarlierAccounts();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const call: Seen = { method: req.method ?? '', path: url.pathname, headers: req.headers, body };
      seen.push(call);
      // Stripe has acted when its answer is held (a charge made, a refund given): a test may kill its caller then.
      const send = (status: number, answer: unknown) =>
        void Promise.resolve(holdAnswer?.(call, answer)).then(() => {
          if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        });
      // Stripe.js creates PaymentMethods, and answers a challenge, with the publishable key, sent in the form as `key`.
      const browserCall = url.pathname === '/v1/payment_methods' || url.pathname.endsWith('/authenticate_as_donor');
      const publishable = req.method === 'POST' && browserCall && new URLSearchParams(body).get('key') === 'pk_test_stub';
      if (req.headers.authorization !== 'Bearer sk_test_stub' && !publishable) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      if (outageLeft > 0 && !publishable) {
        outageLeft -= 1;
        return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      }
      if (refusalNext && !publishable && refusalNext.path.test(url.pathname)) {
        const { status, error } = refusalNext;
        refusalNext = null;
        return send(status, { error });
      }
      // The settings page's Test reads the balance: Stripe's own object for a new test account.
      if (req.method === 'GET' && url.pathname === '/v1/balance') return send(200, like('balance', {}));
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const data = refundsByCharge.get(url.searchParams.get('charge') ?? '') ?? [];
        return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      if (req.method === 'GET' && url.pathname.startsWith('/v1/refunds/re_')) {
        const refund = refundById(url.pathname.split('/').pop() ?? '');
        return refund ? send(200, refund) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such refund.', param: 'id' } });
      }
      if (req.method === 'GET' && url.pathname === '/v1/balance_transactions') return send(200, balancePage(url.searchParams));
      if (req.method === 'GET' && url.pathname.startsWith('/v1/charges/')) {
        const charge = chargeNow(url.pathname.split('/').pop() ?? '');
        return charge ? send(200, charge) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such charge.', param: 'id' } });
      }
      if (req.method === 'GET' && url.pathname.startsWith('/v1/payment_methods/pm_')) return send(200, savedMethod(url.pathname.split('/').pop() ?? ''));
      if (req.method === 'GET' && url.pathname.startsWith('/v1/setup_intents/')) {
        const intent = setupIntents.get(url.pathname.split('/').pop() ?? '');
        if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such setupintent.', param: 'intent' } });
        return send(200, setupAnswer(intent, url.searchParams.get('expand[0]') === 'payment_method'));
      }
      if (req.method === 'GET') {
        const intent = intents.get(url.pathname.split('/').pop() ?? '');
        // Its latest charge expanded as Stripe reads it now: what its refunds gave back so far.
        const latest = intent?.latest_charge ? chargeNow(String((intent.latest_charge as Obj).id)) : null;
        if (intent && latest) return send(200, { ...intent, latest_charge: { ...(intent.latest_charge as Obj), amount_refunded: latest.amount_refunded, refunded: latest.refunded } });
        if (intent) return send(200, intent);
        const missing = noSuch('payment_intent', url.pathname.split('/').pop() ?? '', 'intent');
        return send(missing.status, missing.answer);
      }
      // The stand-in's own hook for the browser suite, whose stand-in runs in another process: the debit settles at the bank.
      const settling = /^\/stand-in\/payment_intents\/([^/]+)\/settle$/.exec(url.pathname);
      if (req.method === 'POST' && settling) return send(200, settleBankDebitInStripe(settling[1] ?? ''));
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A page of balance transactions as Stripe lists them: newest first, created[gte]/[lt] and
 * starting_after honoured, `limit` a page (at most 100), the source expanded on request.
 */
function balancePage(query: URLSearchParams): Obj {
  const gte = Number(query.get('created[gte]') ?? 0);
  const lt = Number(query.get('created[lt]') ?? Number.MAX_SAFE_INTEGER);
  const all = balance.filter((b) => Number(b.created) >= gte && Number(b.created) < lt).reverse();
  const after = query.get('starting_after');
  const start = after ? all.findIndex((b) => b.id === after) + 1 : 0;
  const limit = Math.min(100, Number(query.get('limit') ?? 10));
  const expand = query.getAll('expand[]').concat(query.getAll('expand[0]')).includes('data.source');
  const sourceOf = (id: string): unknown => (id.startsWith('re_') ? refundById(id) : chargeNow(id)) ?? id;
  const data = all.slice(start, start + limit).map((b) => (expand && typeof b.source === 'string' ? { ...b, source: sourceOf(b.source) } : b));
  return { object: 'list', data, has_more: start + limit < all.length, url: '/v1/balance_transactions' };
}

/**
 * A charge as Stripe reads it now (GET /v1/charges/:id, and the object of its charge.* events):
 * what its refunds gave back so far, its refunds left out as Stripe's API versions since
 * 2022-11-15 leave them out. Null for a charge the stand-in never made.
 */
function chargeNow(chargeId: string): Obj | null {
  const intent = [...intents.values()].find((i) => (i.latest_charge as Obj | undefined)?.id === chargeId);
  if (!intent) return null;
  const refunded = (refundsByCharge.get(chargeId) ?? []).filter((r) => r.status === 'succeeded' || r.status === 'pending').reduce((sum, r) => sum + Number(r.amount), 0);
  const { refunds: _left, ...latest } = { ...(intent.latest_charge as Obj) };
  return { ...latest, payment_intent: intent.id, amount_refunded: refunded, refunded: refunded >= Number(latest.amount) };
}

/**
 * A refund made in Stripe's dashboard (not through Almoner): kept with the charge's refunds, and
 * the charge as Stripe's charge.refunded event carries it (refunds left out, as Stripe's API
 * versions since 2022-11-15 leave them out).
 */
export function refundInStripeDashboard(intentId: string, amount: number, reason: string | null = null): { refund: Obj; charge: Obj } {
  const charge = chargeIdOf(intentId);
  const refund = keepRefund(like('refund', { id: `re_dashboard_${++n}`, status: 'succeeded', amount, currency: 'usd', payment_intent: intentId, charge, reason, created: Math.floor(Date.now() / 1000) }));
  return { refund, charge: chargeNow(charge) ?? {} };
}

/**
 * A pending refund settling at the cardholder's bank, days later: Stripe's refund moves to
 * succeeded, or to failed with Stripe's reason (and the money back in the account's balance).
 * Answers the refund as Stripe's charge.refund.updated and refund.updated events carry it.
 */
export function settleRefundInStripe(refundId: string, outcome: 'succeeded' | 'failed'): Obj {
  const refund = refundById(refundId);
  if (!refund || refund.status !== 'pending') throw new Error(`${refundId} is not a pending refund of the stand-in`);
  refund.status = outcome;
  if (outcome === 'failed') {
    refund.failure_reason = 'expired_or_canceled_card';
    // The money comes back to the account's balance.
    moveBalance('refund_failure', Number(refund.amount), 0, String(refund.id), String(refund.currency));
  }
  return { ...refund };
}
