import { gatewayMessages, paymentFormMessages, posCompleteMessages, type PosCompleteInput } from '@almoner/contracts';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { encrypt } from '../auth/crypto.ts';
import { testConfig } from '../../test/test-app.ts';
import type { CompleteDeps } from './pos.complete.ts';
import { completeDepsFor } from './pos.complete.deps.ts';
import { runRecurringBilling } from '../recurring/recurring.billing.ts';
import { billingDepsFor } from '../recurring/recurring.job.ts';
import { cardToken, makeOrder, makeSupporter, makeVariant } from './pos.complete.fixtures.ts';

let t: TestApp;
let admin: Agent;
/** This test app's own completion deps: the harness hands a simulated crash in through them. */
let completeHooks: CompleteDeps;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  completeHooks = await completeDepsFor(t.app);
});
afterEach(() => {
  completeHooks.afterCharge = undefined;
});

const db = () => t.database.db;
const complete = (id: number, body: PosCompleteInput) => admin.post(`/jpanel/pos/${id}/complete`, body);
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};
const charges = async (clientUuid: string) =>
  Number((await one(sql`select count(*)::int as n from sandbox_ledger where kind in ('charge', 'ach_debit') and idempotency_key like ${`pos:${clientUuid}:%`}`)).n);
const payments = (id: number) =>
  queryRows(db(), sql`select p.type, p.status, p.gateway, p.amount::int as amount, p.card_last4, p.outcome, p.cheque_number, p.failure_message
    from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${id} order by p.id`);
const order = (id: number) => one(sql`select * from contributions where id = ${id}`);
const quantity = async (variantId: number) => Number((await one(sql`select quantity from product_variants where id = ${variantId}`)).quantity);
const paidEvents = async (id: number) =>
  Number((await one(sql`select count(*)::int as n from domain_events where type = 'contribution.paid' and (payload->>'contribution_id')::int = ${id}`)).n);

async function simpleOrder(price = 2500, qty = 1, extra: Parameters<typeof makeOrder>[1] extends infer O ? Partial<O> : never = {}) {
  const v = await makeVariant(db(), { price, quantity: 5 });
  const o = await makeOrder(db(), { items: [{ variantId: v.variantId, productId: v.productId, price, qty }], ...extra });
  return { ...o, ...v };
}

function expectMessage(response: { statusCode: number; json: () => unknown; body: string }, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json() as { status: string; message: string; order: { is_paid: boolean } | null };
  expect(body).toMatchObject({ status: 'error', message });
  expect(body.order?.is_paid).toBe(false);
}

