import { paymentString, toDecimal, type DccType, type PosMember, type PosOrder, type PosOrderItem } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import type { Storage } from '../../integrations/storage/index.ts';
import { thumbUrl } from './pos.media.ts';
import { quoteOrder } from './pos.pricing.ts';

/**
 * The point of sale's view of an order (spec part 3 §3 Order, Order item): the stored
 * contribution and its lines, decimals in the order currency. An open order also shows what the
 * engine offers now (shipping methods, DCC choices); a paid one shows only what was stored.
 */

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const n = (v: unknown) => Number(v ?? 0);

const ORDER_SQL = (id: number) => sql`
  select c.*, (select coalesce(array_agg(p.code order by p.code), '{}') from contribution_promo_codes cp join promo_codes p on p.id = cp.promo_code_id
                where cp.contribution_id = c.id) as promocodes
    from contributions c where c.id = ${id}`;

const ITEMS_SQL = (id: number) => sql`
  select i.*, p.ach_only, v.file_type, v.membership_id, v.sku, p.code as product_code, s.reference_number,
         coalesce(pm.storage_key, sm.storage_key) as image_key,
         coalesce((select json_agg(json_build_object('id', f.id, 'field_id', f.product_custom_field_id, 'name', coalesce(cf.name, ''), 'value', f.value) order by f.id)
                     from contribution_item_fields f left join product_custom_fields cf on cf.id = f.product_custom_field_id
                    where f.contribution_item_id = i.id), '[]'::json) as fields
    from contribution_items i
    left join product_variants v on v.id = i.variant_id
    left join products p on p.id = i.product_id
    left join media pm on pm.id = p.media_id
    left join sponsorships s on s.id = i.sponsorship_id
    left join media sm on sm.id = s.media_id
   where i.contribution_id = ${id}
   order by i.id`;

async function loadMember(q: Queryable, supporterId: number): Promise<PosMember | null> {
  const [s] = await queryRows(q, sql`
    select s.id, coalesce(nullif(s.display_name, ''), trim(concat_ws(' ', s.first_name, s.last_name))) as display_name, s.email, s.account_type_id,
           m.name as membership_name, to_char(m.expires_on, 'YYYY-MM-DD') as membership_expires_on,
           to_char(s.deceased_on, 'YYYY-MM-DD') as deceased_on, s.do_not_contact
      from supporters s
      left join lateral (select ms.name, sm.expires_on from supporter_memberships sm join memberships ms on ms.id = sm.membership_id
                          where sm.supporter_id = s.id and sm.deleted_at is null order by sm.starts_on desc limit 1) m on true
     where s.id = ${supporterId}`);
  if (!s) return null;
  // Only methods the completion can charge (gatewaySource in pos.complete.ts): active and held
  // at the gateway. Imported or legacy records without a token are not offered.
  const methods = await queryRows(q, sql`
    select id, status, display_name, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, use_as_default, currency_code, bank_name
      from payment_methods
     where supporter_id = ${supporterId} and status = 'ACTIVE' and deleted_at is null and token is not null
     order by use_as_default desc, id desc`);
  const today = new Date();
  const expires = str(s.membership_expires_on);
  return {
    id: n(s.id),
    display_name: String(s.display_name ?? ''),
    email: str(s.email),
    account_type_id: s.account_type_id === null ? null : n(s.account_type_id),
    membership_name: str(s.membership_name),
    membership_expires_on: expires,
    membership_is_expired: expires !== null && expires < today.toISOString().slice(0, 10),
    deceased_on: str(s.deceased_on),
    do_not_contact: Boolean(s.do_not_contact),
    payment_methods: methods.map((m) => {
      const year = m.card_expiry_year === null ? null : n(m.card_expiry_year);
      const month = m.card_expiry_month === null ? null : n(m.card_expiry_month);
      // A card is good through the last day of its expiry month.
      const isExpired = year !== null && month !== null && (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1));
      const type = String(m.type);
      const brand = str(m.card_brand)?.toLowerCase() ?? null;
      return {
        id: n(m.id),
        status: String(m.status),
        display_name: str(m.display_name) ?? (type === 'bank' ? str(m.bank_name) ?? 'Bank account' : brand ? `${brand[0]!.toUpperCase()}${brand.slice(1)}` : 'Card'),
        account_number: m.account_last_four ? `•••• ${String(m.account_last_four)}` : '••••',
        fa_icon: type === 'bank' ? 'fa-university' : type === 'paypal' ? 'fa-paypal' : brand && ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners'].includes(brand) ? `fa-cc-${brand}` : 'fa-credit-card',
        use_as_default: Boolean(m.use_as_default),
        is_expired: isExpired,
        currency_code: String(m.currency_code),
      };
    }),
  };
}

