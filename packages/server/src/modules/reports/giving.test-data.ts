import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';

/** The organisation's current year, as the reports read it. */
export async function orgYear(q: Queryable): Promise<number> {
  const [row] = await queryRows(q, sql`select extract(year from now() at time zone coalesce((select value #>> '{}' from settings where key = 'time_zone'), 'UTC'))::int as y`);
  return Number(row!.y);
}

/** Mid-June of `year`, noon in the organisation's time zone: inside that year whatever the zone. */
export const midYear = (year: number): SQL =>
  sql`make_timestamptz(${year}, 6, 15, 12, 0, 0, coalesce((select value #>> '{}' from settings where key = 'time_zone'), 'UTC'))`;

export type GiftSpec = {
  supporterId: number | null;
  at: SQL;
  /** Minor units of `currency` (two-decimal currencies only). */
  total: number;
  currency?: string;
  /** One unit of the currency in the organisation currency (USD). */
  rate?: number;
  refunded?: number;
  campaignId?: number | null;
  appealId?: number | null;
  glCode?: string;
  email?: string;
  isTest?: boolean;
};

/** A paid one-line donation written straight to the tables (the reports read only these columns). */
export async function addGift(q: Queryable, g: GiftSpec): Promise<number> {
  const currency = g.currency ?? 'USD';
  const rate = g.rate ?? 1;
  const functional = Math.round(g.total * rate);
  const [c] = await queryRows(q, sql`
    insert into contributions (client_uuid, supporter_id, ordered_at, started_at, paid_at, currency_code, subtotal_amount, total_amount,
                               refunded_amount, functional_currency_code, functional_exchange_rate, functional_total_amount,
                               payment_status, payment_type, bill_email, is_test, campaign_id, appeal_id, total_items, total_qty)
    values (${randomUUID().toUpperCase()}, ${g.supporterId}, ${g.at}, ${g.at}, ${g.at}, ${currency}, ${g.total}, ${g.total}, ${g.refunded ?? 0},
            'USD', ${rate}, ${functional}, 'succeeded', 'cash', ${g.email ?? null}, ${g.isTest ?? false}, ${g.campaignId ?? null}, ${g.appealId ?? null}, 1, 1)
    returning id`);
  const id = Number(c!.id);
  await q.execute(sql`insert into contribution_items (contribution_id, description, qty, price, original_price, total, is_donation, gl_code)
                      values (${id}, 'Donation', 1, ${g.total}, ${g.total}, ${g.total}, true, ${g.glCode ?? 'GENERAL'})`);
  return id;
}
