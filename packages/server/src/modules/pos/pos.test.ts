import { posMessages, type PosOrder } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

/** The point of sale's order engine through its routes (spec part 3 §2.2, §5, §7, §8; reference §6). */

let t: TestApp;
let admin: Agent;
const rows = (query: ReturnType<typeof sql>) => queryRows(t.database.db, query);

type Product = { id: number; variants: { id: number; variant_name: string; is_default: boolean }[] };
let seq = 0;
async function product(overrides: Record<string, unknown> = {}, variants: Record<string, unknown>[] = [{ variant_name: 'Default', price: '10.00' }]): Promise<Product> {
  seq += 1;
  const response = await admin.post('/jpanel/products', { name: `Thing ${seq}`, code: `POS-${seq}`, base_currency: 'USD', variants, ...overrides });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json();
}

async function start(body: Record<string, unknown> = {}): Promise<PosOrder> {
  const response = await admin.post('/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order;
}
const add = (order: number, body: Record<string, unknown>) => admin.post(`/jpanel/pos/${order}/add`, body);
const update = (order: number, body: Record<string, unknown>) => admin.post(`/jpanel/pos/${order}/update`, body);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

describe('starting and reading an order', () => {
  it('creates the contribution on demand with the incumbent defaults', async () => {
    const order = await start();
    expect(order).toMatchObject({ currency_code: 'USD', items: [], totalamount: 0, is_paid: false, is_anonymous: true, source: 'POS', billing_country: 'US', member: null, is_guest: true });
    expect(order.client_uuid).toMatch(/^[0-9A-F-]{36}$/);
    const [row] = await rows(sql`select is_pos, created_by from contributions where id = ${order.id}`);
    expect(row!.is_pos).toBe(true);
    const read = await admin.get(`/jpanel/pos/order.json?id=${order.id}`);
    expect(read.json().order.id).toBe(order.id);
  });
});

describe('adding and removing items', () => {
  it('adds a variant, recomputes totals and counters, removes it', async () => {
    const p = await product({}, [{ variant_name: 'Mug', price: '12.50', is_shippable: true }]);
    const order = await start();
    const added = await add(order.id, { variant_id: p.variants[0]!.id, qty: 2 });
    expect(added.statusCode, added.body).toBe(200);
    const o = added.json().order as PosOrder;
    expect(added.json()).toMatchObject({ status: 'success', message: posMessages.itemAdded });
    expect(o).toMatchObject({ subtotal: 25, totalamount: 25, total_qty: 2, total_items: 1, shippable_items: 1 });
    expect(o.items[0]).toMatchObject({ qty: 2, price: 12.5, total: 25, payment_string: '$25.00', reference: expect.any(String) });
    const removed = await admin.post(`/jpanel/pos/${order.id}/remove`, { order_item_id: o.items[0]!.id });
    expect(removed.json()).toMatchObject({ status: 'success', order: { items: [], totalamount: 0, total_items: 0 } });
  });

  it('says why an item cannot be added', async () => {
    const order = await start();
    const none = await add(order.id, { qty: 1 });
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json().message).toBe(posMessages.noProductSelected);
    const tooMany = await add(order.id, { variant_id: 1, qty: 26 });
    expect(tooMany.json().errors.qty).toEqual([posMessages.qtyRange(25)]);
    const noDefault = await product({}, [{ variant_name: 'A', price: '1' }, { variant_name: 'B', price: '2' }]);
    await t.database.db.execute(sql`update product_variants set is_default = false where product_id = ${noDefault.id}`);
    expect((await add(order.id, { product_id: noDefault.id })).json().message).toBe(posMessages.noDefaultVariant);
    const byProduct = await add(order.id, { product_id: (await product()).id });
    expect(byProduct.json().order.items).toHaveLength(1);
    const missing = await add(order.id, { variant_id: 999999, qty: 1 });
    expect(missing.json()).toMatchObject({ status: 'error', message: posMessages.variantNotFound, order: { id: order.id } });
  });
});