function itemView(i: Row, currency: string, image: string | null): PosOrderItem {
  const d = (v: unknown) => toDecimal(n(v), currency);
  const recurring = i.recurring_frequency ? n(i.recurring_amount) : null;
  return {
    id: n(i.id),
    description: String(i.description),
    reference: str(i.sku) ?? str(i.code) ?? str(i.product_code) ?? str(i.reference_number),
    qty: n(i.qty),
    price: d(i.price),
    undiscounted_price: d(i.original_price),
    is_price_reduced: n(i.price) < n(i.original_price),
    total: d(i.total),
    is_locked: i.locked_to_item_id !== null,
    locked_to_item_id: i.locked_to_item_id === null ? null : n(i.locked_to_item_id),
    additional_notes: str(i.additional_notes),
    promocode: str(i.promo_code),
    recurring_amount: recurring === null ? null : d(recurring),
    recurring_frequency: str(i.recurring_frequency),
    recurring_with_initial_charge: i.recurring_with_initial_charge === null ? null : Boolean(i.recurring_with_initial_charge),
    payment_string: paymentString({ total: n(i.total), recurringAmount: recurring, recurringFrequency: str(i.recurring_frequency), qty: n(i.qty) }, currency),
    is_eligible_for_dcc: Boolean(i.dcc_eligible),
    dcc_amount: d(i.dcc_amount),
    tax_amount: d(i.tax_amount),
    image_thumb: image,
    requires_ach: Boolean(i.ach_only),
    requires_shipping: Boolean(i.requires_shipping),
    is_donation: Boolean(i.is_donation),
    is_download: i.file_type !== null && i.file_type !== undefined,
    is_membership: i.membership_id !== null && i.membership_id !== undefined,
    variant_id: i.variant_id === null ? null : n(i.variant_id),
    product_id: i.product_id === null ? null : n(i.product_id),
    sponsorship_id: i.sponsorship_id === null ? null : n(i.sponsorship_id),
    fundraising_page_id: i.fundraising_page_id === null ? null : n(i.fundraising_page_id),
    gl_code: str(i.gl_code),
    gift_aid: Boolean(i.gift_aid),
    is_tribute: Boolean(i.is_tribute),
    tribute_name: str(i.tribute_name),
    fields: (i.fields as { id: number; field_id: number | null; name: string; value: string | null }[]) ?? [],
  };
}

const address = (c: Row, from: 'bill' | 'ship', to: 'billing' | 'shipping') => ({
  [`${to}_title`]: str(c[`${from}_title`]),
  [`${to}_first_name`]: str(c[`${from}_first_name`]),
  [`${to}_last_name`]: str(c[`${from}_last_name`]),
  [`${to}_organization_name`]: str(c[`${from}_organization_name`]),
  [`${to}_email`]: str(c[`${from}_email`]),
  [`${to}_address1`]: str(c[`${from}_address_01`]),
  [`${to}_address2`]: str(c[`${from}_address_02`]),
  [`${to}_city`]: str(c[`${from}_city`]),
  [`${to}_state`]: str(c[`${from}_state`]),
  [`${to}_zip`]: str(c[`${from}_zip`]),
  [`${to}_country`]: str(c[`${from}_country`]),
  [`${to}_phone`]: str(c[`${from}_phone`]),
});

