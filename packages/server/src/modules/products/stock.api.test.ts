import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 8 "What it must show": two concurrent sales of the last unit, through the HTTP routes
 * the point of sale uses (orders built with /add, then two /complete calls at once).
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

type Movement = { variant_name: string; reason: string; change: number; quantity_after: number; contribution_id: number | null };

async function orderWith(variantId: number): Promise<number> {
  const started = await admin.post('/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false });
  expect(started.statusCode, started.body).toBe(200);
  const id = (started.json() as { order: { id: number } }).order.id;
  // Adding reserves nothing: both orders hold the last unit until one is paid.
  const added = await admin.post(`/jpanel/pos/${id}/add`, { variant_id: variantId, qty: 1 });
  expect(added.statusCode, added.body).toBe(200);
  return id;
}

describe('the last unit, sold twice at once through the POS routes', () => {
  it('completes exactly one sale; the other gets the out-of-stock message; the history explains the quantity', async () => {
    const stamp = Date.now() % 1_000_000;
    const created = await admin.post('/jpanel/products', {
      name: `Last lantern ${stamp}`,
      code: `LAST-${stamp}`,
      base_currency: 'USD',
      outofstock_allow: false,
      outofstock_message: 'Sold out until spring.',
      variants: [{ variant_name: 'Lantern', price: '25.50', quantity: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as { id: number; variants: { id: number }[] };
    const variantId = product.variants[0]!.id;
    const [first, second] = [await orderWith(variantId), await orderWith(variantId)];

    const cash = { payment_type: 'cash', cash_received: '30.00', cash_change: '4.50', send_confirmation_emails: '0' };
    const answers = await Promise.all([admin.post(`/jpanel/pos/${first}/complete`, cash), admin.post(`/jpanel/pos/${second}/complete`, cash)]);
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(won, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.statusCode).toBe(409);
    expect(lost[0]!.json()).toMatchObject({ status: 'error', message: 'Sold out until spring.', order: { is_paid: false } });
    const winner = (won[0]!.json() as { order: { id: number } }).order.id;

    const read = (await admin.get(`/jpanel/products/${product.id}`)).json() as { variants: { quantity: number }[]; sold: number };
    expect(read.variants[0]!.quantity).toBe(0);
    expect(read.sold).toBe(1);
    const history = ((await admin.get(`/jpanel/products/${product.id}/stock_movements`)).json() as { data: Movement[] }).data;
    expect(history.map((m) => [m.reason, m.change, m.quantity_after, m.contribution_id])).toEqual([
      ['sale', -1, 0, winner],
      ['initial', 1, 1, null],
    ]);
    // Line by line, the changes add up to the stock there is.
    expect(history.reduce((sum, m) => sum + m.change, 0)).toBe(read.variants[0]!.quantity);
  });
});
