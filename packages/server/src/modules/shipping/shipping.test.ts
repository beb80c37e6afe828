import { messages, moneyMessages, shippingMessages, taxMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { shippingRates, shippingTiers } from './shipping.tables.ts';
import { shippingOptionsFor } from './shipping.service.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const method = (overrides: Record<string, unknown> = {}) => ({ name: 'Standard', code: 'STD', is_default: false, priority: 0, show_on_web: true, regions: [], rates: [], ...overrides });
type Tier = { id: number; min_value: number; max_value: number | null };

/** Tier sets are global: each test that needs them sets its own and reads back the ids. */
async function setTiers(tiers: Record<string, unknown>[]): Promise<Tier[]> {
  const response = await admin.post('/jpanel/settings/shipping/tiers', { tiers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tiers;
}

describe('shipping tiers', () => {
  it('saves tiers in decimals and keeps minor units, updates by id and soft-deletes the rest', async () => {
    const [a, b, c] = await setTiers([{ min_value: 0, max_value: '49.99' }, { min_value: '50', max_value: 99.99 }, { min_value: 100, max_value: '' }]);
    expect([a, b, c].map((x) => x && [x.min_value, x.max_value])).toEqual([[0, 49.99], [50, 99.99], [100, null]]);
    const [row] = await t.database.db.select().from(shippingTiers).where(eq(shippingTiers.id, (b as Tier).id));
    expect([row?.minValue, row?.maxValue]).toEqual([5000, 9999]);
    const next = await setTiers([{ id: (a as Tier).id, min_value: 0, max_value: 74.99 }, { min_value: 75, max_value: null }]);
    expect(next.map((x) => x.id)[0]).toBe((a as Tier).id);
    expect(next).toHaveLength(2);
    const [gone] = await t.database.db.select().from(shippingTiers).where(eq(shippingTiers.id, (c as Tier).id));
    expect(gone?.deletedAt).not.toBeNull();
  });

  it('refuses overlaps, an open tier before the last, max below min, too many decimals and strangers', async () => {
    const response = await admin.post('/jpanel/settings/shipping/tiers', { tiers: [{ min_value: 0, max_value: null }, { min_value: 10, max_value: 5 }, { min_value: 4, max_value: 20 }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'tiers.0.max_value': [shippingMessages.openEndedLast],
      'tiers.1.max_value': [shippingMessages.maxBelowMin],
      'tiers.2.min_value': [shippingMessages.overlap],
    });
    const touching = await admin.post('/jpanel/settings/shipping/tiers', { tiers: [{ min_value: 0, max_value: 50 }, { min_value: 50, max_value: null }] });
    expect(touching.json().errors).toEqual({ 'tiers.1.min_value': [shippingMessages.overlap] });
    expect((await admin.post('/jpanel/settings/shipping/tiers', { tiers: [] })).json().errors).toEqual({ tiers: [shippingMessages.tiersRequired] });
    expect((await admin.post('/jpanel/settings/shipping/tiers', { tiers: [{ min_value: 'ten', max_value: -1 }] })).json().errors).toEqual({ 'tiers.0.min_value': [moneyMessages.amount], 'tiers.0.max_value': [moneyMessages.amount] });
    expect((await admin.post('/jpanel/settings/shipping/tiers', { tiers: [{ min_value: '0.001' }] })).json().errors).toEqual({ 'tiers.0.min_value': [moneyMessages.tooManyDecimals('USD', 2)] });
    expect((await admin.post('/jpanel/settings/shipping/tiers', { tiers: [{ id: 999999, min_value: 0 }] })).json().errors).toEqual({ 'tiers.0.id': [shippingMessages.unknownTier] });
  });
});

describe('shipping methods', () => {
  it('creates, reads, updates and soft-deletes a method with regions and a cost per tier', async () => {
    const [low, high] = await setTiers([{ min_value: 0, max_value: 49.99 }, { min_value: 50 }]) as [Tier, Tier];
    const created = await admin.post('/jpanel/settings/shipping/methods', method({ regions: [{ country: 'us', region: '' }, { country: 'CA', region: 'on' }], rates: [{ tier_id: low.id, amount: '7.50' }, { tier_id: high.id, amount: '' }] }));
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'Standard', code: 'STD', is_default: false, show_on_web: true, regions: [{ country: 'CA', region: 'ON', name: 'Ontario, Canada' }, { country: 'US', region: '', name: 'United States of America' }], rates: [{ tier_id: low.id, amount: 7.5 }] });
    const [rate] = await t.database.db.select().from(shippingRates).where(eq(shippingRates.shippingMethodId, body.id));
    expect([rate?.amount, rate?.currencyCode]).toEqual([750, 'USD']);
    expect((await admin.get(`/jpanel/settings/shipping/methods/${body.id}`)).json()).toEqual(body);

    const updated = await admin.post(`/jpanel/settings/shipping/methods/${body.id}`, method({ name: 'Ground', code: '', priority: '3', show_on_web: false, rates: [{ tier_id: low.id, amount: 9 }, { tier_id: high.id, amount: 0 }] }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Ground', code: null, priority: 3, show_on_web: false, regions: [], rates: [{ tier_id: low.id, amount: 9 }, { tier_id: high.id, amount: 0 }] });
    const settings = (await admin.get('/jpanel/settings/shipping.json')).json();
    expect(settings.currency_code).toBe('USD');
    expect(settings.methods.map((m: { id: number }) => m.id)).toContain(body.id);

    expect((await admin.post('/jpanel/settings/shipping/methods/destroy', { id: body.id })).json().message).toBe(shippingMessages.deleted('Ground'));
    expect((await admin.get(`/jpanel/settings/shipping/methods/${body.id}`)).statusCode).toBe(404);
    expect((await admin.post('/jpanel/settings/shipping/methods/destroy', { id: body.id })).statusCode).toBe(404);
    expect((await admin.post(`/jpanel/settings/shipping/methods/${body.id}`, method())).statusCode).toBe(404);
  });

  it('keeps at most one default', async () => {
    const first = (await admin.post('/jpanel/settings/shipping/methods', method({ name: 'First', is_default: true }))).json();
    const second = (await admin.post('/jpanel/settings/shipping/methods', method({ name: 'Second', is_default: true }))).json();
    const methods = (await admin.get('/jpanel/settings/shipping.json')).json().methods as { id: number; is_default: boolean }[];
    expect(methods.filter((m) => m.is_default).map((m) => m.id)).toEqual([second.id]);
    expect(methods[0]?.id).toBe(second.id);
    expect(methods.find((m) => m.id === first.id)?.is_default).toBe(false);
  });

  it('answers each field with its message', async () => {
    const response = await admin.post('/jpanel/settings/shipping/methods', { name: '', priority: -1, regions: [{ country: 'US', region: 'CA' }, { country: 'US', region: 'CA' }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: [messages.required], priority: [shippingMessages.priority], 'regions.1.region': [taxMessages.duplicateRegion] });
    expect((await admin.post('/jpanel/settings/shipping/methods', method({ name: 'n'.repeat(101), code: 'c'.repeat(46), priority: 1.5 }))).json().errors).toEqual({ name: [messages.maxLength(100)], code: [messages.maxLength(45)], priority: [shippingMessages.priority] });
    expect((await admin.post('/jpanel/settings/shipping/methods', method({ regions: [{ country: 'ZZ', region: '' }, { country: 'US', region: 'QQ' }] }))).json().errors).toEqual({ 'regions.0.country': [taxMessages.unknownCountry], 'regions.1.region': [taxMessages.unknownRegion] });
    expect((await admin.post('/jpanel/settings/shipping/methods', method({ rates: [{ tier_id: 999999, amount: 1 }] }))).json().errors).toEqual({ 'rates.0.tier_id': [shippingMessages.unknownTier] });
    const [tier] = await setTiers([{ min_value: 0 }]);
    expect((await admin.post('/jpanel/settings/shipping/methods', method({ rates: [{ tier_id: tier?.id, amount: '1.234' }] }))).json().errors).toEqual({ 'rates.0.amount': [moneyMessages.tooManyDecimals('USD', 2)] });
    expect((await admin.post('/jpanel/settings/shipping/methods', method({ rates: [{ tier_id: tier?.id, amount: '-1' }] }))).json().errors).toEqual({ 'rates.0.amount': [moneyMessages.amount] });
  });

  it('needs admin.general', async () => {
    const { agent } = await signedIn(t, { permissions: ['product.edit'] });
    expect((await agent.get('/jpanel/settings/shipping.json')).statusCode).toBe(403);
    expect((await agent.post('/jpanel/settings/shipping/tiers', { tiers: [{ min_value: 0 }] })).statusCode).toBe(403);
    expect((await agent.post('/jpanel/settings/shipping/methods', method())).statusCode).toBe(403);
    expect((await agent.post('/jpanel/settings/shipping/methods/destroy', { id: 1 })).statusCode).toBe(403);
  });
});

describe('shippingOptionsFor', () => {
  it('offers the methods that ship to the place and have a cost in its tier, default first, deleted ones never', async () => {
    // Start from no methods: earlier tests in this file left some.
    for (const m of (await admin.get('/jpanel/settings/shipping.json')).json().methods as { id: number }[]) await admin.post('/jpanel/settings/shipping/methods/destroy', { id: m.id });
    const [low, mid, top] = await setTiers([{ min_value: 0, max_value: 49.99 }, { min_value: 50, max_value: 99.99 }, { min_value: 100 }]) as [Tier, Tier, Tier];
    const everywhere = (await admin.post('/jpanel/settings/shipping/methods', method({ name: 'Everywhere', priority: 5, rates: [{ tier_id: low.id, amount: 20 }, { tier_id: mid.id, amount: 25 }, { tier_id: top.id, amount: 30 }] }))).json();
    const usOnly = (await admin.post('/jpanel/settings/shipping/methods', method({ name: 'US ground', priority: 1, regions: [{ country: 'US', region: '' }], rates: [{ tier_id: low.id, amount: 5 }, { tier_id: mid.id, amount: 7.5 }] }))).json();
    const california = (await admin.post('/jpanel/settings/shipping/methods', method({ name: 'CA courier', is_default: true, priority: 9, regions: [{ country: 'US', region: 'CA' }], rates: [{ tier_id: low.id, amount: 12 }] }))).json();
    const dropped = (await admin.post('/jpanel/settings/shipping/methods', method({ name: 'Dropped', rates: [{ tier_id: low.id, amount: 1 }] }))).json();
    await admin.post('/jpanel/settings/shipping/methods/destroy', { id: dropped.id });
    const db = t.database.db;
    const names = async (country: string | null, region: string | null, subtotalShippable: number) => (await shippingOptionsFor(db, { country, region, subtotalShippable })).map((o) => o.title);

    expect(await names('us', 'ca', 1000)).toEqual(['CA courier', 'US ground', 'Everywhere']);
    expect(await shippingOptionsFor(db, { country: 'US', region: 'CA', subtotalShippable: 4999 })).toEqual([
      { shippingMethodId: california.id, title: 'CA courier', cost: 1200, currencyCode: 'USD', isDefault: true, priority: 9 },
      { shippingMethodId: usOnly.id, title: 'US ground', cost: 500, currencyCode: 'USD', isDefault: false, priority: 1 },
      { shippingMethodId: everywhere.id, title: 'Everywhere', cost: 2000, currencyCode: 'USD', isDefault: false, priority: 5 },
    ]);
    // Tier edges: 49.99 is the low tier, 50.00 the middle one, 99.99 still middle, 100.00 the open top tier.
    expect((await shippingOptionsFor(db, { country: 'US', region: 'NY', subtotalShippable: 5000 })).map((o) => o.cost)).toEqual([750, 2500]);
    expect((await shippingOptionsFor(db, { country: 'US', region: 'NY', subtotalShippable: 9999 })).map((o) => o.cost)).toEqual([750, 2500]);
    expect(await names('US', 'NY', 10000)).toEqual(['Everywhere']);
    expect(await names('US', 'NY', 99_999_999)).toEqual(['Everywhere']);
    expect(await names('FR', null, 0)).toEqual(['Everywhere']);
    expect(await names(null, null, 0)).toEqual([]);
    // A deleted tier prices nothing, even where a method still has a cost for it.
    await setTiers([{ id: low.id, min_value: 0, max_value: 49.99 }, { id: mid.id, min_value: 50, max_value: null }]);
    expect(await names('US', 'NY', 20000)).toEqual(['US ground', 'Everywhere']);
  });
});
