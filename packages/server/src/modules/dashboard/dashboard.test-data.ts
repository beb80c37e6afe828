import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { applyRate } from '../money/money.convert.ts';

/**
 * Generated data for the dashboard's API tests: contributions in four currencies (JPY has no
 * decimals) with partial and full refunds, test/spam/deleted rows, POS sales and abandoned carts,
 * lines of categorised products, supporters, recurring profiles, sponsees and sponsors. Instants
 * fall around the period's edges in the organisation's time zone (America/Toronto), so a wrong
 * zone or an off-by-one bound changes the figures.
 */
export const TIME_ZONE = 'America/Toronto';
export const PERIOD = { from: '2025-03-01', to: '2025-03-31' };
const RATES: Record<string, string> = { USD: '1.0000000000', CAD: '0.7312500000', EUR: '1.0850000000', JPY: '0.0067000000' };

/** A small seeded generator, so a failure reproduces. */
function rng(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T };
}

/** An instant between Feb 24 and Apr 6 2025, often within two hours of a midnight (UTC or Toronto). */
function instant(r: ReturnType<typeof rng>): Date {
  const day = Date.UTC(2025, 1, 24) + r.int(0, 41) * 86_400_000;
  const hour = r.pick([0, 1, 3, 4, 5, 6, 12, 23]);
  return new Date(day + hour * 3_600_000 + r.int(0, 59) * 60_000);
}

const iso = (d: Date) => d.toISOString();
const day = (d: Date) => d.toISOString().slice(0, 10);

export async function generateDashboardData(database: Database, seed = 7): Promise<void> {
  const db = database.db;
  const r = rng(seed);
  const rows = (q: ReturnType<typeof sql>) => queryRows(db, q);
  await db.execute(sql`insert into settings (key, value) values ('time_zone', ${JSON.stringify(TIME_ZONE)}::jsonb)
    on conflict (key) do update set value = excluded.value`);

  const types: number[] = [];
  for (const name of ['Dash Individual', 'Dash Organization']) {
    const [type] = await rows(sql`insert into account_types (name) values (${name}) returning id`);
    types.push(Number(type?.id));
  }
  const supporterIds: number[] = [];
  for (let i = 0; i < 40; i++) {
    const [s] = await rows(sql`insert into supporters (first_name, last_name, currency_code, account_type_id, is_spam, created_at)
      values ('Dash', ${`Supporter${i}`}, 'USD', ${i % 7 === 0 ? null : r.pick(types)}, ${i % 11 === 5}, ${iso(instant(r))}) returning id`);
    supporterIds.push(Number(s?.id));
  }

  const categories: number[] = [];
  for (const name of ['Dash Books', 'Dash Gifts']) {
    const [c] = await rows(sql`insert into product_categories (name) values (${name}) returning id`);
    categories.push(Number(c?.id));
  }
  const products: number[] = [];
  for (let i = 0; i < 7; i++) {
    const [p] = await rows(sql`insert into products (name, code, base_currency) values (${`Dash Product ${i}`}, ${`DASH-${i}`}, 'USD') returning id`);
    products.push(Number(p?.id));
    // Products 0–2 in the first category, 3–4 in the second, 5 in both, 6 in none.
    const links = i <= 2 ? [0] : i <= 4 ? [1] : i === 5 ? [0, 1] : [];
    for (const link of links) await db.execute(sql`insert into product_category_links (product_id, category_id) values (${p?.id}, ${categories[link]})`);
  }

  for (let i = 0; i < 140; i++) {
    const currency = r.pick(['USD', 'USD', 'CAD', 'EUR', 'JPY'] as const);
    const digitsFactor = currency === 'JPY' ? 1 : 100;
    const paid = r.next() < 0.75;
    const started = instant(r);
    const lines = Array.from({ length: r.int(0, 3) }, () => ({
      product: r.next() < 0.85 ? r.pick(products) : null,
      qty: r.int(1, 3),
      price: r.int(5, 120) * digitsFactor + (currency === 'JPY' ? 0 : r.int(0, 99)),
    }));
    const itemsTotal = lines.reduce((sum, l) => sum + l.qty * l.price, 0);
    const shipping = r.next() < 0.3 ? 7 * digitsFactor : 0;
    const total = itemsTotal + shipping;
    const refundRoll = r.next();
    const refunded = !paid || total === 0 ? 0 : refundRoll < 0.15 ? total : refundRoll < 0.35 ? Math.floor(total * r.next()) : 0;
    const rate = RATES[currency] as string;
    const [c] = await rows(sql`insert into contributions (client_uuid, supporter_id, started_at, ordered_at, paid_at, payment_status,
        is_pos, is_test, is_spam, is_recurring, deleted_at, total_items, currency_code, subtotal_amount, shipping_amount, total_amount, refunded_amount,
        functional_currency_code, functional_exchange_rate, functional_total_amount)
      values (${`dash-${seed}-${i}`}, ${r.pick(supporterIds)}, ${iso(started)}, ${iso(started)}, ${paid ? iso(started) : null},
        ${paid ? 'succeeded' : r.pick([null, null, 'failed', 'pending'])}, ${r.next() < 0.15}, ${i % 23 === 3}, ${i % 29 === 4}, ${r.next() < 0.35},
        ${i % 31 === 6 ? iso(new Date()) : null}, ${lines.length}, ${currency}, ${itemsTotal}, ${shipping}, ${total}, ${refunded},
        'USD', ${rate}, ${applyRate(total, rate, currency, 'USD')}) returning id`);
    for (const line of lines) {
      await db.execute(sql`insert into contribution_items (contribution_id, product_id, description, qty, price, total)
        values (${c?.id}, ${line.product}, 'Dash line', ${line.qty}, ${line.price}, ${line.qty * line.price})`);
    }
  }

  const statuses = ['Active', 'Suspended', 'Cancelled', 'Expired'] as const;
  for (let i = 0; i < 25; i++) {
    await db.execute(sql`insert into recurring_payment_profiles (profile_id, status, supporter_id, start_date, billing_period, currency_code, amount, deleted_at)
      values (${`DASH${seed}-${i}`}, ${r.pick(statuses)}, ${r.pick(supporterIds)}, ${day(instant(r))}, 'monthly', 'USD', 1000, ${i % 9 === 2 ? iso(new Date()) : null})`);
  }

  const sponsees: number[] = [];
  for (let i = 0; i < 9; i++) {
    const [s] = await rows(sql`insert into sponsorships (reference_number, first_name, enrollment_date, is_enabled, deleted_at)
      values (${`DASH-${seed}-${i}`}, 'Dash', ${i === 8 ? '2025-04-03' : day(instant(r))}, true, ${i === 7 ? iso(new Date()) : null}) returning id`);
    sponsees.push(Number(s?.id));
  }
  for (let i = 0; i < 18; i++) {
    const started = instant(r);
    const ended = r.next() < 0.45 ? new Date(started.getTime() + r.int(0, 20) * 86_400_000) : null;
    await db.execute(sql`insert into sponsors (supporter_id, sponsorship_id, source, started_at, ended_at, ended_reason, currency_code, deleted_at)
      values (${r.pick(supporterIds)}, ${r.pick(sponsees)}, ${r.pick(['Website', 'POS', null, 'Import'])}, ${day(started)},
              ${ended ? day(ended) : null}, ${ended ? 'Moved away' : null}, 'USD', ${i % 10 === 9 ? iso(new Date()) : null})`);
  }
}
