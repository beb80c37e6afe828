import {
  POS_DEFAULT_DONATION_PERIODS,
  POS_UNLIMITED,
  toDecimal,
  type PosCategory,
  type PosDonationPeriod,
  type PosProduct,
  type PosVariant,
} from '@almoner/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { Storage } from '../../integrations/storage/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { MissingRateError } from '../money/money.convert.ts';
import { orderConverter } from './pos.currency.ts';
import { thumbUrl } from './pos.media.ts';

/** The POS catalogue: category browser, product search and bookmarks (spec §2.2, §3). */

const n = (v: unknown) => Number(v ?? 0);
const day = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * Units that can still be sold (reference §1.5): limit_sales − sold when sales are limited, else
 * Σ variant stock when selling out of stock is not allowed, else POS_UNLIMITED.
 */
export const availableSql = (p: string) => sql.raw(`
  case when ${p}.limit_sales is not null then greatest(0, ${p}.limit_sales - ${p}.sold_count)
       when not ${p}.outofstock_allow then greatest(0, (select coalesce(sum(greatest(v.quantity, 0)), 0) from product_variants v where v.product_id = ${p}.id and v.deleted_at is null))
       else ${POS_UNLIMITED} end`);

export async function availableForPurchase(q: Queryable, productId: number): Promise<number> {
  const [row] = await queryRows(q, sql`select ${availableSql('p')} as available from products p where p.id = ${productId}`);
  return n(row?.available);
}

const POS_PRODUCT = sql`p.deleted_at is null and p.is_enabled and p.show_in_pos and p.type <> 'template'`;

/** POS products matching `where`, in the given currency, with variants, fields and bookmarks. */
async function productsWhere(q: Queryable, storage: Storage | undefined, userId: number | null, currency: string, where: SQL, limit = 60): Promise<PosProduct[]> {
  const rows = await queryRows(q, sql`
    select p.id, p.name, p.code, p.type, p.base_currency, p.outofstock_allow, p.outofstock_message, p.hide_qty, p.recurring_type,
           p.is_tax_receiptable, p.is_dcc_enabled, p.ach_only, p.allow_tributes, m.storage_key as image_key, ${availableSql('p')} as available,
           exists (select 1 from pos_bookmarks b where b.product_id = p.id and b.user_id = ${userId ?? 0}) as is_bookmarked
      from products p left join media m on m.id = p.media_id
     where ${POS_PRODUCT} and ${where}
     order by lower(p.name), p.id
     limit ${limit}`);
  if (rows.length === 0) return [];
  const ids = sql.join(rows.map((r) => sql`${n(r.id)}`), sql`, `);
  const [variants, fields, tributes, offered] = await Promise.all([
    queryRows(q, sql`select v.*, to_char(v.billing_starts_on, 'YYYY-MM-DD') as starts_on from product_variants v
                      where v.product_id in (${ids}) and v.deleted_at is null order by v.product_id, v.sequence, v.id`),
    queryRows(q, sql`select * from product_custom_fields where product_id in (${ids}) and deleted_at is null order by product_id, sequence, id`),
    queryRows(q, sql`select l.product_id, t.id, t.label from product_tribute_types l join tribute_types t on t.id = l.tribute_type_id
                      where l.product_id in (${ids}) order by t.id`),
    queryRows(q, sql`select id, label from tribute_types where is_enabled and deleted_at is null order by sequence, id`),
  ]);
  // A product that allows tributes and names no types of its own offers every type staff turned
  // on (the product screen has no list of them: without this the POS never showed the tribute).
  const tributeTypes = (p: Record<string, unknown>) => {
    const own = tributes.filter((t) => n(t.product_id) === n(p.id));
    return (own.length > 0 ? own : p.allow_tributes ? offered : []).map((t) => ({ id: n(t.id), label: String(t.label) }));
  };
  const converter = await orderConverter(q, currency, new Date());
  // A product whose currency has no exchange rate yet cannot be priced here: it is left out
  // rather than failing the whole search.
  const priceable = rows.filter((p) => {
    try {
      converter.toOrder(1, String(p.base_currency));
      return true;
    } catch (error) {
      if (error instanceof MissingRateError) return false;
      throw error;
    }
  });
  return Promise.all(priceable.map(async (p) => {
    const base = String(p.base_currency);
    const image = await thumbUrl(storage, p.image_key);
    const price = (minor: unknown) => toDecimal(converter.toOrder(n(minor), base), currency);
    const vs: PosVariant[] = variants.filter((v) => n(v.product_id) === n(p.id)).map((v) => {
      const list = n(v.price);
      const sale = v.sale_price === null ? null : n(v.sale_price);
      const isSale = sale !== null && sale > 0 && sale < list;
      return {
        id: n(v.id), name: String(p.name), variant_name: String(v.variant_name), variantname: String(v.variant_name),
        price: price(list), actual_price: price(isSale ? sale : list), is_sale: isSale, saleprice: sale === null ? null : price(sale),
        is_donation: Boolean(v.is_donation), price_minimum: v.price_minimum === null ? null : price(v.price_minimum),
        price_presets: ((v.price_presets as unknown[] | null) ?? []).map(price),
        thumbnail: image, code: (v.sku as string | null) ?? null, billing_period: String(v.billing_period) as PosVariant['billing_period'],
        billing_starts_on: (v.starts_on as string | null) ?? day(v.billing_starts_on), quantity: n(v.quantity),
        membership_id: v.membership_id === null ? null : n(v.membership_id), is_shippable: Boolean(v.is_shippable), is_default: Boolean(v.is_default),
      };
    });
    const periods = [...new Set(vs.map((v): PosDonationPeriod => (v.billing_period === 'onetime' ? 'today_only' : v.billing_period)))];
    const available = n(p.available);
    return {
      id: n(p.id), name: String(p.name), code: String(p.code), thumbnail_url: image, type: String(p.type) as PosProduct['type'], currency_code: currency,
      variants: vs, default_variant: vs.find((v) => v.is_default) ?? null,
      available_for_purchase: available, is_available_for_sale: available > 0,
      outofstock_allow: Boolean(p.outofstock_allow), outofstock_message: (p.outofstock_message as string | null) ?? null, hide_qty: Boolean(p.hide_qty),
      custom_fields: fields.filter((f) => n(f.product_id) === n(p.id)).map((f) => ({
        id: n(f.id), name: String(f.name), type: String(f.type) as PosProduct['custom_fields'][number]['type'], isrequired: Boolean(f.is_required),
        choices: (f.choices as { value: string; label: string }[]).map((c) => ({ value: c.value, label: c.label || c.value })),
        default_value: (f.default_value as string | null) ?? null, body: (f.body as string | null) ?? null, hint: (f.hint as string | null) ?? null,
      })),
      donation_forms_billing_periods: p.type === 'donation_form' ? (periods.length > 1 ? periods : POS_DEFAULT_DONATION_PERIODS) : periods,
      recurring_type: (p.recurring_type as 'natural' | 'fixed' | null) ?? null,
      is_tax_receiptable: Boolean(p.is_tax_receiptable), is_dcc_enabled: Boolean(p.is_dcc_enabled), ach_only: Boolean(p.ach_only),
      allow_tributes: Boolean(p.allow_tributes),
      tribute_types: tributeTypes(p),
      is_bookmarked: Boolean(p.is_bookmarked),
    };
  }));
}

