import { randomUUID } from 'node:crypto';
import { cardTokenRequestSchema } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { createCardToken } from '../../integrations/payments/sandbox/sandbox-tokens.ts';

/**
 * Test fixtures for completing point-of-sale orders: a product with stock, an order (a POS
 * contribution with items, priced as the order engine leaves it) and card capture tokens made
 * by the sandbox's token endpoint code, as the hosted card fields would.
 */

let counter = 0;

/** A product with one variant of `quantity` units at `price` minor units. */
export async function makeVariant(q: Queryable, opts: { price?: number; quantity?: number; receiptable?: boolean; allowOutOfStock?: boolean } = {}) {
  counter += 1;
  const [p] = await queryRows(q, sql`
    insert into products (name, code, base_currency, is_tax_receiptable, outofstock_allow)
    values (${`Fixture ${counter}-${randomUUID().slice(0, 6)}`}, ${`FX-${counter}-${randomUUID().slice(0, 6)}`}, 'USD', ${opts.receiptable ?? false}, ${opts.allowOutOfStock ?? false})
    returning id`);
  const [v] = await queryRows(q, sql`
    insert into product_variants (product_id, variant_name, price, quantity)
    values (${p!.id}, 'Standard', ${opts.price ?? 2500}, ${opts.quantity ?? 10}) returning id`);
  return { productId: Number(p!.id), variantId: Number(v!.id) };
}

export type FixtureItem = {
  variantId?: number | null;
  productId?: number | null;
  sponsorshipId?: number | null;
  price: number;
  qty?: number;
  recurring?: 'monthly' | 'weekly' | null;
  tribute?: { name: string; notify: 'email' | 'letter' | null; email?: string } | null;
};

export type FixtureOrder = {
  items: FixtureItem[];
  supporterId?: number | null;
  billFirstName?: string | null;
  billLastName?: string | null;
  billEmail?: string | null;
  billCountry?: string | null;
  currency?: string;
};

/** An unpaid POS order whose totals are the sum of its items (no tax, shipping or fees). */
export async function makeOrder(q: Queryable, order: FixtureOrder): Promise<{ id: number; clientUuid: string; total: number }> {
  const currency = order.currency ?? 'USD';
  const total = order.items.reduce((sum, i) => sum + i.price * Math.max(1, i.qty ?? 1), 0);
  const clientUuid = randomUUID().toUpperCase();
  const [c] = await queryRows(q, sql`
    insert into contributions (client_uuid, is_pos, source, currency_code, subtotal_amount, total_amount, functional_currency_code,
                               functional_exchange_rate, functional_total_amount, supporter_id, bill_first_name, bill_last_name, bill_email,
                               bill_country, total_items, total_qty, recurring_items, sponsorship_items)
    values (${clientUuid}, true, 'POS', ${currency}, ${total}, ${total}, ${currency}, 1, ${total}, ${order.supporterId ?? null},
            ${order.billFirstName ?? null}, ${order.billLastName ?? null}, ${order.billEmail ?? null}, ${order.billCountry ?? 'US'},
            ${order.items.length}, ${order.items.reduce((s, i) => s + (i.qty ?? 1), 0)}, ${order.items.filter((i) => i.recurring).length},
            ${order.items.filter((i) => i.sponsorshipId).length})
    returning id`);
  const id = Number(c!.id);
  for (const item of order.items) {
    const qty = item.qty ?? 1;
    await q.execute(sql`
      insert into contribution_items (contribution_id, variant_id, product_id, sponsorship_id, description, qty, price, original_price, total,
                                      is_donation, recurring_amount, recurring_frequency, recurring_with_initial_charge,
                                      is_tribute, tribute_name, tribute_notify, tribute_notify_email)
      values (${id}, ${item.variantId ?? null}, ${item.productId ?? null}, ${item.sponsorshipId ?? null}, 'Fixture item', ${qty}, ${item.price},
              ${item.price}, ${item.price * Math.max(1, qty)}, ${item.recurring ? true : false}, ${item.recurring ? item.price : null},
              ${item.recurring ?? null}, ${item.recurring ? true : null}, ${Boolean(item.tribute)}, ${item.tribute?.name ?? null},
              ${item.tribute?.notify ?? null}, ${item.tribute?.email ?? null})`);
  }
  return { id, clientUuid, total };
}

export async function makeSupporter(q: Queryable, email = `donor-${randomUUID().slice(0, 8)}@example.org`): Promise<number> {
  const [s] = await queryRows(q, sql`
    insert into supporters (first_name, last_name, display_name, email, bill_first_name, bill_last_name, bill_email, bill_country, currency_code)
    values ('Ada', 'Lovelace', 'Ada Lovelace', ${email}, 'Ada', 'Lovelace', ${email}, 'US', 'USD') returning id`);
  return Number(s!.id);
}

/** A capture token for a sandbox test card, as the hosted card fields would get it. */
export async function cardToken(q: Queryable, number = '4242424242424242'): Promise<string> {
  const card = cardTokenRequestSchema.parse({ number, expiry: '12 / 39', cvc: '123' });
  return (await createCardToken(q, card)).token;
}
