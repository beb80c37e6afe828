import { messages, pickerMessages, taxMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { products } from '../products/products.tables.ts';
import { taxesFor } from './taxes.service.ts';

let t: TestApp;
let admin: Agent;
let shirt: number;
let mug: number;
let gone: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  const rows = await t.database.db
    .insert(products)
    .values([{ name: 'T-shirt', code: 'TAX-SHIRT', baseCurrency: 'USD' }, { name: 'Mug', code: 'TAX-MUG', baseCurrency: 'USD' }, { name: 'Gone', code: 'TAX-GONE', baseCurrency: 'USD', deletedAt: new Date() }])
    .returning({ id: products.id });
  [shirt, mug, gone] = rows.map((r) => r.id) as [number, number, number];
});

const rate = (overrides: Record<string, unknown> = {}) => ({
  code: 'CA State Tax',
  description: 'California sales tax',
  rate: '7.25',
  city: '',
  regions: [{ country: 'us', region: 'ca' }],
  product_ids: [shirt],
  ...overrides,
});

describe('tax rate settings', () => {
  it('creates, reads, lists, updates and soft-deletes a rate, with region names and an audit trail', async () => {
    const created = await admin.post('/jpanel/settings/taxes', rate());
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ code: 'CA State Tax', rate: 7.25, city: null, regions: [{ country: 'US', region: 'CA', name: 'California, United States of America' }], product_ids: [shirt] });
    expect((await admin.get(`/jpanel/settings/taxes/${body.id}`)).json()).toEqual(body);

    const updated = await admin.post(`/jpanel/settings/taxes/${body.id}`, rate({ rate: 8.1234, city: 'Los Angeles', regions: [{ country: 'US', region: 'CA' }, { country: 'US', region: 'NV' }], product_ids: [mug, shirt] }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ rate: 8.1234, city: 'Los Angeles', regions: [{ region: 'CA' }, { region: 'NV', name: 'Nevada, United States of America' }], product_ids: [shirt, mug].sort((a, b) => a - b) });
    expect((await admin.get('/jpanel/settings/taxes.json')).json().data.map((r: { id: number }) => r.id)).toContain(body.id);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.tableName, 'tax_rates'));
    expect(audit.some((a) => a.recordId === String(body.id) && a.action === 'update')).toBe(true);

    expect((await admin.post('/jpanel/settings/taxes/destroy', { id: body.id })).json().message).toBe(taxMessages.deleted('CA State Tax'));
    expect((await admin.get(`/jpanel/settings/taxes/${body.id}`)).statusCode).toBe(404);
    expect((await admin.get('/jpanel/settings/taxes.json')).json().data.map((r: { id: number }) => r.id)).not.toContain(body.id);
    expect((await admin.post('/jpanel/settings/taxes/destroy', { id: body.id })).statusCode).toBe(404);
    expect((await admin.post(`/jpanel/settings/taxes/${body.id}`, rate())).statusCode).toBe(404);
  });

  it('answers each field with its message', async () => {
    const response = await admin.post('/jpanel/settings/taxes', { code: '', rate: '', regions: [] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ code: [messages.required], rate: [messages.required], regions: [taxMessages.regionsRequired] });
    for (const bad of ['100.01', '-1', '7.12345', 'seven', '1e2', 101]) {
      const answer = await admin.post('/jpanel/settings/taxes', rate({ rate: bad }));
      expect(answer.json().errors, String(bad)).toEqual({ rate: [taxMessages.rate] });
    }
    for (const good of ['0', '100', '7.1234']) expect((await admin.post('/jpanel/settings/taxes', rate({ rate: good, code: `OK ${good}` }))).statusCode).toBe(201);
    const long = await admin.post('/jpanel/settings/taxes', rate({ code: 'x'.repeat(46), description: 'd'.repeat(256), city: 'c'.repeat(101) }));
    expect(long.json().errors).toEqual({ code: [messages.maxLength(45)], description: [messages.maxLength(255)], city: [messages.maxLength(100)] });
    const places = await admin.post('/jpanel/settings/taxes', rate({ regions: [{ country: 'US', region: '' }, { country: 'US', region: 'CA' }, { country: 'US', region: 'CA' }, { country: 'USA', region: 'CA' }] }));
    expect(places.json().errors).toEqual({ 'regions.0.region': [taxMessages.unknownRegion], 'regions.2.region': [taxMessages.duplicateRegion], 'regions.3.country': [taxMessages.unknownCountry] });
    const unknown = await admin.post('/jpanel/settings/taxes', rate({ regions: [{ country: 'US', region: 'ZZ' }, { country: 'XX', region: 'CA' }] }));
    expect(unknown.json().errors).toEqual({ 'regions.0.region': [taxMessages.unknownRegion], 'regions.1.country': [taxMessages.unknownCountry] });
    expect((await admin.post('/jpanel/settings/taxes', rate({ product_ids: [shirt, gone] }))).json().errors).toEqual({ product_ids: [pickerMessages.productMissing] });
    expect((await admin.post('/jpanel/settings/taxes', rate({ code: 'A\u0000' }))).json().errors).toEqual({ code: [messages.invalidCharacter] });
  });

  it('needs admin.general', async () => {
    const { agent } = await signedIn(t, { permissions: ['product.edit'] });
    expect((await agent.get('/jpanel/settings/taxes.json')).statusCode).toBe(403);
    expect((await agent.post('/jpanel/settings/taxes', rate())).statusCode).toBe(403);
    expect((await agent.post('/jpanel/settings/taxes/destroy', { id: 1 })).statusCode).toBe(403);
  });
});

