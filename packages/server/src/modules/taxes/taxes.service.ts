import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';

/** One tax that applies to one product of an order at the order's tax address. */
export type ApplicableTax = {
  taxRateId: number;
  productId: number;
  code: string;
  /** Percent as PostgreSQL keeps it ('7.2500'); the totals engine turns it into exact integers. */
  rate: string;
};

export type TaxPlace = { productIds: number[]; country: string | null; region: string | null; city: string | null };

/**
 * The taxes charged on these products at this place: linked to the product, listing the
 * place's country and region, and with no city or the place's city (case-insensitive).
 * No country or region means no tax: an order is taxed only once its tax address is known.
 */
export async function taxesFor(db: Queryable, place: TaxPlace): Promise<ApplicableTax[]> {
  if (place.productIds.length === 0 || !place.country || !place.region) return [];
  const ids = sql.join(
    place.productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows(
    db,
    sql`select distinct t.id as tax_rate_id, p.product_id, t.code, t.rate::text as rate
          from tax_rates t
          join product_tax_rates p on p.tax_rate_id = t.id
          join tax_rate_regions r on r.tax_rate_id = t.id
         where t.deleted_at is null
           and p.product_id in (${ids})
           and r.country = upper(${place.country})
           and upper(r.region) = upper(${place.region})
           and (coalesce(t.city, '') = '' or lower(t.city) = lower(${place.city ?? ''}))
         order by p.product_id, t.id`,
  );
  return rows.map((row) => ({
    taxRateId: Number(row.tax_rate_id),
    productId: Number(row.product_id),
    code: String(row.code),
    rate: String(row.rate),
  }));
}
