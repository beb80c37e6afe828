import { PRODUCTS_DEFAULT_SORT, PRODUCTS_PAGE_SIZE, type ProductFilters, productColumns, productFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { decimalNumberSql, orgDateTimeTextSql } from '../money/money.sql.ts';

const live = sql`v.product_id = p.id and v.deleted_at is null`;
const variants = sql`(select count(*)::int from product_variants v where ${live})`;
const stock = sql`(select coalesce(sum(v.quantity), 0)::int from product_variants v where ${live})`;
const defaultVariant = (column: SQL) => sql`(select ${column} from product_variants v where ${live} order by v.is_default desc, v.sequence, v.id limit 1)`;
/** The default variant's actual price (its sale price when on sale); null for a donation. */
const priceMinor = defaultVariant(sql`case when v.is_donation then null when v.sale_price > 0 and v.sale_price < v.price then v.sale_price else v.price end`);

function where(f: ProductFilters): (SQL | undefined)[] {
  return [f.status === 'enabled' ? sql`p.is_enabled` : f.status === 'disabled' ? sql`not p.is_enabled` : undefined];
}

function search(term: string): SQL {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  return sql.join(
    words.map((w) => {
      const like = `%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return sql`(lower(p.name) like ${like} or lower(p.code) like ${like})`;
    }),
    sql` and `,
  );
}

/** The products list: name, SKU, variants, the default variant's price, stock, status. */
export const productsListing: ListingDefinition<ProductFilters> = {
  columns: productColumns,
  fields: {
    name: { select: sql`p.name`, sort: sql`lower(p.name)` },
    code: { select: sql`p.code`, sort: sql`lower(p.code)` },
    variants: { select: variants },
    price: { select: decimalNumberSql(priceMinor, sql`p.base_currency`) },
    stock: { select: sql`case when p.outofstock_allow then null else ${stock} end`, sort: stock },
    is_enabled: { select: sql`p.is_enabled` },
    updated_at: { select: sql`p.updated_at` },
  },
  rowExtras: { id: sql`p.id`, _url: sql`'/jpanel/products/' || p.id`, currency_code: sql`p.base_currency`, is_donation: sql`coalesce(${defaultVariant(sql`v.is_donation`)}, false)` },
  from: sql`products p`,
  baseWhere: sql`p.deleted_at is null`,
  filters: productFiltersSchema,
  where,
  search,
  tiebreak: sql`p.id`,
  defaultOrder: [...PRODUCTS_DEFAULT_SORT],
  pageSize: PRODUCTS_PAGE_SIZE,
  csv: () => [
    { header: 'Product ID', value: sql`p.id`, kind: 'number' },
    { header: 'Name', value: sql`p.name`, kind: 'text' },
    { header: 'SKU', value: sql`p.code`, kind: 'text' },
    { header: 'Variants', value: variants, kind: 'number' },
    { header: 'Stock', value: stock, kind: 'number' },
    { header: 'Enabled', value: sql`case when p.is_enabled then 'Y' else 'N' end`, kind: 'text' },
    { header: 'Updated', value: orgDateTimeTextSql(sql`p.updated_at`), kind: 'text' },
  ],
};