describe('taxesFor', () => {
  it('charges linked products in a listed region, matching the city when the rate has one, never deleted rates', async () => {
    const state = (await admin.post('/jpanel/settings/taxes', rate({ code: 'NY State', rate: '4', regions: [{ country: 'US', region: 'NY' }], product_ids: [shirt, mug] }))).json();
    const city = (await admin.post('/jpanel/settings/taxes', rate({ code: 'NYC', rate: '4.5', city: 'New York', regions: [{ country: 'US', region: 'NY' }], product_ids: [shirt] }))).json();
    const dropped = (await admin.post('/jpanel/settings/taxes', rate({ code: 'Dropped', rate: '1', regions: [{ country: 'US', region: 'NY' }], product_ids: [shirt] }))).json();
    await admin.post('/jpanel/settings/taxes/destroy', { id: dropped.id });
    const db = t.database.db;

    const inCity = await taxesFor(db, { productIds: [shirt, mug], country: 'us', region: 'ny', city: 'new york' });
    expect(inCity).toEqual([
      { taxRateId: state.id, productId: shirt, code: 'NY State', rate: '4.0000' },
      { taxRateId: city.id, productId: shirt, code: 'NYC', rate: '4.5000' },
      { taxRateId: state.id, productId: mug, code: 'NY State', rate: '4.0000' },
    ].sort((a, b) => a.productId - b.productId || a.taxRateId - b.taxRateId));
    const elsewhere = await taxesFor(db, { productIds: [shirt], country: 'US', region: 'NY', city: 'Albany' });
    expect(elsewhere.map((x) => x.code)).toEqual(['NY State']);
    expect(await taxesFor(db, { productIds: [shirt], country: 'US', region: 'NY', city: null })).toHaveLength(1);
    expect(await taxesFor(db, { productIds: [shirt], country: 'US', region: 'NJ', city: 'New York' })).toEqual([]);
    expect(await taxesFor(db, { productIds: [shirt], country: 'CA', region: 'NY', city: null })).toEqual([]);
    expect(await taxesFor(db, { productIds: [shirt], country: 'US', region: null, city: null })).toEqual([]);
    expect(await taxesFor(db, { productIds: [], country: 'US', region: 'NY', city: null })).toEqual([]);
  });
});