/** POST /jpanel/pos/products.json: by keywords (code, name or variant name) or by category. */
export async function searchProducts(
  q: Queryable, storage: Storage | undefined, userId: number | null, currency: string,
  filter: { keywords?: string | undefined; category_id?: number | undefined },
): Promise<PosProduct[]> {
  const parts: SQL[] = [sql`true`];
  if (filter.keywords) {
    const like = `%${filter.keywords.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(lower(p.name) like ${like} or lower(p.code) like ${like}
                    or exists (select 1 from product_variants v where v.product_id = p.id and v.deleted_at is null and (lower(v.variant_name) like ${like} or lower(coalesce(v.sku, '')) like ${like})))`);
  }
  if (filter.category_id !== undefined) parts.push(sql`exists (select 1 from product_category_links l where l.product_id = p.id and l.category_id = ${filter.category_id})`);
  return productsWhere(q, storage, userId, currency, sql.join(parts, sql` and `));
}

export async function bookmarkedProducts(q: Queryable, storage: Storage | undefined, userId: number, currency: string): Promise<PosProduct[]> {
  return productsWhere(q, storage, userId, currency, sql`exists (select 1 from pos_bookmarks b where b.product_id = p.id and b.user_id = ${userId})`, 200);
}

/** Whether a product may be bookmarked (it is offered at the point of sale). */
export async function isPosProduct(q: Queryable, productId: number): Promise<boolean> {
  return (await queryRows(q, sql`select 1 from products p where p.id = ${productId} and ${POS_PRODUCT}`)).length > 0;
}

/** POST /jpanel/pos/categories.json: enabled categories as a tree, each with up to 4 POS product thumbnails. */
export async function categoryTree(q: Queryable, storage: Storage | undefined): Promise<PosCategory[]> {
  const rows = await queryRows(q, sql`
    select c.id, c.name, c.parent_id,
           coalesce((select array_agg(t.storage_key) from (
              select m.storage_key from product_category_links l join products p on p.id = l.product_id join media m on m.id = p.media_id
               where l.category_id = c.id and ${POS_PRODUCT} order by l.sequence, p.id limit 4) t), '{}') as thumb_keys
      from product_categories c where c.is_enabled order by c.sequence, lower(c.name), c.id`);
  const nodes = new Map<number, PosCategory>();
  for (const r of rows) {
    const thumbs = (await Promise.all((r.thumb_keys as string[]).map((k) => thumbUrl(storage, k)))).filter((u): u is string => u !== null);
    nodes.set(n(r.id), { id: n(r.id), name: String(r.name), parent_id: r.parent_id === null ? null : n(r.parent_id), child_categories: [], product_thumbs: thumbs });
  }
  // A parent chain that comes back to the node (bad data) would nest it in itself: it shows at the top.
  const loops = (node: PosCategory) => {
    let at = node.parent_id;
    for (let steps = 0; at !== null && steps <= nodes.size; steps += 1) {
      if (at === node.id) return true;
      at = nodes.get(at)?.parent_id ?? null;
    }
    return false;
  };
  const roots: PosCategory[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null || loops(node) ? undefined : nodes.get(node.parent_id);
    // A child of a disabled (or missing) parent shows at the top rather than vanishing.
    if (parent && parent !== node) parent.child_categories.push(node);
    else roots.push(node);
  }
  return roots;
}