/** 1 CAD = 0.75 USD since 2020. */
const cadRate = () =>
  t.database.db.execute(sql`insert into exchange_rates (currency_code, rate, effective_on, source) values ('CAD', 0.75, '2020-01-01', 'entered') on conflict do nothing`);
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0]!;
async function supporter(name = 'Ada Donor', email = 'ada@example.org'): Promise<number> {
  const [first, last] = name.split(' ');
  return Number((await one(sql`insert into supporters (first_name, last_name, display_name, email, bill_first_name, bill_last_name, bill_email, bill_city, bill_country, currency_code)
                               values (${first}, ${last}, ${name}, ${email}, ${first}, ${last}, ${email}, 'Toronto', 'CA', 'USD') returning id`)).id);
}
async function promoCode(code: string, fields: Record<string, unknown>): Promise<number> {
  const response = await admin.post('/jpanel/promos', { code, discount_type: 'percent', discount: '10', currency_code: 'USD', ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}
const applyCodes = (order: number, code: string) => admin.post(`/jpanel/pos/${order}/promos/apply`, { code });

describe('custom fields, donations and limits', () => {
  it("asks for a choice on a required multi-select and checks the answers", async () => {
    const p = await product({ custom_fields: [
      { type: 'multi-select', name: 'Sizes', is_required: true, options: 'S\nM\nL' },
      { type: 'text', name: 'Engraving', is_required: true },
    ] });
    const order = await start();
    const fields = (await admin.post('/jpanel/pos/products.json', { keywords: `POS-${seq}`, currency_code: 'USD' })).json().products[0].custom_fields;
    const [sizes, engraving] = fields as { id: number }[];
    const none = await add(order.id, { variant_id: p.variants[0]!.id, qty: 1, fields: { [sizes!.id]: [] } });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ status: 'error', message: posMessages.multiSelectRequired, errors: { [`fields.${sizes!.id}`]: [posMessages.multiSelectRequired] } });
    const badChoice = await add(order.id, { variant_id: p.variants[0]!.id, qty: 1, fields: { [sizes!.id]: ['XXL'], [engraving!.id]: 'A' } });
    expect(badChoice.json().message).toBe(posMessages.choiceNotOffered);
    const noText = await add(order.id, { variant_id: p.variants[0]!.id, qty: 1, fields: { [sizes!.id]: ['S'] } });
    expect(noText.json().message).toBe(posMessages.fieldRequired('Engraving'));
    const ok = await add(order.id, { variant_id: p.variants[0]!.id, qty: 1, fields: { [sizes!.id]: ['S', 'L'], [engraving!.id]: 'For Ada' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().order.items[0].fields.map((f: { name: string; value: string }) => [f.name, f.value])).toEqual([['Sizes', 'S, L'], ['Engraving', 'For Ada']]);
  });

  it('takes a donation amount at or above the minimum, one-time or monthly', async () => {
    const p = await product({ type: 'donation_form', is_dcc_enabled: true }, [{ variant_name: 'Gift', is_donation: true, price_minimum: '5', price_presets: '25, 50' }]);
    const order = await start();
    const low = await add(order.id, { variant_id: p.variants[0]!.id, qty: 1, amount: '4.99' });
    expect(low.json()).toMatchObject({ status: 'error', message: 'Must be greater than $5.00' });
    const cents = await add(order.id, { variant_id: p.variants[0]!.id, qty: 1, amount: '5.001' });
    expect(cents.statusCode).toBe(422);
    const monthly = await add(order.id, { variant_id: p.variants[0]!.id, qty: 1, amount: '25', recurring_frequency: 'monthly' });
    expect(monthly.statusCode, monthly.body).toBe(200);
    const o = monthly.json().order as PosOrder;
    expect(o.items[0]).toMatchObject({ recurring_frequency: 'monthly', recurring_amount: 25, total: 25, payment_string: '$25.00/mo', is_eligible_for_dcc: true });
    expect(o).toMatchObject({ recurring_items: 1, recurring_totals: { monthly: 25 }, totalamount: 25 });
    const found = (await admin.post('/jpanel/pos/products.json', { keywords: `POS-${seq}` })).json().products[0];
    expect(found.donation_forms_billing_periods).toEqual(['today_only', 'monthly']);
    expect(found.default_variant).toMatchObject({ is_donation: true, price_minimum: 5, price_presets: [25, 50] });
  });

  it('enforces stock (no reservation) and sale limits with the incumbent-style messages', async () => {
    const stocked = await product({ outofstock_allow: false, outofstock_message: 'All gone, sorry.' }, [{ variant_name: 'Cap', price: '8', quantity: 3 }]);
    const order = await start();
    const listed = (await admin.post('/jpanel/pos/products.json', { keywords: `POS-${seq}` })).json().products[0];
    expect(listed).toMatchObject({ available_for_purchase: 3, is_available_for_sale: true });
    expect((await add(order.id, { variant_id: stocked.variants[0]!.id, qty: 2 })).statusCode).toBe(200);
    const more = await add(order.id, { variant_id: stocked.variants[0]!.id, qty: 2 });
    expect(more.json()).toMatchObject({ status: 'error', message: posMessages.limitedStock(1), errors: { qty: [posMessages.limitedStock(1)] } });
    expect((await add(order.id, { variant_id: stocked.variants[0]!.id, qty: 1 })).statusCode).toBe(200);
    expect((await add(order.id, { variant_id: stocked.variants[0]!.id, qty: 1 })).json().message).toBe('All gone, sorry.');
    // Nothing was taken from the shelf: stock is taken when the contribution is paid.
    expect(Number((await one(sql`select quantity from product_variants where id = ${stocked.variants[0]!.id}`)).quantity)).toBe(3);

    const limited = await product({ limit_sales: 2 }, [{ variant_name: 'Ticket', price: '20' }]);
    await t.database.db.execute(sql`update products set sold_count = 2 where id = ${limited.id}`);
    const soldOut = await add(order.id, { variant_id: limited.variants[0]!.id, qty: 1 });
    expect(soldOut.json().message).toBe(posMessages.notForSale);
    const sold = (await admin.post('/jpanel/pos/products.json', { keywords: `POS-${seq}` })).json().products[0];
    expect(sold).toMatchObject({ available_for_purchase: 0, is_available_for_sale: false });
    const unlimited = (await admin.post('/jpanel/pos/products.json', { keywords: 'POS-1' })).json().products[0];
    expect(unlimited.available_for_purchase).toBe(99_999_999);
  });

  it('adds bundled variants as locked lines that go with their parent', async () => {
    const child = await product({}, [{ variant_name: 'Sticker', price: '2' }]);
    const parent = await product({}, [{ variant_name: 'Kit', price: '30', linked_variants: [{ variant_id: child.variants[0]!.id, quantity: 2, price: '0.50' }] }]);
    const order = await start();
    const added = (await add(order.id, { variant_id: parent.variants[0]!.id, qty: 2 })).json().order as PosOrder;
    expect(added.items.map((i) => [i.qty, i.price, i.is_locked])).toEqual([[2, 30, false], [4, 0.5, true]]);
    expect(added.totalamount).toBe(62);
    const locked = added.items[1]!;
    const refused = await admin.post(`/jpanel/pos/${order.id}/remove`, { order_item_id: locked.id });
    expect(refused.json()).toMatchObject({ status: 'error', message: posMessages.removeBundleChild });
    const removed = await admin.post(`/jpanel/pos/${order.id}/remove`, { order_item_id: added.items[0]!.id });
    expect(removed.json().order.items).toEqual([]);
  });
});

describe('promo codes through the routes (reference §6.5)', () => {
  it('applies percent and dollar codes (best price wins), clears them, and says why a code is refused', async () => {
    const p = await product({}, [{ variant_name: 'Book', price: '40' }]);
    await promoCode('TENOFF', { product_ids: [p.id] });
    await promoCode('FIVEBUCKS', { discount_type: 'dollar', discount: '5', product_ids: [p.id] });
    await promoCode('OLDIE', { product_ids: [p.id], starts_on: '2020-01-01', ends_on: '2020-12-31' });
    await promoCode('NOTHING', { product_ids: [] });
    const used = await promoCode('USEDUP', { product_ids: [p.id], usage_limit: 1 });
    await t.database.db.execute(sql`update promo_codes set usage_count = 1 where id = ${used}`);
    const order = await start();
    await add(order.id, { variant_id: p.variants[0]!.id, qty: 1 });

    const applied = await admin.post(`/jpanel/pos/${order.id}/promos/apply`, { promocodes: 'tenoff,FIVEBUCKS' });
    expect(applied.json()).toMatchObject({ status: 'success', message: posMessages.promosApplied, order: { promocodes: ['FIVEBUCKS', 'TENOFF'], subtotal: 35, discount: 5, totalamount: 35 } });
    expect(applied.json().order.items[0]).toMatchObject({ price: 35, undiscounted_price: 40, is_price_reduced: true, promocode: 'FIVEBUCKS' });

    for (const [code, message] of [['NOPE', posMessages.codeNotFound], ['OLDIE', posMessages.codeExpired], ['USEDUP', posMessages.codeUsedUp], ['NOTHING', posMessages.codeNotApplied('NOTHING')]] as const) {
      const refused = await applyCodes(order.id, code);
      expect(refused.statusCode, code).toBe(422);
      expect(refused.json()).toMatchObject({ status: 'error', message, order: { promocodes: [], totalamount: 40 } });
    }
    const cleared = await admin.post(`/jpanel/pos/${order.id}/promos/apply`, { promocodes: [] });
    expect(cleared.json()).toMatchObject({ status: 'success', message: posMessages.promosCleared });
  });

  it('applies buy-x-get-y codes and free shipping', async () => {
    const p = await product({}, [{ variant_name: 'Candle', price: '10', is_shippable: true }]);
    await promoCode('BUY2', { discount_type: 'bxgy_dollar', discount: '5', buy_quantity: 2, allocation_limit: 1, product_ids: [p.id] });
    await promoCode('SHIPFREE', { discount: '0', is_free_shipping: true, free_shipping_label: 'Shipping on us' });
    const order = await start();
    await add(order.id, { variant_id: p.variants[0]!.id, qty: 4 });
    const bxgy = (await applyCodes(order.id, 'BUY2')).json().order as PosOrder;
    expect(bxgy).toMatchObject({ undiscounted_subtotal: 40, discount: 5, subtotal: 35 });
    const free = (await applyCodes(order.id, 'SHIPFREE')).json().order as PosOrder;
    expect(free).toMatchObject({ is_free_shipping: true, courier_method: 'Shipping on us', shipping_amount: 0 });
  });

  it('keeps members-only and per-customer codes to those who may use them', async () => {
    const p = await product({}, [{ variant_name: 'Pin', price: '5' }]);
    const [level] = await rows(sql`insert into memberships (name) values ('Gold') returning id`);
    const members = await promoCode('GOLDONLY', { product_ids: [p.id] });
    await t.database.db.execute(sql`insert into promo_code_memberships (promo_code_id, membership_id) values (${members}, ${level!.id as number})`);
    const perCustomer = await promoCode('ONCE', { product_ids: [p.id], usage_limit_per_account: 1 });
    const member = await supporter('Max Member', 'max@example.org');
    const order = await start();
    await add(order.id, { variant_id: p.variants[0]!.id, qty: 1 });
    expect((await applyCodes(order.id, 'GOLDONLY')).json().message).toBe(posMessages.codeMembersOnly);
    await update(order.id, { member_id: member });
    expect((await applyCodes(order.id, 'GOLDONLY')).json().message).toBe(posMessages.codeActiveMemberships);
    await t.database.db.execute(sql`insert into supporter_memberships (supporter_id, membership_id, starts_on) values (${member}, ${level!.id as number}, current_date)`);
    expect((await applyCodes(order.id, 'GOLDONLY')).json().status).toBe('success');
    // The supporter leaves the order: the members-only code goes with a note.
    const guest = await update(order.id, { member_id: null });
    expect(guest.json()).toMatchObject({ status: 'success', message: posMessages.codesRemoved(['GOLDONLY']), order: { promocodes: [] } });

    const past = await start();
    await update(past.id, { member_id: member });
    await t.database.db.execute(sql`insert into contribution_promo_codes (contribution_id, promo_code_id) values (${past.id}, ${perCustomer})`);
    await t.database.db.execute(sql`update contributions set paid_at = now() where id = ${past.id}`);
    await update(order.id, { member_id: member });
    expect((await applyCodes(order.id, 'ONCE')).json().message).toBe(posMessages.codePerCustomer(1));
  });
});

describe('taxes, shipping, DCC and currency through the routes', () => {
  let taxed: Product;
  beforeAll(async () => {
    taxed = await product({}, [{ variant_name: 'Lamp', price: '100', is_shippable: true }]);
    const db = t.database.db;
    const [state] = await queryRows(db, sql`insert into tax_rates (code, rate) values ('CA-STATE', 7.25) returning id`);
    const [city] = await queryRows(db, sql`insert into tax_rates (code, rate, city) values ('LA-CITY', 2.25, 'Los Angeles') returning id`);
    for (const tax of [state!, city!]) {
      await db.execute(sql`insert into tax_rate_regions (tax_rate_id, country, region) values (${tax.id as number}, 'US', 'CA')`);
      await db.execute(sql`insert into product_tax_rates (product_id, tax_rate_id) values (${taxed.id}, ${tax.id as number})`);
    }
    const [ground] = await queryRows(db, sql`insert into shipping_methods (name, is_default, priority) values ('Ground', true, 1) returning id`);
    const [express] = await queryRows(db, sql`insert into shipping_methods (name, priority) values ('Express', 2) returning id`);
    const [low] = await queryRows(db, sql`insert into shipping_tiers (min_value, max_value) values (0, 9999) returning id`);
    const [high] = await queryRows(db, sql`insert into shipping_tiers (min_value, max_value) values (10000, null) returning id`);
    for (const [method, tier, amount] of [[ground, low, 800], [ground, high, 1500], [express, low, 2000], [express, high, 3000]] as const) {
      await db.execute(sql`insert into shipping_rates (shipping_method_id, shipping_tier_id, amount, currency_code) values (${method!.id as number}, ${tier!.id as number}, ${amount}, 'USD')`);
    }
    await cadRate();
  });

  it('taxes by the tax region and city', async () => {
    const order = await start();
    await add(order.id, { variant_id: taxed.variants[0]!.id, qty: 1 });
    const elsewhere = (await update(order.id, { tax_country: 'US', tax_state: 'NY' })).json().order as PosOrder;
    expect(elsewhere.taxtotal).toBe(0);
    const state = (await update(order.id, { tax_country: 'US', tax_state: 'CA', tax_city: 'San Diego' })).json().order as PosOrder;
    expect(state).toMatchObject({ taxtotal: 7.25, taxes: [{ code: 'CA-STATE', amount: 7.25 }] });
    const city = (await update(order.id, { tax_city: 'los angeles' })).json().order as PosOrder;
    expect(city.taxtotal).toBe(9.5);
    expect(city.items[0]!.tax_amount).toBe(9.5);
  });

  it('ships by tier, keeps a chosen method that still applies, and totals add up', async () => {
    const order = await start();
    const one = (await add(order.id, { variant_id: taxed.variants[0]!.id, qty: 1 })).json().order as PosOrder;
    // $100 is in the upper tier (≥ 100.00): Ground 15, Express 30.
    expect(one).toMatchObject({ shipping_method: 'Ground', shipping_amount: 15 });
    expect(one.available_shipping_methods.map((m) => [m.title, m.cost])).toEqual([['Ground', 15], ['Express', 30]]);
    const express = one.available_shipping_methods.find((m) => m.title === 'Express')!;
    const chosen = (await update(order.id, { shipping_method_id: express.shipping_method_id })).json().order as PosOrder;
    expect(chosen).toMatchObject({ shipping_method_id: express.shipping_method_id, shipping_amount: 30, totalamount: 130 });
    const [row] = await rows(sql`select subtotal_amount::int, shipping_amount::int, total_amount::int, total_items, shippable_items from contributions where id = ${order.id}`);
    expect(row).toMatchObject({ subtotal_amount: 10000, shipping_amount: 3000, total_amount: 13000, total_items: 1, shippable_items: 1 });
    const unknown = await update(order.id, { shipping_method_id: 999999 });
    expect(unknown.json().message).toBe(posMessages.unknownShippingMethod);
  });

  it('adds donor-covered costs when chosen, and offers each choice', async () => {
    const p = await product({ is_dcc_enabled: true }, [{ variant_name: 'Gift', is_donation: true }]);
    const order = await start();
    const added = (await add(order.id, { variant_id: p.variants[0]!.id, qty: 1, amount: '50' })).json().order as PosOrder;
    expect(added.dcc_options).toEqual({ most_costs: 6.72, more_costs: 4.98, minimum_costs: 4.29 });
    const chosen = (await update(order.id, { dcc_enabled_by_customer: true, dcc_type: 'more_costs' })).json().order as PosOrder;
    expect(chosen).toMatchObject({ dcc_total_amount: 4.98, totalamount: 54.98, dcc_type: 'more_costs' });
  });

  it('re-prices the open order when the currency switches', async () => {
    const p = await product({}, [{ variant_name: 'Plate', price: '30' }]);
    const gift = await product({}, [{ variant_name: 'Gift', is_donation: true }]);
    const order = await start();
    await add(order.id, { variant_id: p.variants[0]!.id, qty: 1 });
    await add(order.id, { variant_id: gift.variants[0]!.id, qty: 1, amount: '15' });
    const cad = (await update(order.id, { currency_code: 'CAD' })).json().order as PosOrder;
    // 1 CAD = 0.75 USD: $30 → CA$40, $15 → CA$20.
    expect(cad).toMatchObject({ currency_code: 'CAD', subtotal: 60, totalamount: 60 });
    expect(cad.items.map((i) => i.price)).toEqual([40, 20]);
    const [row] = await rows(sql`select functional_total_amount::int, functional_currency_code from contributions where id = ${order.id}`);
    expect(row).toMatchObject({ functional_total_amount: 4500, functional_currency_code: 'USD' });
    const back = (await update(order.id, { currency_code: 'USD' })).json().order as PosOrder;
    expect(back.items.map((i) => i.price)).toEqual([30, 15]);
    const noRate = await update(order.id, { currency_code: 'EUR' });
    expect(noRate.json().message).toBe(posMessages.currencyNotConvertible('EUR'));
  });
});

describe('supporters, details and defaults', () => {
  it('links a supporter, copies their billing and lists only active payment methods held at the gateway', async () => {
    const id = await supporter('Grace Giver', 'grace@example.org');
    // The token is only tested for presence here (completion decrypts it when it charges).
    await t.database.db.execute(sql`insert into payment_methods (supporter_id, status, display_name, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, currency_code, use_as_default, token)
      values (${id}, 'ACTIVE', 'Visa ending 4242', 'card', 'visa', '4242', 12, 2099, 'USD', true, 'sealed-1'),
             (${id}, 'ACTIVE', null, 'card', 'mastercard', '4444', 1, 2020, 'USD', false, 'sealed-2'),
             (${id}, 'ACTIVE', 'Imported, no token', 'card', 'visa', '5556', 1, 2099, 'USD', false, null),
             (${id}, 'FAILED', 'Old', 'card', 'visa', '1111', 1, 2099, 'USD', false, 'sealed-3')`);
    const order = await start();
    const linked = (await update(order.id, { member_id: id, comments: 'Called in', is_anonymous: false, ordered_at: '2026-11-20', source: 'Phone', referral_source: 'Other', other_referral_source: 'Podcast' })).json().order as PosOrder;
    expect(linked).toMatchObject({ member_id: id, is_guest: false, billing_first_name: 'Grace', billing_email: 'grace@example.org', billing_city: 'Toronto', comments: 'Called in', is_anonymous: false, source: 'Phone', referral_source: 'Podcast' });
    expect(linked.ordered_at.slice(0, 10)).toBe('2026-11-20');
    expect(linked.member!.payment_methods).toEqual([
      expect.objectContaining({ display_name: 'Visa ending 4242', account_number: '•••• 4242', fa_icon: 'fa-cc-visa', use_as_default: true, is_expired: false, status: 'ACTIVE' }),
      expect.objectContaining({ display_name: 'Mastercard', account_number: '•••• 4444', is_expired: true }),
    ]);
    const bad = await update(order.id, { member_id: 999999 });
    expect(bad.json().message).toBe(posMessages.unknownSupporter);
    const badEmail = await update(order.id, { billing_email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(422);
  });

  it('saves and clears defaults; a new order starts from them', async () => {
    const none = await admin.post('/jpanel/pos/defaults/save', {});
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(posMessages.noDefaultsToSave);
    const order = await start();
    await update(order.id, { source: 'Mail', comments: 'Mail-in day', dcc_enabled_by_customer: true, dcc_type: 'most_costs', tax_country: 'US', tax_state: 'CA' });
    const saved = await admin.post('/jpanel/pos/defaults/save', { order_id: order.id });
    expect(saved.json()).toMatchObject({ message: posMessages.defaultsSaved, defaults: { source: 'Mail', comments: 'Mail-in day', dcc_type: 'most_costs', tax_state: 'CA' } });
    const next = (await admin.post('/jpanel/pos/new', { using_web_pos: true })).json().order as PosOrder;
    expect(next).toMatchObject({ source: 'Mail', comments: 'Mail-in day', dcc_enabled_by_customer: true, dcc_type: 'most_costs', tax_state: 'CA' });
    expect((await admin.get('/jpanel/pos/config.json')).json().defaults).toMatchObject({ source: 'Mail' });
    expect((await admin.post('/jpanel/pos/defaults/clear')).json()).toEqual({ message: posMessages.defaultsCleared, defaults: null });
    const plain = (await admin.post('/jpanel/pos/new', { using_web_pos: true })).json().order as PosOrder;
    expect(plain).toMatchObject({ source: 'POS', comments: null });
  });
});

describe('settings the engine follows', () => {
  it('copies a complete shipping (else billing) address to the tax address when the setting is on', async () => {
    await t.database.db.execute(sql`insert into settings (key, value) values ('pos_use_default_tax_region', 'true'::jsonb)
                                     on conflict (key) do update set value = excluded.value`);
    try {
      const order = await start();
      const billed = (await update(order.id, { billing_address1: '1 Main St', billing_city: 'Fresno', billing_state: 'CA', billing_zip: '93650', billing_country: 'US' })).json().order as PosOrder;
      expect(billed).toMatchObject({ tax_address1: '1 Main St', tax_city: 'Fresno', tax_state: 'CA', tax_country: 'US' });
      const shipped = (await update(order.id, { shipping_address1: '9 Bay Rd', shipping_city: 'Albany', shipping_state: 'NY', shipping_zip: '12207', shipping_country: 'US' })).json().order as PosOrder;
      expect(shipped).toMatchObject({ tax_address1: '9 Bay Rd', tax_state: 'NY' });
      const partial = (await update(order.id, { billing_city: 'Reno' })).json().order as PosOrder;
      expect(partial.tax_state).toBe('NY');
    } finally {
      await t.database.db.execute(sql`delete from settings where key = 'pos_use_default_tax_region'`);
    }
  });

  it('uses the legacy flat fee and rate when the AI choices are off', async () => {
    await t.database.db.execute(sql`insert into settings (key, value) values ('dcc_ai_is_enabled', 'false'::jsonb) on conflict (key) do update set value = excluded.value`);
    try {
      const p = await product({ is_dcc_enabled: true }, [{ variant_name: 'Gift', is_donation: true }]);
      const order = await start();
      await add(order.id, { variant_id: p.variants[0]!.id, amount: '100' });
      const chosen = (await update(order.id, { dcc_enabled_by_customer: true })).json().order as PosOrder;
      expect(chosen).toMatchObject({ dcc_total_amount: 3.19, totalamount: 103.19 });
      expect((await admin.get('/jpanel/pos/config.json')).json()).toMatchObject({ dcc_enabled: true, dcc_ai_enabled: false, site_currency: 'USD' });
    } finally {
      await t.database.db.execute(sql`delete from settings where key = 'dcc_ai_is_enabled'`);
    }
  });

  it('keeps tribute details, and gift aid only when enabled for a receiptable product', async () => {
    const p = await product({ allow_tributes: true, is_tax_receiptable: true }, [{ variant_name: 'Gift', is_donation: true }]);
    const order = await start();
    const noName = await add(order.id, { variant_id: p.variants[0]!.id, amount: '20', is_tribute: true });
    expect(noName.json().message).toBe(posMessages.fieldRequired('Tribute name'));
    const added = (await add(order.id, { variant_id: p.variants[0]!.id, amount: '20', is_tribute: true, tribute_name: 'Nana', tribute_notify: 'email', tribute_notify_name: 'Sam', tribute_notify_email: 'sam@example.org', gift_aid: true })).json().order as PosOrder;
    expect(added.items[0]).toMatchObject({ is_tribute: true, tribute_name: 'Nana', gift_aid: false });
    await t.database.db.execute(sql`insert into settings (key, value) values ('gift_aid_enabled', 'true'::jsonb) on conflict (key) do update set value = excluded.value`);
    try {
      const aided = (await add(order.id, { variant_id: p.variants[0]!.id, amount: '20', gift_aid: true })).json().order as PosOrder;
      expect(aided.items[1]!.gift_aid).toBe(true);
    } finally {
      await t.database.db.execute(sql`delete from settings where key = 'gift_aid_enabled'`);
    }
  });
});

describe('sponsorships and fundraising pages', () => {
  let sponsee: number;
  let optionId: number;
  let customId: number;
  beforeAll(async () => {
    const db = t.database.db;
    const [group] = await queryRows(db, sql`insert into payment_option_groups (name) values ('Standard') returning id`);
    const [monthly] = await queryRows(db, sql`insert into payment_options (group_id, amount, currency_code, is_recurring, recurring_frequency, recurring_day) values (${group!.id as number}, 3500, 'USD', true, 'monthly', 1) returning id`);
    const [custom] = await queryRows(db, sql`insert into payment_options (group_id, currency_code, is_custom) values (${group!.id as number}, 'USD', true) returning id`);
    optionId = Number(monthly!.id);
    customId = Number(custom!.id);
    sponsee = Number((await one(sql`insert into sponsorships (reference_number, first_name, last_name, is_enabled, payment_option_group_id, gender, birth_date)
                                     values ('CH-100', 'Amani', 'K', true, ${group!.id as number}, 'F', '2015-03-01') returning id`)).id);
    await db.execute(sql`insert into sponsorships (reference_number, first_name, is_enabled, is_sponsored, payment_option_group_id) values ('CH-200', 'Taken', true, true, ${group!.id as number})`);
  });

  it('adds a sponsorship by reference, with the messages for the missing cases', async () => {
    const order = await start();
    const blank = await admin.post(`/jpanel/pos/${order.id}/add_by_child_reference`, { reference_number: '' });
    expect(blank.json().message).toBe(posMessages.childReferenceRequired);
    const unknown = await admin.post(`/jpanel/pos/${order.id}/add_by_child_reference`, { reference_number: 'NOPE-1', payment_option_id: optionId });
    expect(unknown.json().message).toBe(posMessages.childNotFound('NOPE-1'));
    const taken = await admin.post(`/jpanel/pos/${order.id}/add_by_child_reference`, { reference_number: 'CH-200', payment_option_id: optionId });
    expect(taken.json().message).toBe(posMessages.alreadySponsored('Taken'));
    const noOption = await admin.post(`/jpanel/pos/${order.id}/add_by_child_reference`, { reference_number: 'CH-100' });
    expect(noOption.json().message).toBe(posMessages.paymentOptionRequired);
    const noAmount = await admin.post(`/jpanel/pos/${order.id}/add_by_child_reference`, { reference_number: 'ch-100', payment_option_id: customId });
    expect(noAmount.json().message).toBe(posMessages.customAmountRequired);
    const added = await admin.post(`/jpanel/pos/${order.id}/add_by_child_reference`, { reference_number: 'ch-100', payment_option_id: optionId });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().order).toMatchObject({ sponsorship_items: 1, recurring_items: 1, totalamount: 35, items: [{ sponsorship_id: sponsee, reference: 'CH-100', payment_string: '$35.00/mo' }] });
    const picker = (await admin.get('/jpanel/sponsees.json?query=amani')).json();
    expect(picker[0]).toMatchObject({ reference_number: 'CH-100', full_name: 'Amani K', gender: 'F', sponsored_status: 'unsponsored', payment_options: [{ id: optionId, amount: 35, label: '$35.00 monthly' }, { id: customId, is_custom: true }] });
  });

  it('adds a gift to a fundraising page', async () => {
    const author = await supporter('Fay Raiser', 'fay@example.org');
    const form = await product({ type: 'donation_form' }, [{ variant_name: 'Gift', is_donation: true, is_default: true }]);
    const noDefault = await product({ type: 'donation_form' }, [{ variant_name: 'Gift', is_donation: true }]);
    await t.database.db.execute(sql`update product_variants set is_default = false where product_id = ${noDefault.id}`);
    const page = Number((await one(sql`insert into fundraising_pages (title, url, author_supporter_id, product_id, currency_code) values ('Run for water', 'run-for-water', ${author}, ${form.id}, 'USD') returning id`)).id);
    const bare = Number((await one(sql`insert into fundraising_pages (title, url, author_supporter_id, product_id, currency_code) values ('Bare page', 'bare', ${author}, ${noDefault.id}, 'USD') returning id`)).id);
    const order = await start();
    const url = `/jpanel/pos/${order.id}/add_by_fundraising_page`;
    expect((await admin.post(url, { amount: '10' })).json().message).toBe(posMessages.fundraiserRequired);
    expect((await admin.post(url, { fundraising_page_id: 999999, amount: '10' })).json().message).toBe(posMessages.fundraisingPageNotFound(999999));
    expect((await admin.post(url, { fundraising_page_id: bare, amount: '10' })).json().message).toBe(posMessages.noDefaultVariant);
    const added = await admin.post(url, { fundraising_page_id: page, amount: '20', comments: 'Go Fay!' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().order).toMatchObject({ fundraising_items: 1, totalamount: 20, items: [{ fundraising_page_id: page, description: 'Run for water' }] });
    expect((await admin.get('/jpanel/fundraisers.json?query=water')).json()).toEqual([{ id: page, title: 'Run for water', url: 'run-for-water', author: 'Fay Raiser', thumbnail: null }]);
  });
});

describe('catalogue, bookmarks, pickers and permissions', () => {
  it('a product allowing tributes offers its own types, or every type turned on when it names none', async () => {
    const db = t.database.db;
    const types = await queryRows(db, sql`insert into tribute_types (label, sequence, is_enabled) values ('In memory of', 1, true), ('In honour of', 2, true), ('Retired', 3, false) returning id`);
    const [memory, honour] = types.map((r) => Number(r.id));
    const listed = async (code: string) => (await admin.post('/jpanel/pos/products.json', { keywords: code })).json().products[0] as { tribute_types: { id: number; label: string }[] };
    await product({ allow_tributes: true });
    expect((await listed(`POS-${seq}`)).tribute_types.filter((x) => x.id >= memory!)).toEqual([{ id: memory, label: 'In memory of' }, { id: honour, label: 'In honour of' }]);
    const own = await product({ allow_tributes: true });
    await db.execute(sql`insert into product_tribute_types (product_id, tribute_type_id) values (${own.id}, ${honour})`);
    expect((await listed(`POS-${seq}`)).tribute_types).toEqual([{ id: honour, label: 'In honour of' }]);
    await product({ allow_tributes: false });
    expect((await listed(`POS-${seq}`)).tribute_types).toEqual([]);
  });

  it('lists categories as a tree and finds products by category', async () => {
    const db = t.database.db;
    const [parent] = await queryRows(db, sql`insert into product_categories (name) values ('Gifts') returning id`);
    const [child] = await queryRows(db, sql`insert into product_categories (name, parent_id) values ('Mugs', ${parent!.id as number}) returning id`);
    const p = await product({ category_ids: [Number(child!.id)] });
    await product({ category_ids: [Number(child!.id)], show_in_pos: false });
    const tree = (await admin.post('/jpanel/pos/categories.json')).json().categories;
    expect(tree.find((c: { id: number }) => c.id === Number(parent!.id))).toMatchObject({ name: 'Gifts', parent_id: null, child_categories: [{ name: 'Mugs', parent_id: Number(parent!.id), child_categories: [] }] });
    // A product in a currency without an exchange rate cannot be priced: it is left out.
    await product({ category_ids: [Number(child!.id)], base_currency: 'JPY' }, [{ variant_name: 'Cup', price: '900' }]);
    const inCategory = (await admin.post('/jpanel/pos/products.json', { category_id: Number(child!.id) })).json().products;
    expect(inCategory.map((x: { id: number }) => x.id)).toEqual([p.id]);
    await cadRate();
    const inCad = (await admin.post('/jpanel/pos/products.json', { category_id: Number(child!.id), currency_code: 'CAD' })).json().products;
    expect(inCad[0]).toMatchObject({ currency_code: 'CAD', default_variant: { price: 13.33 } });
  });

  it('bookmarks and unbookmarks POS products', async () => {
    const p = await product();
    const added = (await admin.post('/jpanel/pos/bookmark/add', { product_id: p.id })).json();
    expect(added.products.map((x: { id: number; is_bookmarked: boolean }) => [x.id, x.is_bookmarked])).toEqual([[p.id, true]]);
    expect((await admin.get('/jpanel/pos/bookmarks.json')).json().products).toHaveLength(1);
    expect((await admin.post('/jpanel/pos/bookmark/remove', { product_id: p.id })).json().products).toEqual([]);
    const hidden = await product({ show_in_pos: false });
    expect((await admin.post('/jpanel/pos/bookmark/add', { product_id: hidden.id })).statusCode).toBe(422);
  });

  it('finds promo codes that have not ended', async () => {
    await promoCode('PICKME', {});
    await promoCode('PICKOLD', { starts_on: '2020-01-01', ends_on: '2020-02-01' });
    expect((await admin.get('/jpanel/promocodes.json?query=pick')).json()).toEqual([{ code: 'PICKME' }]);
    expect((await admin.get('/jpanel/promocodes.json?query=')).json()).toEqual([]);
  });

  it('needs pos.edit on every route', async () => {
    const { agent } = await signedIn(t, { permissions: ['order.view'] });
    for (const [method, url] of [['POST', '/jpanel/pos/new'], ['POST', '/jpanel/pos/categories.json'], ['POST', '/jpanel/pos/products.json'], ['POST', '/jpanel/pos/1/add'],
      ['POST', '/jpanel/pos/1/update'], ['POST', '/jpanel/pos/defaults/save'], ['GET', '/jpanel/promocodes.json'], ['GET', '/jpanel/sponsees.json'], ['GET', '/jpanel/fundraisers.json']] as const) {
      expect((await agent.request(method, url, method === 'POST' ? { body: {} } : {})).statusCode, url).toBe(403);
    }
    const { agent: cashier } = await signedIn(t, { permissions: ['pos.edit'] });
    expect((await cashier.post('/jpanel/pos/new', { currency_code: 'USD' })).statusCode).toBe(200);
    // The account modal's supporter picker answers a cashier too; the supporters list does not.
    expect((await cashier.get('/jpanel/supporters.json?query=a')).statusCode).toBe(200);
    expect((await cashier.post('/jpanel/supporters.listing', { draw: 1, start: 0, length: 10 })).statusCode).toBe(403);
  });
});

describe('nothing changes once paid', () => {
  it('refuses every change with a clear message', async () => {
    const p = await product();
    const order = await start();
    const item = (await add(order.id, { variant_id: p.variants[0]!.id, qty: 1 })).json().order.items[0];
    await t.database.db.execute(sql`update contributions set paid_at = now(), invoice_number = client_uuid where id = ${order.id}`);
    const again = await add(order.id, { variant_id: p.variants[0]!.id, qty: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'error', order: { is_paid: true, totalamount: 10 } });
    expect(again.json().message).toBe(posMessages.addAfterPaid(order.client_uuid));
    expect((await admin.post(`/jpanel/pos/${order.id}/remove`, { order_item_id: item.id })).json().message).toBe(posMessages.removeAfterPaid);
    expect((await update(order.id, { comments: 'late' })).json().message).toBe(posMessages.orderPaid);
    expect((await applyCodes(order.id, 'TENOFF')).json().message).toBe(posMessages.orderPaid);
    expect((await admin.post(`/jpanel/pos/${order.id}/add_by_child_reference`, { reference_number: 'CH-100', payment_option_id: 1 })).statusCode).toBe(409);
    expect((await admin.post(`/jpanel/pos/${order.id}/add_by_fundraising_page`, { fundraising_page_id: 1, amount: 5 })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await update(999999, { comments: 'x' })).statusCode).toBe(404);
    expect((await admin.get('/jpanel/pos/order.json?id=999999')).statusCode).toBe(404);
  });
});
