import { posMessages, productMessages, type PosOrder } from '@almoner/contracts';
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
    const missing = await add(order.id, { variant_id: 999999, qty: 1 });
    expect(missing.json()).toMatchObject({ status: 'error', message: posMessages.variantNotFound, order: { id: order.id } });
  });
});
