import { productMessages } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import type { Agent } from '../../test/test-app.ts';
import { products, productVariants } from './products.tables.ts';
import { listStockMovements, OutOfStockError, returnStock, takeStock } from './stock.ts';

let t: TestApp;
let admin: Agent;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const signed = await signedIn(t);
  admin = signed.agent;
  userId = signed.user.id;
});

let counter = 0;
async function product(overrides: Record<string, unknown> = {}, quantity = 1) {
  const response = await admin.post('/jpanel/products', {
    name: `Lantern ${++counter}`,
    code: `LANTERN-${counter}`,
    base_currency: 'USD',
    outofstock_allow: false,
    variants: [{ variant_name: 'Lantern', price: 40, quantity }],
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { id: number; variants: { id: number }[] };
  return { productId: body.id, variantId: body.variants[0]!.id };
}

const actor = () => ({ userId, ip: null });
/** One sale in its own transaction, as the point of sale's completion would run it. */
const sell = (variantId: number, quantity = 1, contributionId: number | null = null) =>
  withActor(t.database.db, actor(), async (tx) => {
    const result = await takeStock(tx, { variantId, quantity, userId, contributionId });
    // Hold the transaction open a moment, so the other sale has to wait on this one's lock.
    await tx.execute(sql`select pg_sleep(0.05)`);
    return result;
  });

const quantityOf = async (variantId: number) =>
  (await t.database.db.select({ q: productVariants.quantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.q;

describe('stock that cannot oversell', () => {
  it('sells the last unit once when two sales race for it; the history explains the quantity', async () => {
    const { productId, variantId } = await product({ outofstock_message: 'Sold out, back in spring.' }, 1);
    const results = await Promise.allSettled([sell(variantId, 1, 101), sell(variantId, 1, 102)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(OutOfStockError);
    expect((lost[0]!.reason as Error).message).toBe('Sold out, back in spring.');
    expect(await quantityOf(variantId)).toBe(0);
    const history = await listStockMovements(t.database.db, productId);
    expect(history.map((m) => [m.reason, m.change, m.quantity_after])).toEqual([['sale', -1, 0], ['initial', 1, 1]]);
    expect(history.reduce((sum, m) => sum + m.change, 0)).toBe(0);
    expect(history[0]!.user_name).toMatch(/^Test User/);
    const [p] = await t.database.db.select({ sold: products.soldCount }).from(products).where(eq(products.id, productId));
    expect(p?.sold).toBe(1);
  });

  it('gives many racing sales exactly the units there are', async () => {
    const { productId, variantId } = await product({}, 3);
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => sell(variantId, 1, 200 + i)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect((r.reason as Error).message).toBe(productMessages.outOfStock);
    }
    expect(await quantityOf(variantId)).toBe(0);
    const history = await listStockMovements(t.database.db, productId);
    expect(history.filter((m) => m.reason === 'sale')).toHaveLength(3);
    expect(history.reduce((sum, m) => sum + m.change, 0)).toBe(0);
  });

  it('sells past zero when the product allows out-of-stock sales', async () => {
    const { variantId } = await product({ outofstock_allow: true }, 0);
    await sell(variantId, 2);
    expect(await quantityOf(variantId)).toBe(-2);
  });

  it('stops at limit_sales whatever the stock, and a refund frees the unit again', async () => {
    const { productId, variantId } = await product({ outofstock_allow: true, limit_sales: 2 }, 0);
    await sell(variantId, 2);
    await expect(sell(variantId, 1)).rejects.toThrow(productMessages.salesLimitReached);
    // The refused sale took nothing: its variant decrement rolled back with it.
    expect(await quantityOf(variantId)).toBe(-2);
    const detail = (await admin.get(`/jpanel/products/${productId}`)).json() as { sold: number; available: number };
    expect(detail).toMatchObject({ sold: 2, available: 0 });
    await withActor(t.database.db, actor(), (tx) => returnStock(tx, { variantId, quantity: 1, userId, contributionId: 7 }));
    expect((await admin.get(`/jpanel/products/${productId}`)).json()).toMatchObject({ sold: 1, available: 1 });
    await sell(variantId, 1);
    const history = await listStockMovements(t.database.db, productId);
    expect(history.map((m) => m.reason)).toEqual(['sale', 'refund', 'sale', 'initial']);
    expect(history[1]).toMatchObject({ change: 1, contribution_id: 7 });
  });

  it('refuses a deleted product or variant as out of stock', async () => {
    const { productId, variantId } = await product({}, 5);
    await admin.post('/jpanel/products/destroy', { id: productId });
    await expect(sell(variantId)).rejects.toBeInstanceOf(OutOfStockError);
    expect(await quantityOf(variantId)).toBe(5);
  });
});
