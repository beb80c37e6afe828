import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';

/** A method that ships to the order's address, with its cost for the order's shippable subtotal. */
export type ShippingOption = {
  shippingMethodId: number;
  title: string;
  /** Minor units of `currencyCode` (the organisation currency); convert for other orders. */
  cost: number;
  currencyCode: string;
  isDefault: boolean;
  priority: number;
};

export type ShippingPlace = {
  country: string | null;
  region: string | null;
  /** Minor units of the organisation currency. */
  subtotalShippable: number;
};

/**
 * The methods that ship to this place and have a tier for this subtotal, best first (the
 * default, then by priority, then the cheapest). A method without regions ships everywhere;
 * a region of '' covers a whole country. No country: nothing can be priced yet.
 */
export async function shippingOptionsFor(db: Queryable, place: ShippingPlace): Promise<ShippingOption[]> {
  if (!place.country) return [];
  const rows = await queryRows(
    db,
    sql`select m.id, m.name, m.is_default, m.priority, r.amount, r.currency_code
          from shipping_methods m
          join shipping_rates r on r.shipping_method_id = m.id
          join shipping_tiers t on t.id = r.shipping_tier_id and t.deleted_at is null
         where m.deleted_at is null
           and t.min_value <= ${place.subtotalShippable}
           and (t.max_value is null or ${place.subtotalShippable} <= t.max_value)
           and (
             not exists (select 1 from shipping_method_regions g where g.shipping_method_id = m.id)
             or exists (
               select 1 from shipping_method_regions g
                where g.shipping_method_id = m.id
                  and g.country = upper(${place.country})
                  and (g.region = '' or upper(g.region) = upper(${place.region ?? ''}))
             )
           )
         order by m.is_default desc, m.priority, r.amount, m.id`,
  );
  // A method whose tiers overlap answers once, at its cheapest band.
  const seen = new Set<number>();
  const options: ShippingOption[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    if (seen.has(id)) continue;
    seen.add(id);
    options.push({
      shippingMethodId: id,
      title: String(row.name),
      cost: Number(row.amount),
      currencyCode: String(row.currency_code),
      isDefault: Boolean(row.is_default),
      priority: Number(row.priority),
    });
  }
  return options;
}
