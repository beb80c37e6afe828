import { messages, promoMessages } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Agent;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  const product = await admin.post('/jpanel/products', { name: 'Mug', code: 'PROMO-MUG', base_currency: 'USD', variants: [{ variant_name: 'Mug', price: 12 }] });
  productId = product.json().id;
});

let n = 0;
const promo = (overrides: Record<string, unknown> = {}) => ({ code: `save${++n}`, discount_type: 'percent', discount: '20', currency_code: 'USD', ...overrides });

describe('promo codes', () => {
  it('stores each discount type with its description; buy-x-get-y fields only for bxgy', async () => {
    const percent = (await admin.post('/jpanel/promos', promo({ buy_quantity: 3, allocation_limit: 2 }))).json();
    expect(percent).toMatchObject({ discount_type: 'percent', discount: 20, buy_quantity: null, allocation_limit: null, summary: '20% off' });
    expect(percent.code).toMatch(/^SAVE\d+$/);
    const dollar = (await admin.post('/jpanel/promos', promo({ discount_type: 'dollar', discount: '5.50' }))).json();
    expect(dollar).toMatchObject({ discount: 5.5, summary: '$5.50 off' });
    const bxgy = await admin.post('/jpanel/promos', promo({ discount_type: 'bxgy_percent', discount: 50, buy_quantity: 2, allocation_limit: 1, product_ids: [productId], starts_on: '2026-12-01', ends_on: '2026-12-31', usage_limit: 100 }));
    expect(bxgy.statusCode, bxgy.body).toBe(201);
    expect(bxgy.json()).toMatchObject({ buy_quantity: 2, allocation_limit: 1, product_ids: [productId], starts_on: '2026-12-01', ends_on: '2026-12-31', usage_limit: 100, summary: 'Buy 2, get 50% off' });
    const bxgyDollar = (await admin.post('/jpanel/promos', promo({ discount_type: 'bxgy_dollar', discount: 10, buy_quantity: 4 }))).json();
    expect(bxgyDollar.summary).toBe('Buy 4, get $10.00 off');
  });

  it('answers the rules: code, percent range, buy quantity, limits, dates, unique code', async () => {
    const bad = await admin.post('/jpanel/promos', promo({ code: 'has space', discount: 120, usage_limit: 0, starts_on: '2026-05-02', ends_on: '2026-05-01' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ code: [promoMessages.codeFormat], usage_limit: [promoMessages.atLeastOne] });
    const percent = await admin.post('/jpanel/promos', promo({ discount: 120, starts_on: '2026-05-02', ends_on: '2026-05-01' }));
    expect(percent.json().errors).toEqual({ discount: [promoMessages.percent], starts_on: [messages.startBeforeEnd('2026-05-02', '2026-05-01')] });
    const noBuy = await admin.post('/jpanel/promos', promo({ discount_type: 'bxgy_dollar' }));
    expect(noBuy.json().errors).toEqual({ buy_quantity: [promoMessages.buyQuantity] });
    await admin.post('/jpanel/promos', promo({ code: 'WINTER' }));
    expect((await admin.post('/jpanel/promos', promo({ code: 'winter' }))).json().errors).toEqual({ code: [promoMessages.codeInUse] });
    expect((await admin.post('/jpanel/promos', promo({ product_ids: [999999] }))).json().errors).toHaveProperty('product_ids');
  });

  it('duplicates a code under a free one, with its scope', async () => {
    const source = (await admin.post('/jpanel/promos', promo({ code: 'SPRING-SALE', product_ids: [productId] }))).json();
    const copy = await admin.post(`/jpanel/promos/${source.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ code: 'SPRING-SALE-2', product_ids: [productId], discount: 20, message: 'Duplicated as SPRING-SALE-2.' });
    expect((await admin.post(`/jpanel/promos/${source.id}/duplicate`)).json().code).toBe('SPRING-SALE-3');
    expect((await admin.post('/jpanel/promos/destroy', { id: source.id })).json().message).toBe('Promo code SPRING-SALE deleted successfully.');
    // A deleted code frees its name.
    expect((await admin.post('/jpanel/promos', promo({ code: 'SPRING-SALE' }))).statusCode).toBe(201);
  });

  it('needs promocode.edit', async () => {
    const { agent } = await signedIn(t, { permissions: ['product.edit'] });
    expect((await agent.get('/jpanel/promos.json')).statusCode).toBe(403);
  });
});