/** The order as the POS routes answer it, or null when there is no such contribution. With `storage`, item images are signed links. */
export async function loadPosOrder(q: Queryable, id: number, storage?: Storage): Promise<PosOrder | null> {
  const [c] = await queryRows(q, ORDER_SQL(id));
  if (!c) return null;
  const currency = String(c.currency_code);
  const d = (v: unknown) => toDecimal(n(v), currency);
  const isPaid = c.paid_at !== null;
  const [items, member, taxRows] = await Promise.all([
    queryRows(q, ITEMS_SQL(id)),
    c.supporter_id === null ? Promise.resolve(null) : loadMember(q, n(c.supporter_id)),
    queryRows(q, sql`select code, rate::text as rate, sum(amount)::bigint as amount from contribution_tax_lines
                      where contribution_id = ${id} group by code, rate order by code, rate`),
  ]);
  // What the engine offers now; a paid order's figures are history and are not re-priced.
  const quote = isPaid ? null : await quoteOrder(q, id);
  const images = await Promise.all(items.map((i) => thumbUrl(storage, i.image_key)));
  const itemViews = items.map((i, k) => itemView(i, currency, images[k] ?? null));
  const recurringTotals: Record<string, number> = {};
  for (const i of items) {
    if (!i.recurring_frequency) continue;
    const key = String(i.recurring_frequency);
    recurringTotals[key] = (recurringTotals[key] ?? 0) + n(i.recurring_amount) * Math.max(1, n(i.qty));
  }
  return {
    id: n(c.id),
    client_uuid: String(c.client_uuid),
    currency_code: currency,
    is_paid: isPaid,
    paid_at: iso(c.paid_at),
    invoice_number: str(c.invoice_number),
    items: itemViews,
    total_items: n(c.total_items),
    total_qty: n(c.total_qty),
    undiscounted_subtotal: d(n(c.subtotal_amount) + n(c.discount_amount)),
    discount: d(c.discount_amount),
    subtotal: d(c.subtotal_amount),
    taxtotal: d(c.tax_amount),
    taxes: taxRows.map((t) => ({ code: String(t.code), rate: String(t.rate), amount: d(t.amount) })),
    shipping_amount: d(c.shipping_amount),
    dcc_total_amount: d(c.dcc_amount),
    totalamount: d(c.total_amount),
    total_savings: d(c.total_savings),
    dcc_options: {
      most_costs: d(quote?.result.dccOptions.most_costs ?? 0),
      more_costs: d(quote?.result.dccOptions.more_costs ?? 0),
      minimum_costs: d(quote?.result.dccOptions.minimum_costs ?? 0),
    },
    recurring_totals: Object.fromEntries(Object.entries(recurringTotals).map(([k, v]) => [k, d(v)])),
    promocodes: (c.promocodes as string[]) ?? [],
    member_id: c.supporter_id === null ? null : n(c.supporter_id),
    member,
    is_guest: c.supporter_id === null,
    ...(address(c, 'bill', 'billing') as Pick<PosOrder, `billing_${'title' | 'first_name'}`>),
    ...(address(c, 'ship', 'shipping') as Pick<PosOrder, `shipping_${'title' | 'first_name'}`>),
    ship_to_billing: Boolean(c.ship_to_billing),
    tax_address1: str(c.tax_address_01),
    tax_address2: str(c.tax_address_02),
    tax_city: str(c.tax_city),
    tax_state: str(c.tax_state),
    tax_zip: str(c.tax_zip),
    tax_country: str(c.tax_country),
    comments: str(c.comments),
    is_anonymous: Boolean(c.is_anonymous),
    ordered_at: iso(c.ordered_at)!,
    source: str(c.source),
    referral_source: str(c.referral_source),
    campaign_id: c.campaign_id === null || c.campaign_id === undefined ? null : n(c.campaign_id),
    appeal_id: c.appeal_id === null || c.appeal_id === undefined ? null : n(c.appeal_id),
    dcc_enabled_by_customer: Boolean(c.dcc_enabled_by_customer),
    dcc_type: (str(c.dcc_type) as DccType | null) ?? null,
    shipping_method: str(c.shipping_method_name),
    shipping_method_id: c.shipping_method_id === null ? null : n(c.shipping_method_id),
    courier_method: str(c.courier_method),
    is_free_shipping: Boolean(c.is_free_shipping),
    available_shipping_methods: (quote?.input.shippingOptions ?? []).map((o) => ({ courier: false, title: o.title, cost: d(o.cost), shipping_method_id: o.shippingMethodId })),
    shippable_items: n(c.shippable_items),
    download_items: n(c.download_items),
    recurring_items: n(c.recurring_items),
    membership_items: n(c.membership_items),
    sponsorship_items: n(c.sponsorship_items),
    fundraising_items: n(c.fundraising_items),
    requires_ach: itemViews.some((i) => i.requires_ach),
    email_opt_in: Boolean(c.email_opt_in),
    account_type_id: c.account_type_id === null ? null : n(c.account_type_id),
    send_confirmation_emails: Boolean(c.send_confirmation_emails),
  } as PosOrder;
}
