import { customFieldMessages, messages, productMessages, skuMessages, variantMessages } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../listing/engine.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent} from '../../test/test-app.ts';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { productCustomFields, products, productVariants, stockMovements } from './products.tables.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

let counter = 0;
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: `Clean water ${++counter}`,
  code: `WATER-${counter}-${Date.now() % 100000}`,
  base_currency: 'USD',
  outofstock_allow: false,
  variants: [{ variant_name: 'Gift', is_donation: true, price_presets: '25, 50, 100', price_minimum: '5' }],
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const response = await admin.post('/jpanel/products', newProduct(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; code: string; variants: ({ id: number; is_default: boolean; quantity: number; variant_name: string } & Record<string, unknown>)[]; [k: string]: unknown };
}

describe('SKU', () => {
  it('answers the spec messages for a missing and a malformed code', async () => {
    const blank = await admin.post('/jpanel/products', newProduct({ code: '  ' }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.code).toEqual([skuMessages.required]);
    const spaced = await admin.post('/jpanel/products', newProduct({ code: 'has space' }));
    expect(spaced.json().errors.code).toEqual([skuMessages.format]);
    const special = await admin.post('/jpanel/products', newProduct({ code: 'ABC_1!' }));
    expect(special.json().errors.code).toEqual([skuMessages.format]);
  });

  it('refuses a code in use, ignoring case, including a deleted product\'s', async () => {
    const first = await create({ code: 'TEE-SHIRT-1' });
    const again = await admin.post('/jpanel/products', newProduct({ code: 'tee-shirt-1' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual([skuMessages.inUse]);
    expect((await admin.post('/jpanel/products/destroy', { id: first.id })).statusCode).toBe(200);
    expect((await admin.get(`/jpanel/products/${first.id}`)).statusCode).toBe(404);
    const afterDelete = await admin.post('/jpanel/products', newProduct({ code: 'TEE-SHIRT-1' }));
    expect(afterDelete.json().errors.code).toEqual([skuMessages.inUse]);
  });

  it('validate_sku tells each case, and lets a product keep its own code', async () => {
    const p = await create({ code: 'MUG-42' });
    const check = async (body: Record<string, unknown>) => (await admin.post('/jpanel/products/validate_sku', body)).json();
    expect(await check({ code: '' })).toEqual({ valid: false, message: skuMessages.required });
    expect(await check({ code: 'MUG 42' })).toEqual({ valid: false, message: skuMessages.format });
    expect(await check({ code: 'mug-42' })).toEqual({ valid: false, message: skuMessages.inUse });
    expect(await check({ code: 'mug-42', product_id: p.id })).toEqual({ valid: true, message: null });
    expect(await check({ code: 'MUG-43', product_id: '' })).toEqual({ valid: true, message: null });
  });

  it('turns two simultaneous creations of one code into one product and one 422', async () => {
    const body = newProduct({ code: 'RACE-1' });
    const [a, b] = await Promise.all([admin.post('/jpanel/products', body), admin.post('/jpanel/products', { ...body, name: 'Other' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
  });
});

describe('designations', () => {
  it('normalises account codes and keeps exactly one default (the first when none is chosen)', async () => {
    const p = await create({
      template_suffix: 'page-with-payment',
      designation_options: {
        type: 'supporters_choice',
        default_account: null,
        designations: [
          { label: 'Where needed', account: ' general  fund-2024! ', is_default: false },
          { label: 'Wells', account: 'water__wells_', is_default: false },
          { label: '', account: '', is_default: false },
        ],
      },
    });
    expect(p.designation_options).toEqual({
      type: 'supporters_choice',
      default_account: 'GENERAL_FUND_2024',
      designations: [
        { label: 'Where needed', account: 'GENERAL_FUND_2024', is_default: true },
        { label: 'Wells', account: 'WATER_WELLS', is_default: false },
      ],
    });
  });

  it('keeps only the first of several defaults', async () => {
    const p = await create({
      template_suffix: 'page-with-payment',
      designation_options: {
        type: 'supporters_choice',
        designations: [
          { label: 'A', account: 'a', is_default: false },
          { label: 'B', account: 'b', is_default: true },
          { label: 'C', account: 'c', is_default: true },
        ],
      },
    });
    const defaults = (p.designation_options as { designations: { is_default: boolean }[] }).designations.map((d) => d.is_default);
    expect(defaults).toEqual([false, true, false]);
    expect((p.designation_options as { default_account: string }).default_account).toBe('B');
  });

  it('forces supporters_choice back to single_account without the page-with-payment template', async () => {
    const p = await create({
      template_suffix: null,
      designation_options: { type: 'supporters_choice', designations: [{ label: 'Wells', account: 'wells fund', is_default: true }] },
    });
    expect(p.designation_options).toEqual({ type: 'single_account', default_account: 'WELLS_FUND', designations: [] });
  });
});

describe('custom fields', () => {
  const field = (overrides: Record<string, unknown> = {}) => ({ type: 'text', name: 'Name on the card', ...overrides });

  it('stores every type in the order sent, simple lines and structured choices', async () => {
    const p = await create({
      custom_fields: [
        field({ type: 'select', name: 'Size', options: 'Small\nMedium\n\nLarge', default_value: 'Medium' }),
        field({ type: 'multi-select', name: 'Colours', format: 'advanced', choices: [{ value: 'r', label: 'Red' }, { value: 'b', label: '' }], default_value: 'r,b' }),
        field({ type: 'lg_text', name: 'Message', hint: 'Printed inside' }),
        field({ type: 'check', name: 'Gift wrap', is_required: true }),
        field({ type: 'date', name: 'Deliver on' }),
        field({ type: 'email', name: 'Recipient email' }),
        field({ type: 'phone', name: 'Recipient phone' }),
        field({ type: 'html', name: 'Notice', body: '<p>Thank you</p>' }),
        field({ type: 'hidden', name: 'Campaign', default_value: 'spring', map_to_product_meta: 'gift_campaign' }),
        field(),
      ],
    });
    const fields = p.custom_fields as { id: number; type: string; sequence: number; choices: unknown; options: string }[];
    expect(fields.map((f) => f.type)).toEqual(['select', 'multi-select', 'lg_text', 'check', 'date', 'email', 'phone', 'html', 'hidden', 'text']);
    expect(fields.map((f) => f.sequence)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(fields[0]!.choices).toEqual([{ value: 'Small', label: 'Small' }, { value: 'Medium', label: 'Medium' }, { value: 'Large', label: 'Large' }]);
    expect(fields[1]!.choices).toEqual([{ value: 'r', label: 'Red' }, { value: 'b', label: 'b' }]);
  });

  it('marks removed rows deleted (kept in the table) and saves a new order', async () => {
    const p = await create({ custom_fields: [field({ name: 'First' }), field({ name: 'Second' }), field({ name: 'Third' })] });
    const [first, second, third] = p.custom_fields as { id: number; name: string }[];
    const update = await admin.post(`/jpanel/products/${p.id}`, {
      ...newProduct({ code: p.code, variants: p.variants }),
      custom_fields: [{ ...third, type: 'text' }, { ...first, type: 'text', _delete: true }, { ...second, type: 'text' }],
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((update.json().custom_fields as { name: string }[]).map((f) => f.name)).toEqual(['Third', 'Second']);
    const [kept] = await t.database.db.select().from(productCustomFields).where(eq(productCustomFields.id, first!.id));
    expect(kept?.deletedAt).not.toBeNull();
  });

  it('answers the limits of part 2 §5 and the choice rules', async () => {
    const long = 'x'.repeat(201);
    const response = await admin.post('/jpanel/products', newProduct({
      custom_fields: [
        field({ name: long, hint: long }),
        field({ type: 'select', options: '' }),
        field({ type: 'select', options: 'A\nB', default_value: 'C' }),
        field({ type: 'html', body: '' }),
        field({ type: 'colour' }),
      ],
    }));
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors['custom_fields.0.name']).toEqual([messages.maxLength(200)]);
    expect(errors['custom_fields.0.hint']).toEqual([messages.maxLength(200)]);
    expect(errors['custom_fields.1.options']).toEqual([customFieldMessages.choicesRequired]);
    expect(errors['custom_fields.2.default_value']).toEqual([customFieldMessages.defaultNotAChoice]);
    expect(errors['custom_fields.3.body']).toEqual([customFieldMessages.htmlBodyRequired]);
    expect(errors['custom_fields.4.type']).toBeDefined();
  });

  it('cleans the description and HTML fields by the one HTML policy; refuses an HTML field left empty and changes nothing (issue 35)', async () => {
    const p = await create({
      description: '<p>Clean water<img src="/media/1/w.jpg" srcset="https://evil.example/w.jpg 2x" onerror="alert(1)"></p><form action="https://evil.example/"><input name="card"></form>',
      custom_fields: [field({ type: 'html', name: 'Notice', body: '<p style="color: red; position: fixed">Thanks</p><iframe src="https://evil.example/"></iframe><style>@import url(https://evil.example/x.css)</style>' })],
    });
    expect(p.description).toBe('<p>Clean water<img src="/media/1/w.jpg"></p>');
    const [notice] = p.custom_fields as { body: string }[];
    expect(notice?.body).toBe('<p style="color: red">Thanks</p>');
    const refused = await admin.post(`/jpanel/products/${p.id}`, {
      ...newProduct({ code: p.code, variants: p.variants }),
      description: '<p>Changed</p>',
      custom_fields: [{ ...notice, body: '<script>alert(1)</script><meta http-equiv="refresh" content="0;url=https://evil.example/">' }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'custom_fields.0.body': [customFieldMessages.htmlBodyEmpty] });
    const [stored] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(stored?.description).toBe('<p>Clean water<img src="/media/1/w.jpg"></p>');
  });
});

describe('variants', () => {
  it('stores donation and fixed variants in minor units with exactly one default', async () => {
    const p = await create({
      variants: [
        { variant_name: 'Any amount', is_donation: true, price_presets: '25, 50.50, 100', price_minimum: '5', billing_period: 'monthly', total_billing_cycles: 12 },
        { variant_name: 'T-shirt', price: '20.00', sale_price: '15', cost: '6.25', quantity: 7, is_shippable: true, weight_lbs: '0.4', shipping_expectation_over: 'Ships in 2 days', sku: 'TEE-S' },
      ],
    });
    const [donation, fixed] = p.variants as Record<string, unknown>[];
    expect(donation).toMatchObject({ is_default: true, price_presets: [25, 50.5, 100], price_minimum: 5, price: 0, billing_period: 'monthly', total_billing_cycles: 12 });
    expect(fixed).toMatchObject({ is_default: false, price: 20, sale_price: 15, cost: 6.25, quantity: 7, weight_lbs: 0.4, sku: 'TEE-S' });
    const [row] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, fixed!.id as number));
    expect(row?.price).toBe(2000);
  });

  it('checks billing cycles, notices, CRM codes, download limits, presets and decimals', async () => {
    const response = await admin.post('/jpanel/products', newProduct({
      variants: [
        {
          variant_name: 'Bad', billing_period: 'monthly', total_billing_cycles: 0, shipping_expectation_under: 'x'.repeat(256),
          crm_metadata: { dp_campaign: 'c'.repeat(201) }, download_limit: 7, download_expiry_seconds: 99, price_presets: '10, ten',
        },
      ],
    }));
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors['variants.0.total_billing_cycles']).toEqual([variantMessages.cycles]);
    expect(errors['variants.0.shipping_expectation_under']).toEqual([messages.maxLength(255)]);
    expect(errors['variants.0.crm_metadata.dp_campaign']).toEqual([messages.maxLength(200)]);
    expect(errors['variants.0.download_limit']).toEqual([variantMessages.limit]);
    expect(errors['variants.0.download_expiry_seconds']).toEqual([variantMessages.expiry]);
    expect(errors['variants.0.price_presets']).toEqual([variantMessages.presets]);
    const cents = await admin.post('/jpanel/products', newProduct({ variants: [{ variant_name: 'Fixed', price: '1.234' }] }));
    expect(cents.json().errors['variants.0.price']).toEqual(['USD amounts have at most 2 decimals.']);
    const yen = await admin.post('/jpanel/products', newProduct({ base_currency: 'JPY', variants: [{ variant_name: 'Fixed', price: '1000.5' }] }));
    expect(yen.json().errors['variants.0.price']).toEqual(['JPY amounts have no decimals.']);
  });

  it('changes an existing quantity only with the update flag, recording who and when', async () => {
    const p = await create({ variants: [{ variant_name: 'Mug', price: 12, quantity: 5 }] });
    const variant = p.variants[0]!;
    const save = (v: Record<string, unknown>) => admin.post(`/jpanel/products/${p.id}`, newProduct({ code: p.code, variants: [{ ...variant, variant_name: 'Mug', price: 12, ...v }] }));
    expect(((await save({ quantity: 50 })).json().variants[0] as { quantity: number }).quantity).toBe(5);
    const updated = (await save({ quantity: 9, update_quantity: true })).json().variants[0] as { quantity: number; quantity_modified_by: string; quantity_modified_at: string };
    expect(updated.quantity).toBe(9);
    expect(updated.quantity_modified_by).toMatch(/^Test User/);
    expect(updated.quantity_modified_at).not.toBeNull();
    const history = (await admin.get(`/jpanel/products/${p.id}/stock_movements`)).json().data as { reason: string; change: number; quantity_after: number }[];
    expect(history.map((m) => [m.reason, m.change, m.quantity_after])).toEqual([['manual_edit', 4, 9], ['initial', 5, 5]]);
  });

  it('links bundle variants and download files; unknown references answer per field', async () => {
    const bundled = await create({ variants: [{ variant_name: 'Sticker', price: 1 }] });
    const p = await create({
      variants: [{ variant_name: 'Pack', price: 30, file_type: 'external', external_resource_uri: 'https://example.org/book.pdf', download_limit: 3, download_expiry_seconds: 86400, linked_variants: [{ variant_id: bundled.variants[0]!.id, quantity: 2, price: '0.50' }] }],
    });
    expect(p.variants[0]).toMatchObject({ file_type: 'external', download_limit: 3, download_expiry_seconds: 86400, linked_variants: [{ variant_id: bundled.variants[0]!.id, quantity: 2, price: 0.5 }] });
    const bad = await admin.post('/jpanel/products', newProduct({ variants: [{ variant_name: 'X', file_type: 'file', file_id: 999999, redirects_to_product_id: 999999, linked_variants: [{ variant_id: 999999 }] }] }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['variants.0.file_id', 'variants.0.linked_variants.0.variant_id', 'variants.0.redirects_to_product_id']);
  });

  it('soft-deletes variants no longer sent and moves the default with Set as Default', async () => {
    const p = await create({ variants: [{ variant_name: 'A', price: 1 }, { variant_name: 'B', price: 2 }, { variant_name: 'C', price: 3 }] });
    const [a, , c] = p.variants as { id: number; variant_name: string }[];
    const saved = await admin.post(`/jpanel/products/${p.id}`, newProduct({ code: p.code, variants: [{ ...a, is_default: false }, { ...c, is_default: true }] }));
    expect((saved.json().variants as { variant_name: string; is_default: boolean }[]).map((v) => [v.variant_name, v.is_default])).toEqual([['A', false], ['C', true]]);
    const rows = await t.database.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
    expect(rows.filter((r) => r.deletedAt !== null).map((r) => r.variantName)).toEqual(['B']);
  });
});

describe('product type (issue 39)', () => {
  type PosAnswer = { products: { id: number; type: string; donation_forms_billing_periods: string[] }[] };

  it('creates a donation form that the point of sale offers with its billing periods', async () => {
    const form = await create({ type: 'donation_form' });
    expect(form.type).toBe('donation_form');
    const [row] = await t.database.db.select({ type: products.type }).from(products).where(eq(products.id, form.id));
    expect(row?.type).toBe('donation_form');
    const offered = (await admin.post('/jpanel/pos/products.json', { keywords: form.code })).json() as PosAnswer;
    expect(offered.products.map((p) => [p.id, p.type, p.donation_forms_billing_periods])).toEqual([[form.id, 'donation_form', ['today_only', 'monthly']]]);
    // Without a type a product is a standard one, and it offers only its own variant's period.
    const plain = await create();
    expect(plain.type).toBe('standard');
    const standard = (await admin.post('/jpanel/pos/products.json', { keywords: plain.code })).json() as PosAnswer;
    expect(standard.products.map((p) => [p.type, p.donation_forms_billing_periods])).toEqual([['standard', ['today_only']]]);
  });

  it('keeps a saved type when an update leaves it out, changes it when sent, and leaves templates out of the point of sale', async () => {
    const form = await create({ type: 'donation_form' });
    const body = newProduct({ code: form.code, variants: [{ id: form.variants[0]!.id, variant_name: 'Gift', is_donation: true }] });
    const kept = await admin.post(`/jpanel/products/${form.id}`, body);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().type).toBe('donation_form');
    const template = await admin.post(`/jpanel/products/${form.id}`, { ...body, type: 'template' });
    expect(template.json().type).toBe('template');
    expect(((await admin.post('/jpanel/pos/products.json', { keywords: form.code })).json() as PosAnswer).products).toEqual([]);
    const standard = await admin.post(`/jpanel/products/${form.id}`, { ...body, type: 'standard' });
    expect(standard.json().type).toBe('standard');
  });

  it('refuses an unknown type with its message', async () => {
    for (const type of ['bundle', '', 7, null]) {
      const response = await admin.post('/jpanel/products', newProduct({ type }));
      expect(response.statusCode, String(type)).toBe(422);
      expect(response.json().errors.type).toEqual([productMessages.unknownType]);
    }
  });
});

describe('access and listing', () => {
  it('needs product permissions: view reads, add creates, edit changes', async () => {
    const p = await create();
    const { agent: viewer } = await signedIn(t, { permissions: ['product.view'] });
    expect((await viewer.get(`/jpanel/products/${p.id}`)).statusCode).toBe(200);
    expect((await viewer.post('/jpanel/products', newProduct())).statusCode).toBe(403);
    const { agent: adder } = await signedIn(t, { permissions: ['product.add'] });
    expect((await adder.post('/jpanel/products', newProduct())).statusCode).toBe(201);
    expect((await adder.post(`/jpanel/products/${p.id}`, newProduct({ code: p.code }))).statusCode).toBe(403);
    expect((await adder.post('/jpanel/products/destroy', { id: p.id })).statusCode).toBe(403);
    const { agent: none } = await signedIn(t, { permissions: ['member.view'] });
    expect((await none.post('/jpanel/products.listing', {})).statusCode).toBe(403);
  });

  it('lists products with the default variant\'s price and finds picker options', async () => {
    const p = await create({ name: 'Zebra calendar', variants: [{ variant_name: 'Calendar', price: '12.50', quantity: 3 }] });
    const list = await admin.post('/jpanel/products.listing', { search: { value: 'zebra' } });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data[0];
    expect(row).toMatchObject({ id: p.id, name: 'Zebra calendar', price: 12.5, stock: 3, variants: 1 });
    const options = await admin.get('/jpanel/products.json?query=zebra');
    expect(options.json()).toEqual([{ id: p.id, name: 'Zebra calendar', code: p.code, thumbnail: null, has_donation_variant: false }]);
    expect((await admin.get(`/jpanel/products.json?ids=${p.id},999999`)).json()).toHaveLength(1);
    // The spec's picker path (part 3 §7) and the bundle editor's own answer the same, with the
    // spec's variant fields a picker shows.
    const expected = [{ id: p.variants[0]!.id, name: 'Zebra calendar – Calendar', product_id: p.id, variantname: 'Calendar', price: 12.5, saleprice: null, currency_code: p.base_currency, is_donation: false }];
    for (const path of ['/jpanel/variants.json', '/jpanel/products/variants.json']) {
      const variants = await admin.get(`${path}?query=zebra calendar`);
      expect(variants.statusCode, path).toBe(200);
      expect(variants.json(), path).toEqual(expected);
    }
    const form = (await admin.get('/jpanel/products/form-options')).json();
    expect(form).toMatchObject({ crm_enabled: expect.any(Boolean), site_currency: expect.any(String) });
  });

  it('never answers 500 to hostile input', async () => {
    const bodies = [{ name: 'a\u0000b', code: 'X1', base_currency: 'USD', variants: [{ variant_name: 'v' }] }, { code: 1, variants: 'x' }, [], 'text', { ...newProduct(), base_currency: 'XXX' }, { ...newProduct(), category_ids: [2 ** 40] }, { ...newProduct(), variants: [{ variant_name: 'v', id: 2 ** 31 - 1 }] }];
    for (const body of bodies) {
      const response = await admin.post('/jpanel/products', body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await admin.get('/jpanel/products/99999999999')).statusCode).toBe(422);
    const rows = await t.database.db.select().from(stockMovements);
    expect(rows.every((r) => r.quantityAfter !== null)).toBe(true);
    void products;
  });
});

describe('tribute notices of a product', () => {
  it('is off unless asked for, is saved and read back, and its change shows in the product history', async () => {
    const p = await create({ allow_tributes: true });
    expect(p.allow_tribute_notification).toBe(false);
    const body = newProduct({ code: p.code, allow_tributes: true, variants: p.variants.map((v) => ({ id: v.id, variant_name: v.variant_name, is_donation: true })) });
    const saved = await admin.post(`/jpanel/products/${p.id}`, { ...body, allow_tribute_notification: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.get(`/jpanel/products/${p.id}`)).json().allow_tribute_notification).toBe(true);
    const row = await t.database.db.select({ on: products.allowTributeNotification }).from(products).where(eq(products.id, p.id));
    expect(row).toEqual([{ on: true }]);

    const history = (await admin.get(`/jpanel/history/products/${p.id}`)).json() as { data: { action: string; changes: { field: string; label: string; kind: string; before: unknown; after: unknown }[] }[] };
    const change = history.data.flatMap((e) => e.changes).find((ch) => ch.field === 'allow_tribute_notification');
    expect(change).toMatchObject({ label: 'Tribute notices allowed', kind: 'boolean', before: false, after: true });

    // A client that leaves it out turns it off (the field's default), as for the other switches.
    expect((await admin.post(`/jpanel/products/${p.id}`, body)).statusCode).toBe(200);
    expect((await admin.get(`/jpanel/products/${p.id}`)).json().allow_tribute_notification).toBe(false);
  });
});

describe('tribute types of a product', () => {
  it('saves the chosen types, reads them back, offers only them at the POS, and refuses an unknown id changing nothing', async () => {
    const db = t.database.db;
    const rows = await queryRows(db, sql`insert into tribute_types (label, sequence, is_enabled) values ('In memory of (product test)', 1, true), ('In honour of (product test)', 2, true), ('Gone', 3, true) returning id`);
    const [memory, honour, gone] = rows.map((r) => Number(r.id)) as [number, number, number];
    await db.execute(sql`update tribute_types set deleted_at = now() where id = ${gone}`);
    const p = await create({ allow_tributes: true, tribute_type_ids: [honour] });
    expect(p.tribute_type_ids).toEqual([honour]);
    const body = newProduct({ code: p.code, allow_tributes: true, variants: p.variants.map((v) => ({ id: v.id, variant_name: v.variant_name, is_donation: true })) });
    const saved = await admin.post(`/jpanel/products/${p.id}`, { ...body, tribute_type_ids: [memory, honour] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.get(`/jpanel/products/${p.id}`)).json().tribute_type_ids).toEqual([memory, honour].sort((a, b) => a - b));
    // The form's choices: the organisation's live types.
    const options = (await admin.get('/jpanel/products/form-options')).json() as { tribute_types: { id: number; label: string }[] };
    expect(options.tribute_types.map((x) => x.id)).toEqual(expect.arrayContaining([memory, honour]));
    expect(options.tribute_types.map((x) => x.id)).not.toContain(gone);
    // Left out (a client that never knew the field), the types stay.
    expect((await admin.post(`/jpanel/products/${p.id}`, body)).statusCode).toBe(200);
    expect((await admin.get(`/jpanel/products/${p.id}`)).json().tribute_type_ids).toHaveLength(2);

    for (const unknown of [[memory, 999999], [gone]]) {
      const refused = await admin.post(`/jpanel/products/${p.id}`, { ...body, name: 'Renamed', tribute_type_ids: unknown });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.tribute_type_ids).toEqual([productMessages.unknownTributeType]);
    }
    const after = (await admin.get(`/jpanel/products/${p.id}`)).json();
    expect(after.name).not.toBe('Renamed');
    expect(after.tribute_type_ids).toHaveLength(2);

    // The point of sale offers only the linked types.
    await admin.post(`/jpanel/products/${p.id}`, { ...body, tribute_type_ids: [honour] });
    const listed = (await admin.post('/jpanel/pos/products.json', { keywords: p.code })).json().products[0] as { tribute_types: { id: number }[] };
    expect(listed.tribute_types.map((x) => x.id)).toEqual([honour]);
  });
});
