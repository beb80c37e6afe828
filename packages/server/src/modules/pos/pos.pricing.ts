import {
  computeTotals,
  shippableSubtotal,
  type DccType,
  type DiscountType,
  type ShippingChoice,
  type TotalsInput,
  type TotalsItem,
  type TotalsPromo,
  type TotalsResult,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { convertToOrgCurrency } from '../money/money.convert.ts';
import { getSettings } from '../settings/settings.service.ts';
import { shippingOptionsFor } from '../shipping/shipping.service.ts';
import { taxesFor } from '../taxes/taxes.service.ts';
import { orderConverter } from './pos.currency.ts';

/**
 * Gathers an order's pricing inputs from the database (lines, codes, taxes at its tax address,
 * shipping methods for its address and shippable subtotal, DCC settings) and runs the shared
 * totals engine. `saveTotals` stores the answer on the contribution and its items.
 */

export type Quote = { input: TotalsInput; result: TotalsResult; itemIds: number[] };

type OrderRow = {
  id: number; currency_code: string; ordered_at: Date | string; tax_country: string | null; tax_state: string | null; tax_city: string | null;
  ship_country: string | null; ship_state: string | null; bill_country: string | null; bill_state: string | null; ship_to_billing: boolean;
  shipping_method_id: number | null; dcc_enabled_by_customer: boolean; dcc_type: string | null;
};

const num = (v: unknown) => Number(v ?? 0);

async function loadItems(q: Queryable, orderId: number) {
  return queryRows(q, sql`
    select i.id, i.qty, i.original_price, i.discount, i.is_donation, i.product_id, i.sponsorship_id, i.fundraising_page_id,
           i.locked_to_item_id, i.requires_shipping, coalesce(v.is_shipping_free, false) as is_shipping_free, i.dcc_eligible,
           i.recurring_amount, i.recurring_frequency,
           coalesce((select array_agg(l.category_id) from product_category_links l where l.product_id = i.product_id), '{}') as category_ids
      from contribution_items i left join product_variants v on v.id = i.variant_id
     where i.contribution_id = ${orderId}
     order by i.id`);
}

async function loadPromos(q: Queryable, orderId: number, toOrder: (minor: number, currency: string) => number): Promise<TotalsPromo[]> {
  const rows = await queryRows(q, sql`
    select p.code, p.discount_type, p.discount_percent::text as percent, p.discount_amount, p.currency_code, p.buy_quantity,
           p.allocation_limit, p.is_free_shipping, p.free_shipping_label,
           coalesce((select array_agg(x.product_id) from promo_code_products x where x.promo_code_id = p.id), '{}') as product_ids,
           coalesce((select array_agg(x.category_id) from promo_code_categories x where x.promo_code_id = p.id), '{}') as category_ids
      from contribution_promo_codes cp join promo_codes p on p.id = cp.promo_code_id
     where cp.contribution_id = ${orderId}
     order by p.code`);
  return rows.map((r) => ({
    code: String(r.code),
    type: r.discount_type as DiscountType,
    percent: r.percent === null ? null : String(r.percent),
    amount: r.discount_amount === null ? null : toOrder(num(r.discount_amount), String(r.currency_code)),
    productIds: (r.product_ids as number[]).map(Number),
    categoryIds: (r.category_ids as number[]).map(Number),
    buyQuantity: r.buy_quantity === null ? null : num(r.buy_quantity),
    allocationLimit: r.allocation_limit === null ? null : num(r.allocation_limit),
    isFreeShipping: Boolean(r.is_free_shipping),
    freeShippingLabel: (r.free_shipping_label as string | null) ?? null,
  }));
}

/** Prices an order as it stands (nothing is written). */
export async function quoteOrder(q: Queryable, orderId: number): Promise<Quote> {
  const [order] = (await queryRows(q, sql`
    select id, currency_code, ordered_at, tax_country, tax_state, tax_city, ship_country, ship_state, bill_country, bill_state,
           ship_to_billing, shipping_method_id, dcc_enabled_by_customer, dcc_type
      from contributions where id = ${orderId}`)) as OrderRow[];
  if (!order) throw new Error(`contribution ${orderId} not found`);
  const settings = await getSettings(q, ['dcc_enabled', 'dcc_ai_is_enabled', 'dcc_cost_per_order', 'dcc_percentage', 'shipping_taxes_apply']);
  const currency = order.currency_code;
  const converter = await orderConverter(q, currency, new Date());
  const rows = await loadItems(q, orderId);
  const productIds = [...new Set(rows.map((r) => r.product_id).filter((id) => id !== null).map(Number))];
  const taxes = await taxesFor(q, { productIds, country: order.tax_country, region: order.tax_state, city: order.tax_city });

  const items: TotalsItem[] = rows.map((r) => ({
    key: num(r.id),
    qty: num(r.qty),
    unitPrice: num(r.original_price),
    listUnitPrice: num(r.original_price) + num(r.discount),
    isDonation: Boolean(r.is_donation),
    productId: r.product_id === null ? null : num(r.product_id),
    categoryIds: (r.category_ids as number[]).map(Number),
    isProduct: r.product_id !== null && r.sponsorship_id === null && r.fundraising_page_id === null,
    isLocked: r.locked_to_item_id !== null,
    requiresShipping: Boolean(r.requires_shipping),
    isShippingFree: Boolean(r.is_shipping_free),
    dccEligible: Boolean(r.dcc_eligible),
    recurringAmount: r.recurring_frequency ? num(r.recurring_amount) : null,
    recurringFrequency: (r.recurring_frequency as string | null) ?? null,
    taxes: taxes.filter((t) => t.productId === num(r.product_id)).map((t) => ({ taxRateId: t.taxRateId, code: t.code, rate: t.rate })),
  }));
  const promos = await loadPromos(q, orderId, converter.toOrder);

  const base: TotalsInput = {
    currency,
    items,
    promos,
    shippingOptions: [],
    chosenShippingMethodId: order.shipping_method_id,
    taxShipping: Boolean(settings.shipping_taxes_apply),
    dcc: !settings.dcc_enabled
      ? { enabled: false }
      : settings.dcc_ai_is_enabled
        ? { enabled: true, mode: 'ai' }
        : { enabled: true, mode: 'legacy', perOrder: converter.toOrder(Number(settings.dcc_cost_per_order), converter.orgCurrency), rate: String(settings.dcc_percentage) },
    dccChosen: order.dcc_enabled_by_customer,
    dccType: (order.dcc_type as DccType | null) ?? null,
  };
  // Shipping goes to the shipping address, or to the billing address when shipping to billing.
  const shipCountry = order.ship_country || (order.ship_to_billing ? order.bill_country : null);
  const shipRegion = order.ship_country ? order.ship_state : order.ship_to_billing ? order.bill_state : null;
  let shippingOptions: ShippingChoice[] = [];
  if (items.some((i) => i.requiresShipping)) {
    const subtotal = shippableSubtotal(base);
    const options = await shippingOptionsFor(q, { country: shipCountry, region: shipRegion, subtotalShippable: converter.toOrg(subtotal) });
    shippingOptions = options.map((o) => ({ shippingMethodId: o.shippingMethodId, title: o.title, cost: converter.toOrder(o.cost, o.currencyCode), isDefault: o.isDefault }));
  }
  const input = { ...base, shippingOptions };
  return { input, result: computeTotals(input), itemIds: items.map((i) => i.key) };
}

/** Prices the order and stores every figure and counter (called after each change, inside its transaction). */
export async function saveTotals(tx: Queryable, orderId: number): Promise<Quote> {
  const quote = await quoteOrder(tx, orderId);
  const { result } = quote;
  await tx.execute(sql`delete from contribution_tax_lines where contribution_id = ${orderId}`);
  for (const item of result.items) {
    await tx.execute(sql`
      update contribution_items set price = ${item.unitPrice}, total = ${item.total}, promo_code = ${item.promoCode},
             dcc_amount = ${item.dccAmount}, dcc_recurring_amount = ${item.dccRecurringAmount}, tax_amount = ${item.taxAmount}, updated_at = now()
       where id = ${item.key}`);
    for (const t of item.taxes) {
      await tx.execute(sql`insert into contribution_tax_lines (contribution_id, contribution_item_id, tax_rate_id, code, rate, amount)
                           values (${orderId}, ${item.key}, ${t.taxRateId}, ${t.code}, ${t.rate}, ${t.amount})`);
    }
  }
  // What each tax took on shipping: its order line less its item lines (a line without an item).
  for (const line of result.taxLines) {
    const onItems = result.items.reduce((sum, i) => sum + i.taxes.filter((t) => t.code === line.code && t.rate === line.rate).reduce((a, t) => a + t.amount, 0), 0);
    if (line.amount === onItems) continue;
    const taxRateId = quote.input.items.flatMap((i) => i.taxes).find((t) => t.code === line.code && t.rate === line.rate)?.taxRateId ?? null;
    await tx.execute(sql`insert into contribution_tax_lines (contribution_id, tax_rate_id, code, rate, amount)
                         values (${orderId}, ${taxRateId}, ${line.code}, ${line.rate}, ${line.amount - onItems})`);
  }
  // The total in the organisation currency, as every contribution keeps it (modules/money).
  const functional = await convertToOrgCurrency(tx, { amount: result.total, currency: quote.input.currency, at: new Date() });
  await tx.execute(sql`
    update contributions c set
      functional_currency_code = ${functional.currency}, functional_exchange_rate = ${functional.rate},
      functional_total_amount = ${functional.amount}, functional_rate_date = ${functional.rateDate},
      subtotal_amount = ${result.subtotal}, discount_amount = ${result.discount}, tax_amount = ${result.taxTotal},
      shipping_amount = ${result.shippingAmount}, dcc_amount = ${result.dccTotal}, total_amount = ${result.total},
      total_savings = ${result.totalSavings}, is_free_shipping = ${result.isFreeShipping},
      shipping_method_id = ${result.shippingMethodId}, shipping_method_name = ${result.shippingMethodTitle}, courier_method = ${result.courierMethod},
      total_items = n.total_items, total_qty = n.total_qty, shippable_items = n.shippable_items, download_items = n.download_items,
      recurring_items = n.recurring_items, sponsorship_items = n.sponsorship_items, fundraising_items = n.fundraising_items,
      membership_items = n.membership_items, is_recurring = n.recurring_items > 0, updated_at = now()
    from (select count(*)::int as total_items, coalesce(sum(i.qty), 0)::int as total_qty,
                 count(*) filter (where i.requires_shipping)::int as shippable_items,
                 count(*) filter (where v.file_type is not null)::int as download_items,
                 count(*) filter (where i.recurring_frequency is not null)::int as recurring_items,
                 count(*) filter (where i.sponsorship_id is not null)::int as sponsorship_items,
                 count(*) filter (where i.fundraising_page_id is not null)::int as fundraising_items,
                 count(*) filter (where v.membership_id is not null)::int as membership_items
            from contribution_items i left join product_variants v on v.id = i.variant_id
           where i.contribution_id = ${orderId}) n
    where c.id = ${orderId}`);
  return quote;
}