describe('POST /jpanel/pos/{id}/complete: an order built by the order routes', () => {
  it('starts, adds, pays by card and answers the finished order; adding after payment is refused', async () => {
    const created = await admin.post('/jpanel/products', { name: 'Candle', code: `CANDLE-${Date.now() % 1e6}`, base_currency: 'USD', variants: [{ variant_name: 'Candle', price: '12.50', quantity: 5 }] });
    expect(created.statusCode, created.body).toBe(201);
    const variantId = (created.json() as { variants: { id: number }[] }).variants[0]!.id;
    const started = (await admin.post('/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false })).json() as { order: { id: number; client_uuid: string } };
    const added = await admin.post(`/jpanel/pos/${started.order.id}/add`, { variant_id: variantId, qty: 2 });
    expect(added.statusCode, added.body).toBe(200);
    const paid = await complete(started.order.id, { payment_type: 'credit_card', token: await cardToken(db()) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'success', order: { is_paid: true, totalamount: 25, invoice_number: started.order.client_uuid }, payment: { payment_type: 'card' } });
    expect(await charges(started.order.client_uuid)).toBe(1);
    expect(await quantity(variantId)).toBe(3);
    expect((await admin.post(`/jpanel/pos/${started.order.id}/add`, { variant_id: variantId, qty: 1 })).statusCode).toBe(409);
  });
});

describe('POST /jpanel/pos/{id}/complete: checks before payment', () => {
  it('refuses an order without items', async () => {
    const o = await makeOrder(db(), { items: [] });
    expectMessage(await complete(o.id, { payment_type: 'cash', cash_received: 10 }), posCompleteMessages.noItems);
  });

  it('needs a billing e-mail for downloads, and a supporter or billing name for memberships and recurring plans', async () => {
    const download = await simpleOrder();
    await db().execute(sql`update product_variants set external_resource_uri = 'https://files.example.org/book.pdf' where id = ${download.variantId}`);
    expectMessage(await complete(download.id, { payment_type: 'cash', cash_received: 25 }), posCompleteMessages.downloadsNeedEmail);

    const member = await simpleOrder();
    const [m] = await queryRows(db(), sql`insert into memberships (name, duration_days) values ('Friends', 365) returning id`);
    await db().execute(sql`update product_variants set membership_id = ${m!.id} where id = ${member.variantId}`);
    expectMessage(await complete(member.id, { payment_type: 'cash', cash_received: 25 }), posCompleteMessages.membershipsNeedSupporter);

    const recurring = await makeOrder(db(), { items: [{ price: 1000, recurring: 'monthly' }] });
    expectMessage(await complete(recurring.id, { payment_type: 'cash', cash_received: 10 }), posCompleteMessages.recurringNeedSupporter);
  });

  it('answers each payment type’s own message', async () => {
    const o = await simpleOrder(2500);
    expectMessage(await complete(o.id, { payment_type: 'bitcoin' }), posCompleteMessages.invalidType);
    expectMessage(await complete(o.id, {}), posCompleteMessages.invalidType);
    expectMessage(await complete(o.id, { payment_type: 'cash', cash_received: '24.99' }), posCompleteMessages.insufficientCash);
    expectMessage(await complete(o.id, { payment_type: 'cash', cash_received: 'lots' }), posCompleteMessages.insufficientCash);
    expectMessage(await complete(o.id, { payment_type: 'check', check_date: 'Nov 27, 2026', check_amt: 25 }), posCompleteMessages.checkNumber);
    expectMessage(await complete(o.id, { payment_type: 'check', check_number: '1001', check_amt: 25 }), posCompleteMessages.checkDate);
    expectMessage(await complete(o.id, { payment_type: 'check', check_number: '1001', check_date: '2026-02-30', check_amt: 25 }), posCompleteMessages.checkDate);
    expectMessage(await complete(o.id, { payment_type: 'check', check_number: '1001', check_date: 'Nov 27, 2026', check_amt: 0 }), posCompleteMessages.checkAmount);
    expectMessage(await complete(o.id, { payment_type: 'other', payment_other_note: 'wire' }), posCompleteMessages.otherReference);
    expectMessage(await complete(o.id, { payment_type: 'payment_method', payment_method: 999999 }), posCompleteMessages.methodNotFound);
    expect((await order(o.id)).paid_at).toBeNull();
    expect(await quantity(o.variantId)).toBe(5);
  });

  it('refuses a saved method of another supporter or one not ACTIVE', async () => {
    const mine = await makeSupporter(db());
    const theirs = await makeSupporter(db());
    const o = await simpleOrder(2500, 1, { supporterId: mine });
    const method = async (supporterId: number, status: string) =>
      Number((await one(sql`insert into payment_methods (supporter_id, status, token, currency_code) values (${supporterId}, ${status},
        ${encrypt(testConfig.appKey, 'pm_unused')}, 'USD') returning id`)).id);
    expectMessage(await complete(o.id, { payment_type: 'payment_method', payment_method: await method(theirs, 'ACTIVE') }), posCompleteMessages.methodNotFound);
    expectMessage(await complete(o.id, { payment_type: 'payment_method', payment_method: await method(mine, 'EXPIRED') }), posCompleteMessages.methodNotFound);
  });
});

describe('POST /jpanel/pos/{id}/complete: every payment type', () => {
  it('cash with change: paid, numbered, one offline payment, stock taken, the event recorded', async () => {
    const o = await simpleOrder(2500, 2);
    const response = await complete(o.id, { payment_type: 'cash', cash_received: '60.00', cash_change: '10.00', send_confirmation_emails: '0' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { status: string; message: string; order: Record<string, unknown>; payment: Record<string, unknown> };
    expect(body.status).toBe('success');
    expect(body.message).toBe(`Contribution #${o.clientUuid} Complete!`);
    expect(body.order).toMatchObject({ id: o.id, invoice_number: o.clientUuid, is_paid: true, totalamount: 50, send_confirmation_emails: false });
    expect(body.payment).toEqual({ invoicenumber: o.clientUuid, payment_type: 'cash', payment_status: 'succeeded', is_fulfilled: false, cash_received: 60, cash_change: 10 });
    const c = await order(o.id);
    expect(c.invoice_number).toBe(o.clientUuid);
    expect(c.paid_at).not.toBeNull();
    expect(await payments(o.id)).toEqual([expect.objectContaining({ type: 'cash', status: 'succeeded', gateway: 'offline', amount: 5000 })]);
    expect(await quantity(o.variantId)).toBe(3);
    expect(Number((await one(sql`select count(*)::int as n from stock_movements where contribution_id = ${o.id} and reason = 'sale'`)).n)).toBe(1);
    expect(await paidEvents(o.id)).toBe(1);
  });

  it('check and other store their fields; a free order needs no payment', async () => {
    const check = await simpleOrder(2500);
    expect((await complete(check.id, { payment_type: 'check', check_number: '1001', check_date: 'Nov 27, 2026', check_amt: '25' })).statusCode).toBe(200);
    expect(await order(check.id)).toMatchObject({ payment_type: 'cheque', check_number: '1001', check_amount: expect.anything() });
    expect(String((await one(sql`select check_date::text as d from contributions where id = ${check.id}`)).d)).toBe('2026-11-27');
    expect(await payments(check.id)).toEqual([expect.objectContaining({ type: 'cheque', cheque_number: '1001' })]);

    const other = await simpleOrder(2500);
    expect((await complete(other.id, { payment_type: 'other', payment_other_reference: 'WIRE-77', payment_other_note: 'Bank wire' })).statusCode).toBe(200);
    expect(await order(other.id)).toMatchObject({ payment_type: 'unknown', payment_other_reference: 'WIRE-77', payment_other_note: 'Bank wire' });

    const free = await simpleOrder(0);
    const response = await complete(free.id, { payment_type: 'cash' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await payments(free.id)).toEqual([]);
    expect(await order(free.id)).toMatchObject({ payment_type: null });
    expect((await order(free.id)).paid_at).not.toBeNull();
  });

  it('card: succeeds, is held for review, or is declined (then a new card charges)', async () => {
    const ok = await simpleOrder(2500);
    const paid = await complete(ok.id, { payment_type: 'credit_card', token: await cardToken(db()) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await payments(ok.id)).toEqual([expect.objectContaining({ type: 'card', status: 'succeeded', gateway: 'sandbox', card_last4: '4242', outcome: 'authorized' })]);
    expect(await charges(ok.clientUuid)).toBe(1);

    const review = await simpleOrder(2500);
    expect((await complete(review.id, { payment_type: 'cc', token: await cardToken(db(), '4000000000009235') })).statusCode).toBe(200);
    expect(await payments(review.id)).toEqual([expect.objectContaining({ status: 'succeeded', outcome: 'manual_review' })]);

    const declined = await simpleOrder(2500);
    expectMessage(await complete(declined.id, { payment_type: 'credit_card', token: await cardToken(db(), '4000000000000002') }), gatewayMessages.declined);
    expect((await order(declined.id)).paid_at).toBeNull();
    expect((await order(declined.id)).response_text).toBe(gatewayMessages.declined);
    expect(await quantity(declined.variantId)).toBe(5);
    expect(await payments(declined.id)).toEqual([expect.objectContaining({ status: 'failed', failure_message: gatewayMessages.declined })]);
    expectMessage(await complete(declined.id, { payment_type: 'credit_card', token: await cardToken(db(), '4000000000000127') }), gatewayMessages.incorrectCvc);
    const retried = await complete(declined.id, { payment_type: 'credit_card', token: await cardToken(db()) });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await payments(declined.id)).map((p) => p.status)).toEqual(['failed', 'failed', 'succeeded']);
    expect(await quantity(declined.variantId)).toBe(4);
  });

  it('bank: a debit starts pending; a failing account answers the gateway’s words', async () => {
    const bank = { account_holder_name: 'Ada Lovelace', account_holder_type: 'personal', account_type: 'checking', routing_number: '110000000' } as const;
    const ok = await simpleOrder(2500);
    const response = await complete(ok.id, { payment_type: 'bank_account', ...bank, account_number: '000123456789' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await payments(ok.id)).toEqual([expect.objectContaining({ type: 'bank', status: 'pending' })]);
    expect(await order(ok.id)).toMatchObject({ payment_status: 'pending', status: 'pending' });

    const poor = await simpleOrder(2500);
    expectMessage(await complete(poor.id, { payment_type: 'ach', ...bank, account_number: '000222222227' }), gatewayMessages.insufficientFunds);
    expectMessage(await complete(poor.id, { payment_type: 'bank_account', ...bank, account_number: '000123456789', ach_agree_tos: false }), paymentFormMessages.achAgreement);
    expectMessage(await complete(poor.id, { payment_type: 'bank_account', ...bank, routing_number: '123456789', account_number: '000123456789' }), paymentFormMessages.routingNumber);
  });

  it('bank in CAD: a Canadian account by transit and institution numbers; other currencies are refused', async () => {
    const holder = { account_holder_name: 'Ada Lovelace', account_holder_type: 'personal', account_type: 'checking' } as const;
    const cad = await simpleOrder(2500, 1, { currency: 'CAD' });
    expectMessage(await complete(cad.id, { payment_type: 'bank_account', ...holder, transit_number: '1234', institution_number: '001', account_number: '1234567' }), paymentFormMessages.transitNumber);
    expectMessage(await complete(cad.id, { payment_type: 'bank_account', ...holder, transit_number: '12345', institution_number: '1', account_number: '1234567' }), paymentFormMessages.institutionNumber);
    // A US routing number does not stand in for a Canadian cheque's numbers.
    expectMessage(await complete(cad.id, { payment_type: 'bank_account', ...holder, routing_number: '110000000', account_number: '1234567' }), paymentFormMessages.transitNumber);
    const response = await complete(cad.id, { payment_type: 'bank_account', ...holder, transit_number: '12345', institution_number: '001', account_number: '1234567' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await payments(cad.id)).toEqual([expect.objectContaining({ type: 'bank', status: 'pending', amount: 2500 })]);
    const [entry] = await queryRows(db(), sql`select kind, currency, status from sandbox_ledger where idempotency_key like ${`pos:${cad.clientUuid}:%`}`);
    expect(entry).toMatchObject({ kind: 'ach_debit', currency: 'CAD', status: 'pending' });

    const eur = await simpleOrder(2500, 1, { currency: 'EUR' });
    expectMessage(await complete(eur.id, { payment_type: 'bank_account', ...holder, routing_number: '110000000', account_number: '000123456789' }), posCompleteMessages.bankCurrency('EUR'));
    expect(await charges(eur.clientUuid)).toBe(0);
  });

  it('saves the card for the supporter and charges the saved method next time', async () => {
    const supporterId = await makeSupporter(db());
    const first = await simpleOrder(2500, 1, { supporterId });
    expect((await complete(first.id, { payment_type: 'credit_card', token: await cardToken(db()), save_payment_method: true })).statusCode).toBe(200);
    const [method] = await queryRows(db(), sql`select id, display_name, status from payment_methods where supporter_id = ${supporterId}`);
    expect(method).toMatchObject({ display_name: 'Visa ending in 4242', status: 'ACTIVE' });
    const second = await simpleOrder(1500, 1, { supporterId });
    const response = await complete(second.id, { payment_type: 'payment_method', payment_method: Number(method!.id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await payments(second.id)).toEqual([expect.objectContaining({ type: 'card', status: 'succeeded', amount: 1500 })]);
  });

  it('keeps the card a recurring gift starts on, box ticked or not, so the schedule can bill its renewals', async () => {
    const supporterId = await makeSupporter(db());
    const o = await makeOrder(db(), { supporterId, items: [{ price: 2000, recurring: 'monthly' }] });
    const response = await complete(o.id, { payment_type: 'credit_card', token: await cardToken(db()), save_payment_method: false });
    expect(response.statusCode, response.body).toBe(200);
    const profile = await one(sql`select p.id, p.next_billing_date::text as due, m.status, m.supporter_id from recurring_payment_profiles p
      join payment_methods m on m.id = p.payment_method_id where p.contribution_id = ${o.id}`);
    expect(profile).toMatchObject({ status: 'ACTIVE', supporter_id: supporterId });
    // The renewal on its day is charged to that card (without it the run could only record a failure).
    const billed = await runRecurringBilling(t.database, billingDepsFor(t.database), String(profile.due));
    expect(billed).toMatchObject({ charged: 1, declined: 0 });
    expect(Number((await one(sql`select count(*)::int as n from sandbox_ledger where kind = 'charge' and idempotency_key like ${`recurring:${Number(profile.id)}:%`}`)).n)).toBe(1);
  });

  it('makes a recurring gift paid in cash a manual profile, which the billing run leaves alone', async () => {
    const supporterId = await makeSupporter(db());
    const o = await makeOrder(db(), { supporterId, items: [{ price: 2000, recurring: 'monthly' }] });
    const response = await complete(o.id, { payment_type: 'cash', cash_received: 20 });
    expect(response.statusCode, response.body).toBe(200);
    const profile = await one(sql`select id, is_manual, payment_method_id, next_billing_date::text as due from recurring_payment_profiles where contribution_id = ${o.id}`);
    expect(profile).toMatchObject({ is_manual: true, payment_method_id: null });
    // On its day the run charges nothing and records no failure: staff record each instalment.
    await runRecurringBilling(t.database, billingDepsFor(t.database), String(profile.due));
    const after = await one(sql`select next_billing_date::text as due, failed_payment_count,
      (select count(*)::int from recurring_transactions where recurring_payment_profile_id = ${Number(profile.id)}) as attempts
      from recurring_payment_profiles where id = ${Number(profile.id)}`);
    expect(after).toEqual({ due: profile.due, failed_payment_count: 0, attempts: 0 });
  });

  it('marks manual, once migrated, the profiles of such gifts made before the point of sale did (migration 0071)', async () => {
    const supporterId = await makeSupporter(db());
    const byHand = await makeOrder(db(), { supporterId, items: [{ price: 2000, recurring: 'monthly' }] });
    expect((await complete(byHand.id, { payment_type: 'other', payment_other_reference: 'WIRE-1' })).statusCode).toBe(200);
    const byCard = await makeOrder(db(), { supporterId, items: [{ price: 2000, recurring: 'monthly' }] });
    expect((await complete(byCard.id, { payment_type: 'credit_card', token: await cardToken(db()) })).statusCode).toBe(200);
    const ids = [byHand.id, byCard.id];
    // As the point of sale left them before: the gift by hand's profile not manual, the card's kept.
    await db().execute(sql`update recurring_payment_profiles set is_manual = false where contribution_id = ${byHand.id}`);
    await db().execute(sql.raw(readFileSync(new URL('../../../drizzle/0071_pos_offline_profiles_manual.sql', import.meta.url), 'utf8')));
    const profiles = await queryRows(db(), sql`select contribution_id, is_manual, payment_method_id is not null as has_method
      from recurring_payment_profiles where contribution_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by contribution_id`);
    expect(profiles).toEqual([
      { contribution_id: byHand.id, is_manual: true, has_method: false },
      { contribution_id: byCard.id, is_manual: false, has_method: true },
    ]);
  });
});

describe('POST /jpanel/pos/{id}/complete: what completion sets in motion, once', () => {
  it('an item out of stock aborts everything and nothing is charged', async () => {
    const plenty = await makeVariant(db(), { quantity: 5 });
    const scarce = await makeVariant(db(), { quantity: 1 });
    const o = await makeOrder(db(), { items: [{ variantId: plenty.variantId, price: 1000 }, { variantId: scarce.variantId, price: 1000, qty: 2 }] });
    const response = await complete(o.id, { payment_type: 'credit_card', token: await cardToken(db()) });
    expect(response.statusCode).toBe(409);
    expect(await charges(o.clientUuid)).toBe(0);
    expect(await quantity(plenty.variantId)).toBe(5);
    expect((await order(o.id)).paid_at).toBeNull();
  });

  it('creates the sponsor, tribute, recurring profile, membership and receipt once; completing again answers the same', async () => {
    const supporterId = await makeSupporter(db());
    const [sponsee] = await queryRows(db(), sql`insert into sponsorships (reference_number, first_name, last_name) values (${`REF-${Date.now() % 1e6}`}, 'Kofi', 'Mensah') returning id`);
    const gift = await makeVariant(db(), { receiptable: true });
    const [m] = await queryRows(db(), sql`insert into memberships (name, duration_days) values ('Patrons', 30) returning id`);
    await db().execute(sql`update product_variants set membership_id = ${m!.id} where id = ${gift.variantId}`);
    const o = await makeOrder(db(), {
      supporterId,
      items: [
        { variantId: gift.variantId, productId: gift.productId, price: 5000, tribute: { name: 'Grandma Rose', notify: 'email', email: 'rose@example.org' } },
        { sponsorshipId: Number(sponsee!.id), price: 3500, recurring: 'monthly' },
      ],
    });
    const token = await cardToken(db());
    const first = await complete(o.id, { payment_type: 'credit_card', token, mark_as_complete: true });
    expect(first.statusCode, first.body).toBe(200);
    const again = await complete(o.id, { payment_type: 'credit_card', token: await cardToken(db()) });
    expect(again.json()).toEqual(first.json());
    expect(await charges(o.clientUuid)).toBe(1);
    const counts = await one(sql`select
      (select count(*)::int from sponsors where supporter_id = ${supporterId} and sponsorship_id = ${sponsee!.id}) as sponsors,
      (select count(*)::int from tributes t join contribution_items i on i.id = t.contribution_item_id where i.contribution_id = ${o.id}) as tributes,
      (select count(*)::int from recurring_payment_profiles where contribution_id = ${o.id} and status = 'Active' and billing_period = 'monthly') as profiles,
      (select count(*)::int from supporter_memberships where supporter_id = ${supporterId} and membership_id = ${m!.id}) as memberships,
      (select count(*)::int from tax_receipt_lines where contribution_id = ${o.id}) as receipts,
      (select count(*)::int from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${o.id}) as payments`);
    expect(counts).toEqual({ sponsors: 1, tributes: 1, profiles: 1, memberships: 1, receipts: 1, payments: 1 });
    expect(await paidEvents(o.id)).toBe(1);
    expect(await order(o.id)).toMatchObject({ is_fulfilled: true, is_recurring: true });
    expect(Number((await one(sql`select lifetime_donation_count + lifetime_purchase_count as n from supporters where id = ${supporterId}`)).n)).toBeGreaterThan(0);
    const [tribute] = await queryRows(db(), sql`select t.amount::int as amount, t.notify from tributes t join contribution_items i on i.id = t.contribution_item_id where i.contribution_id = ${o.id}`);
    expect(tribute).toMatchObject({ amount: 5000, notify: 'email' });
  });

  it('a guest order with billing names gets a supporter for its recurring plan; promo use is counted', async () => {
    const o = await makeOrder(db(), { billFirstName: 'Grace', billLastName: 'Hopper', items: [{ price: 2000, recurring: 'monthly' }] });
    const [promo] = await queryRows(db(), sql`insert into promo_codes (code, currency_code) values (${`P${Date.now() % 1e8}`}, 'USD') returning id`);
    await db().execute(sql`insert into contribution_promo_codes (contribution_id, promo_code_id) values (${o.id}, ${promo!.id})`);
    expect((await complete(o.id, { payment_type: 'cash', cash_received: 20 })).statusCode).toBe(200);
    const c = await order(o.id);
    expect(c.supporter_id).not.toBeNull();
    expect(await one(sql`select first_name, last_name from supporters where id = ${c.supporter_id}`)).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
    expect(Number((await one(sql`select usage_count from promo_codes where id = ${promo!.id}`)).usage_count)).toBe(1);
  });

  it('a double submit answers the same without charging; marking complete later still applies', async () => {
    const o = await simpleOrder(2500);
    const token = await cardToken(db());
    const first = await complete(o.id, { payment_type: 'credit_card', token });
    const second = await complete(o.id, { payment_type: 'credit_card', token, mark_as_complete: '1' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ ...first.json(), payment: { ...first.json().payment, is_fulfilled: true } });
    expect(await charges(o.clientUuid)).toBe(1);
    expect(await payments(o.id)).toHaveLength(1);
    expect(await quantity(o.variantId)).toBe(4);
  });

  it('two concurrent completes charge once and answer the same', async () => {
    const o = await simpleOrder(2500);
    const token = await cardToken(db());
    const [a, b] = await Promise.all([complete(o.id, { payment_type: 'credit_card', token }), complete(o.id, { payment_type: 'credit_card', token })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(await charges(o.clientUuid)).toBe(1);
    expect(await payments(o.id)).toHaveLength(1);
    expect(await quantity(o.variantId)).toBe(4);
  });

  it('a crash after the gateway charged is recovered by the retry, without a second charge', async () => {
    const o = await simpleOrder(2500);
    const token = await cardToken(db());
    completeHooks.afterCharge = () => {
      throw new Error('connection dropped before commit');
    };
    const crashed = await complete(o.id, { payment_type: 'credit_card', token });
    expect(crashed.statusCode).toBe(500);
    expect((await order(o.id)).paid_at).toBeNull();
    expect(await quantity(o.variantId)).toBe(5);
    // On PostgreSQL the sandbox commits on its own connection, as a real gateway would: the
    // charge survives our rollback. PGlite has one connection, so its ledger rolls back with us.
    expect(await charges(o.clientUuid)).toBe(t.database.kind === 'postgres' ? 1 : 0);
    completeHooks.afterCharge = undefined;
    const retried = await complete(o.id, { payment_type: 'credit_card', token });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await charges(o.clientUuid)).toBe(1);
    expect(await payments(o.id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await quantity(o.variantId)).toBe(4);
  });

  it('a different card after an attempt whose outcome we never learnt is refused, not charged', async () => {
    if (t.database.kind !== 'postgres') return; // needs the gateway's own connection (see above)
    const o = await simpleOrder(2500);
    completeHooks.afterCharge = () => {
      throw new Error('connection dropped before commit');
    };
    expect((await complete(o.id, { payment_type: 'credit_card', token: await cardToken(db()) })).statusCode).toBe(500);
    completeHooks.afterCharge = undefined;
    expectMessage(await complete(o.id, { payment_type: 'credit_card', token: await cardToken(db()) }), posCompleteMessages.attemptInProgress);
    expect(await charges(o.clientUuid)).toBe(1);
  });

  it('no card number (13 to 19 digits) lands in any table after card sales', async () => {
    const o = await simpleOrder(2500);
    expect((await complete(o.id, { payment_type: 'credit_card', token: await cardToken(db(), '4000000000009235'), number: '4000000000009235', cvv: '123' } as PosCompleteInput)).statusCode).toBe(200);
    const tables = await queryRows(db(), sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const found: string[] = [];
    for (const { table_name: name } of tables) {
      const rows = await queryRows(db(), sql`select t::text as row from ${sql.identifier(String(name))} t`);
      // A run of 13 to 19 digits standing alone (not inside a hex hash or a timestamp).
      for (const row of rows) if (/(?<![\da-f:.-])\d{13,19}(?![\da-f:.-])/i.test(String(row.row))) found.push(`${String(name)}: ${String(row.row).slice(0, 160)}`);
    }
    expect(found.filter((f) => /4000000000009235|4242424242424242/.test(f))).toEqual([]);
    expect(found.filter((f) => !f.startsWith('pgboss') && !f.startsWith('sessions'))).toEqual([]);
  });
});
