import {
  isValidEmail,
  messages,
  parseSpecDate,
  posMessages,
  productMessages,
  sponseeMessages,
  toMinor,
  type PosAddItem,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { getSettings } from '../settings/settings.service.ts';
import { availableForPurchase } from './pos.catalogue.ts';
import { orderConverter, type OrderConverter } from './pos.currency.ts';
import { lockOpenOrder, type OrderRow } from './pos.orders.ts';
import { saveTotals } from './pos.pricing.ts';

/** Adding and removing lines (reference §6.2 OrderAddItemService, §2.8). */

type Row = Record<string, unknown>;

/** A decimal the client typed, in the order currency, to minor units (too many decimals is a 422). */
function minorOf(amount: number, currency: string, field: string): number {
  try {
    return toMinor(amount, currency);
  } catch (error) {
    if (error instanceof RangeError) throw fieldError(field, error.message);
    throw error;
  }
}

/** Stock and sale limits with what is already in the cart (no reservation: completion takes stock). */
async function assertAvailable(q: Queryable, orderId: number, variantId: number, qty: number): Promise<void> {
  const [v] = await queryRows(q, sql`
    select v.id, v.quantity, v.product_id, p.outofstock_allow, p.outofstock_message, p.limit_sales, p.sold_count,
           (select coalesce(sum(i.qty), 0)::int from contribution_items i where i.contribution_id = ${orderId} and i.variant_id = v.id) as in_cart_variant,
           (select coalesce(sum(i.qty), 0)::int from contribution_items i join product_variants x on x.id = i.variant_id
             where i.contribution_id = ${orderId} and x.product_id = v.product_id) as in_cart_product
      from product_variants v join products p on p.id = v.product_id where v.id = ${variantId}`);
  if (!v) throw new AppError('validation', posMessages.variantNotFound, { variant_id: [posMessages.variantNotFound] });
  const limits: number[] = [];
  if (!v.outofstock_allow) limits.push(Number(v.quantity) - Number(v.in_cart_variant));
  if (v.limit_sales !== null) limits.push(Number(v.limit_sales) - Number(v.sold_count) - Number(v.in_cart_product));
  if (limits.length === 0) return;
  const left = Math.max(0, Math.min(...limits));
  if (qty <= left) return;
  const message = left > 0 ? posMessages.limitedStock(left) : (v.outofstock_message as string | null) || productMessages.outOfStock;
  throw new AppError('validation', message, { qty: [message] });
}

/** Custom field answers checked against the product's fields; answers to store. */
function checkFields(fields: Row[], list: { id: number; value: string | string[] }[]): { fieldId: number; value: string }[] {
  const answers = Object.fromEntries(list.map((a) => [String(a.id), a.value]));
  const stored: { fieldId: number; value: string }[] = [];
  for (const f of fields) {
    const id = Number(f.id);
    const name = String(f.name);
    const type = String(f.type);
    const raw = answers[String(id)] ?? (type === 'hidden' ? (f.default_value as string | null) ?? undefined : undefined);
    const choices = (f.choices as { value: string }[]).map((c) => c.value);
    const key = `fields.${id}`;
    if (type === 'html') continue;
    if (type === 'multi-select') {
      const values = (Array.isArray(raw) ? raw : raw ? String(raw).split(',') : []).map((v) => v.trim()).filter(Boolean);
      if (values.length === 0) {
        if (f.is_required) throw fieldError(key, posMessages.multiSelectRequired);
        continue;
      }
      if (values.some((v) => !choices.includes(v))) throw fieldError(key, posMessages.choiceNotOffered);
      stored.push({ fieldId: id, value: values.join(', ') });
      continue;
    }
    const value = (Array.isArray(raw) ? raw.join(', ') : (raw ?? '')).trim();
    if (!value) {
      if (f.is_required) throw fieldError(key, posMessages.fieldRequired(name));
      continue;
    }
    if (type === 'select' && !choices.includes(value)) throw fieldError(key, posMessages.choiceNotOffered);
    if (type === 'email' && !isValidEmail(value, 255)) throw fieldError(key, messages.email);
    if (type === 'date' && !parseSpecDate(value)) throw fieldError(key, messages.date);
    stored.push({ fieldId: id, value });
  }
  return stored;
}

type NewLine = {
  orderId: number; variantId: number | null; productId: number | null; sponsorshipId?: number | null; fundraisingPageId?: number | null;
  lockedToItemId?: number | null; description: string; code: string | null; qty: number; unit: number; saleDiscount: number;
  fairMarketValue?: number | null; isDonation: boolean; requiresShipping: boolean; glCode: string | null; giftAid?: boolean;
  recurring?: { frequency: string; amount: number; day: number | null; dayOfWeek: number | null; withInitialCharge: boolean; cycles: number | null; startsOn: string | null; endsOn: string | null } | null;
  dccEligible: boolean; publicMessage?: string | null; additionalNotes?: string | null; tribute?: PosAddItem | null;
};

async function insertLine(q: Queryable, l: NewLine): Promise<number> {
  const r = l.recurring ?? null;
  const t = l.tribute?.is_tribute ? l.tribute : null;
  const [row] = await queryRows(q, sql`
    insert into contribution_items (contribution_id, variant_id, product_id, sponsorship_id, fundraising_page_id, locked_to_item_id, original_variant_id,
      description, code, qty, price, original_price, discount, total, fair_market_value, is_donation, requires_shipping, gl_code, gift_aid,
      recurring_amount, recurring_frequency, recurring_day, recurring_day_of_week, recurring_with_initial_charge, recurring_cycles, recurring_starts_on, recurring_ends_on,
      dcc_eligible, public_message, additional_notes,
      is_tribute, tribute_type_id, tribute_name, tribute_message, tribute_notify, tribute_notify_name, tribute_notify_email, tribute_notify_address,
      tribute_notify_city, tribute_notify_state, tribute_notify_zip, tribute_notify_country, tribute_notify_on)
    values (${l.orderId}, ${l.variantId}, ${l.productId}, ${l.sponsorshipId ?? null}, ${l.fundraisingPageId ?? null}, ${l.lockedToItemId ?? null}, ${l.variantId},
      ${l.description.slice(0, 255)}, ${l.code}, ${l.qty}, ${l.unit}, ${l.unit}, ${l.saleDiscount}, ${l.unit * Math.max(1, l.qty)}, ${l.fairMarketValue ?? null},
      ${l.isDonation}, ${l.requiresShipping}, ${l.glCode}, ${l.giftAid ?? false},
      ${r?.amount ?? null}, ${r?.frequency ?? null}, ${r?.day ?? null}, ${r?.dayOfWeek ?? null}, ${r ? r.withInitialCharge : null}, ${r?.cycles ?? null}, ${r?.startsOn ?? null}, ${r?.endsOn ?? null},
      ${l.dccEligible}, ${l.publicMessage ?? null}, ${l.additionalNotes ?? null},
      ${t !== null}, ${t?.tribute_type_id ?? null}, ${t?.tribute_name ?? null}, ${t?.tribute_message ?? null}, ${t?.tribute_notify ?? null},
      ${t?.tribute_notify_name ?? null}, ${t?.tribute_notify_email ?? null}, ${t?.tribute_notify_address ?? null}, ${t?.tribute_notify_city ?? null},
      ${t?.tribute_notify_state ?? null}, ${t?.tribute_notify_zip ?? null}, ${t?.tribute_notify_country ?? null}, ${t?.tribute_notify_at ?? null})
    returning id`);
  return Number(row!.id);
}

const dayText = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * A donation variant's minimum in the order's currency (minor units), or null: the rule POS
 * lines and gift batches' rows share (`variant` carries price_minimum and base_currency).
 */
export function donationMinimum(converter: OrderConverter, variant: Row): number | null {
  return variant.price_minimum === null ? null : converter.toOrder(Number(variant.price_minimum), String(variant.base_currency));
}

/** Recurring terms of a line (reference §6.2): the first charge is today's price or nothing. */
function recurringTerms(
  frequency: string | null, product: Row, variant: Row | null, body: { recurring_day?: number | undefined; recurring_day_of_week?: number | undefined; recurring_with_initial_charge?: boolean | undefined }, amount: number,
) {
  if (!frequency) return null;
  const today = new Date();
  const natural = (product.recurring_type ?? 'natural') === 'natural';
  const startsOn = dayText(variant?.billing_starts_on);
  const withInitialCharge = startsOn ? false : natural ? true : (body.recurring_with_initial_charge ?? false);
  const weekly = frequency === 'weekly' || frequency === 'biweekly';
  const day = weekly ? null : natural ? Math.min(28, today.getUTCDate()) : (body.recurring_day ?? Math.min(28, today.getUTCDate()));
  const dayOfWeek = !weekly ? null : natural ? ((today.getUTCDay() + 6) % 7) + 1 : (body.recurring_day_of_week ?? ((today.getUTCDay() + 6) % 7) + 1);
  return {
    frequency, amount, day, dayOfWeek, withInitialCharge,
    cycles: variant?.total_billing_cycles === null || variant?.total_billing_cycles === undefined ? null : Number(variant.total_billing_cycles),
    startsOn, endsOn: dayText(variant?.billing_ends_on),
  };
}

/** POST /jpanel/pos/{id}/add. */
export async function addItem(q: Queryable, orderId: number, body: PosAddItem): Promise<void> {
  const order = await lockOpenOrder(q, orderId, posMessages.addAfterPaid);
  let variantId = body.variant_id;
  if (variantId === undefined) {
    // A product picked without a variant sells its default variant (spec §5 'No default variant set.').
    const [product] = await queryRows(q, sql`select id from products where id = ${body.product_id!} and deleted_at is null`);
    if (!product) throw fieldError('product_id', posMessages.productNotFound);
    const [variant] = await queryRows(q, sql`select id from product_variants where product_id = ${body.product_id!} and is_default and deleted_at is null`);
    if (!variant) throw fieldError('product_id', posMessages.noDefaultVariant);
    variantId = Number(variant.id);
  }
  await addVariantLine(q, order, { ...body, variant_id: variantId });
  if (body.referral_source !== undefined) await q.execute(sql`update contributions set referral_source = ${body.referral_source} where id = ${orderId}`);
  await saveTotals(q, orderId);
}

async function addVariantLine(q: Queryable, order: OrderRow, body: PosAddItem, extra: Partial<NewLine> = {}): Promise<number> {
  const currency = order.currency_code;
  const [variant] = await queryRows(q, sql`
    select v.*, v.crm_metadata->>'dp_gl_code' as variant_gl, p.name as product_name, p.code as product_code, p.base_currency, p.show_in_pos,
           p.is_enabled, p.type as product_type, p.outofstock_message as product_outofstock_message, p.recurring_type, p.is_dcc_enabled, p.is_tax_receiptable, p.allow_tributes, p.gl_code as product_gl,
           (select count(*)::int from product_variants x where x.product_id = p.id and x.deleted_at is null) as variant_count
      from product_variants v join products p on p.id = v.product_id
     where v.id = ${body.variant_id!} and v.deleted_at is null and p.deleted_at is null`);
  if (!variant) throw fieldError('variant_id', posMessages.variantNotFound);
  if (!variant.show_in_pos && extra.fundraisingPageId === undefined) throw fieldError('variant_id', posMessages.notInPos);
  const converter = await orderConverter(q, currency, new Date());
  const base = String(variant.base_currency);
  const settings = await getSettings(q, ['dcc_enabled', 'gift_aid_enabled', 'edition_dp']);

  // Price: the donor's amount for a donation variant (at least its minimum), else the catalogue price.
  let unit: number;
  let saleDiscount = 0;
  if (variant.is_donation) {
    if (body.amount === undefined) throw fieldError('amount', posMessages.amountRequired);
    unit = minorOf(body.amount, currency, 'amount');
    const minimum = donationMinimum(converter, variant);
    if (minimum !== null && unit < minimum) throw fieldError('amount', posMessages.amountMinimum(minimum, currency));
    if (unit <= 0) throw fieldError('amount', posMessages.amountRequired);
  } else {
    const list = Number(variant.price);
    const sale = variant.sale_price === null ? null : Number(variant.sale_price);
    const actual = sale !== null && sale > 0 && sale < list ? sale : list;
    unit = converter.toOrder(actual, base);
    saleDiscount = converter.toOrder(list, base) - unit;
  }

  // Stock and sale limits, for the variant and each bundled variant.
  const available = await availableForPurchase(q, Number(variant.product_id));
  const inCart = await queryRows(q, sql`select coalesce(sum(i.qty), 0)::int as n from contribution_items i join product_variants x on x.id = i.variant_id
                                         where i.contribution_id = ${order.id} and x.product_id = ${variant.product_id as number} and i.locked_to_item_id is null`);
  if (available <= 0 && Number(inCart[0]?.n ?? 0) === 0) throw fieldError('qty', (variant.product_outofstock_message as string | null) || posMessages.notForSale);
  await assertAvailable(q, order.id, Number(variant.id), body.qty);
  const bundle = await queryRows(q, sql`select b.linked_variant_id, b.quantity, b.price, v.variant_name, p.name as product_name, p.base_currency, p.id as product_id,
                                               v.is_shippable, v.sku, p.code as product_code
                                          from variant_bundles b join product_variants v on v.id = b.linked_variant_id join products p on p.id = v.product_id
                                         where b.variant_id = ${variant.id as number} and v.deleted_at is null`);
  for (const b of bundle) await assertAvailable(q, order.id, Number(b.linked_variant_id), Number(b.quantity) * body.qty);

  // Donor-CRM edition: one membership type per order.
  if (variant.membership_id !== null && settings.edition_dp) {
    const [conflict] = await queryRows(q, sql`select 1 from contribution_items i join product_variants x on x.id = i.variant_id
                                                where i.contribution_id = ${order.id} and x.membership_id is not null and x.membership_id <> ${variant.membership_id as number} limit 1`);
    if (conflict) throw new AppError('validation', posMessages.oneMembership, { variant_id: [posMessages.oneMembership] });
  }

  const fields = await queryRows(q, sql`select * from product_custom_fields where product_id = ${variant.product_id as number} and deleted_at is null order by sequence, id`);
  const answers = checkFields(fields, body.fields ?? []);
  if (body.is_tribute && variant.allow_tributes && !body.tribute_name) throw fieldError('tribute_name', posMessages.fieldRequired('Tribute name'));

  const period = String(variant.billing_period);
  const frequency = variant.is_donation && body.recurring_frequency ? body.recurring_frequency : period !== 'onetime' ? period : null;
  const recurring = recurringTerms(frequency, variant, variant, body, unit);
  const price = recurring && !recurring.withInitialCharge ? 0 : unit;
  const name = String(variant.product_name);
  const description = Number(variant.variant_count) > 1 && variant.variant_name && variant.variant_name !== name ? `${name} - ${String(variant.variant_name)}` : name;
  const itemId = await insertLine(q, {
    orderId: order.id, variantId: Number(variant.id), productId: Number(variant.product_id), description,
    code: (variant.sku as string | null) ?? String(variant.product_code), qty: body.qty, unit: price, saleDiscount: price === 0 ? 0 : saleDiscount,
    fairMarketValue: variant.fair_market_value === null ? null : converter.toOrder(Number(variant.fair_market_value), base),
    isDonation: Boolean(variant.is_donation), requiresShipping: Boolean(variant.is_shippable),
    glCode: body.gl_code ?? (variant.variant_gl as string | null) ?? (variant.product_gl as string | null) ?? null,
    giftAid: Boolean(body.gift_aid && settings.gift_aid_enabled && variant.is_tax_receiptable),
    recurring, dccEligible: Boolean(settings.dcc_enabled && variant.is_dcc_enabled),
    publicMessage: body.public_message ?? null, additionalNotes: body.additional_notes ?? null,
    tribute: variant.allow_tributes ? body : null,
    ...extra,
  });
  for (const a of answers) {
    await q.execute(sql`insert into contribution_item_fields (contribution_item_id, product_custom_field_id, value, original_value) values (${itemId}, ${a.fieldId}, ${a.value}, ${a.value})`);
  }
  for (const b of bundle) {
    await insertLine(q, {
      orderId: order.id, variantId: Number(b.linked_variant_id), productId: Number(b.product_id), lockedToItemId: itemId,
      description: `${String(b.product_name)} - ${String(b.variant_name)}`, code: (b.sku as string | null) ?? String(b.product_code),
      qty: Number(b.quantity) * body.qty, unit: converter.toOrder(Number(b.price), String(b.base_currency)), saleDiscount: 0,
      isDonation: false, requiresShipping: Boolean(b.is_shippable), glCode: null, dccEligible: false,
    });
  }
  return itemId;
}

/** POST /jpanel/pos/{id}/remove: a line and its bundled lines. */
export async function removeItem(q: Queryable, orderId: number, itemId: number): Promise<void> {
  await lockOpenOrder(q, orderId, posMessages.removeAfterPaid);
  const [item] = await queryRows(q, sql`select id, locked_to_item_id from contribution_items where id = ${itemId} and contribution_id = ${orderId}`);
  if (!item) throw fieldError('order_item_id', posMessages.itemNotFound);
  if (item.locked_to_item_id !== null) throw fieldError('order_item_id', posMessages.removeBundleChild);
  await q.execute(sql`delete from contribution_items where locked_to_item_id = ${itemId}`);
  await q.execute(sql`delete from contribution_items where id = ${itemId}`);
  await saveTotals(q, orderId);
}

/** POST /jpanel/pos/{id}/add_by_child_reference: a sponsorship by the sponsee's reference number. */
export async function addSponsorship(
  q: Queryable,
  orderId: number,
  body: { reference_number: string; payment_option_id?: number | undefined; amount?: number | undefined; recurring_with_initial_charge?: boolean | undefined },
): Promise<void> {
  const order = await lockOpenOrder(q, orderId, posMessages.addAfterPaid);
  const [s] = await queryRows(q, sql`select * from sponsorships where lower(reference_number) = lower(${body.reference_number}) and deleted_at is null`);
  if (!s) throw fieldError('reference_number', posMessages.childNotFound(body.reference_number));
  if (s.retired_at) throw fieldError('reference_number', sponseeMessages.retiredNoSponsor(String(s.reference_number)));
  const name = [s.first_name, s.last_name].filter(Boolean).join(' ') || String(s.reference_number);
  const { sponsorship_num_sponsors: max, dcc_enabled, dcc_enabled_on_sponsorships } = await getSettings(q, ['sponsorship_num_sponsors', 'dcc_enabled', 'dcc_enabled_on_sponsorships']);
  if (s.is_sponsored || Number(s.sponsor_count) >= Number(max)) throw fieldError('reference_number', posMessages.alreadySponsored(name));
  if (body.payment_option_id === undefined) throw fieldError('payment_option_id', posMessages.paymentOptionRequired);
  const [option] = await queryRows(q, sql`select * from payment_options where id = ${body.payment_option_id} and group_id = ${(s.payment_option_group_id as number | null) ?? 0} and deleted_at is null`);
  if (!option) throw fieldError('payment_option_id', posMessages.paymentOptionRequired);
  const converter = await orderConverter(q, order.currency_code, new Date());
  let unit: number;
  if (option.is_custom) {
    if (body.amount === undefined || body.amount <= 0) throw fieldError('amount', posMessages.customAmountRequired);
    unit = minorOf(body.amount, order.currency_code, 'amount');
  } else {
    unit = converter.toOrder(Number(option.amount), String(option.currency_code));
  }
  const frequency = option.is_recurring ? ((option.recurring_frequency as string | null) ?? 'monthly') : null;
  const withInitialCharge = body.recurring_with_initial_charge ?? true;
  const recurring = frequency
    ? { frequency, amount: unit, day: (option.recurring_day as number | null) ?? null, dayOfWeek: (option.recurring_day_of_week as number | null) ?? null, withInitialCharge, cycles: null, startsOn: null, endsOn: null }
    : null;
  await insertLine(q, {
    orderId, variantId: null, productId: null, sponsorshipId: Number(s.id), description: `Sponsorship: ${name}`, code: String(s.reference_number),
    qty: 1, unit: recurring && !withInitialCharge ? 0 : unit, saleDiscount: 0, isDonation: true, requiresShipping: false,
    glCode: (s.gl_code as string | null) ?? null, recurring, dccEligible: Boolean(dcc_enabled && dcc_enabled_on_sponsorships),
  });
  await saveTotals(q, orderId);
}

/** POST /jpanel/pos/{id}/add_by_fundraising_page: a gift to a page, through its product's default variant. */
export async function addFundraisingGift(
  q: Queryable,
  orderId: number,
  body: { fundraising_page_id?: number | undefined; amount?: number | undefined; gl_code?: string | undefined; comments?: string | undefined; is_anonymous?: boolean | undefined },
): Promise<void> {
  const order = await lockOpenOrder(q, orderId, posMessages.addAfterPaid);
  const pageId = body.fundraising_page_id!;
  const [page] = await queryRows(q, sql`select * from fundraising_pages where id = ${pageId} and deleted_at is null`);
  if (!page) throw fieldError('fundraising_page_id', posMessages.fundraisingPageNotFound(pageId));
  if (page.status !== 'active') throw fieldError('fundraising_page_id', posMessages.pageNotActive);
  const [variant] = await queryRows(q, sql`select id from product_variants where product_id = ${page.product_id as number} and is_default and deleted_at is null`);
  if (!variant) throw fieldError('fundraising_page_id', posMessages.noDefaultVariant);
  // The page's gift is a donation of the typed amount, whatever the variant's own price.
  const [isDonation] = await queryRows(q, sql`select is_donation, price from product_variants where id = ${variant.id as number}`);
  if (!isDonation?.is_donation && body.amount === undefined) throw fieldError('amount', posMessages.amountRequired);
  await addVariantLine(q, order, { variant_id: Number(variant.id), qty: 1, amount: body.amount, gl_code: body.gl_code, public_message: body.comments } as PosAddItem, {
    fundraisingPageId: pageId,
    description: `${String(page.title)}`,
    ...(isDonation?.is_donation ? {} : { isDonation: true, unit: minorOf(body.amount!, order.currency_code, 'amount'), saleDiscount: 0 }),
  });
  if (body.is_anonymous !== undefined) await q.execute(sql`update contributions set is_anonymous = ${body.is_anonymous} where id = ${orderId}`);
  await saveTotals(q, orderId);
}
