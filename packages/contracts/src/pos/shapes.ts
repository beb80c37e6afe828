import { z } from 'zod';
import { campaignChoiceSchema } from '../campaigns.ts';
import { CUSTOM_FIELD_TYPES } from '../catalogue/custom-fields.ts';
import { BILLING_PERIODS } from '../catalogue/variants.ts';
import { DCC_TYPES } from '../code-lists.ts';
import { cardFieldsConfigSchema } from '../payment-gateway.ts';

/**
 * What the point of sale reads (spec part 3 §3: Variant (POS), Product (POS), Custom field,
 * Category, Order, Order item; Payment method (read)). Money is a decimal number in the
 * shape's currency (`currency_code`), as at every API edge; the server keeps minor units.
 */

/** available_for_purchase when nothing limits sales (the incumbent's 99,999,999). */
export const POS_UNLIMITED = 99_999_999;
/** Spec §9: the quantity dropdown offers 1 to 25. */
export const POS_MAX_QTY = 25;
/** Spec §9: the low-stock hint shows below 20 remaining. */
export const POS_LOW_STOCK = 20;
/** Spec §9: the variant picker shows at most 15 items. */
export const POS_VARIANT_PICKER_MAX = 15;
/** Donation forms' billing choices: 'today_only' is the one-time gift. */
export const POS_DONATION_PERIODS = ['today_only', ...BILLING_PERIODS.filter((p) => p !== 'onetime')] as const;
export type PosDonationPeriod = (typeof POS_DONATION_PERIODS)[number];
/** Spec §9: donation forms default to today_only and monthly. */
export const POS_DEFAULT_DONATION_PERIODS: PosDonationPeriod[] = ['today_only', 'monthly'];
/** The recurring frequencies an item can take (a variant's billing period other than one-time). */
export const POS_RECURRING_FREQUENCIES = BILLING_PERIODS.filter((p) => p !== 'onetime') as Exclude<(typeof BILLING_PERIODS)[number], 'onetime'>[];
/** Spec §2.2: the donor-covers-costs choices, most first as on the screen. */
export const POS_DCC_CHOICES = [
  { value: 'most_costs', label: 'Most costs' },
  { value: 'more_costs', label: 'More costs' },
  { value: 'minimum_costs', label: 'Minimum costs' },
] as const satisfies readonly { value: (typeof DCC_TYPES)[number]; label: string }[];
/** Sources staff may pick for a hand-entered contribution (the listing's values). */
export const POS_SOURCES = ['POS', 'Phone', 'Mail', 'Web'] as const;
/** Spec §2.2: referral source choices include Other (the typed text is then kept). */
export const POS_REFERRAL_SOURCES = ['Social media', 'Search engine', 'Friend or family', 'Event', 'Email', 'Radio or TV', 'Other'] as const;

export const posCustomFieldSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  isrequired: z.boolean(),
  choices: z.array(z.object({ value: z.string(), label: z.string() })),
  default_value: z.string().nullable(),
  body: z.string().nullable(),
  hint: z.string().nullable(),
});
export type PosCustomField = z.infer<typeof posCustomFieldSchema>;

export const posVariantSchema = z.object({
  id: z.number(),
  /** The product's name (the incumbent's `name`), and the variant's own name twice (`variantname` is its legacy alias). */
  name: z.string(),
  variant_name: z.string(),
  variantname: z.string(),
  price: z.number(),
  actual_price: z.number(),
  is_sale: z.boolean(),
  saleprice: z.number().nullable(),
  is_donation: z.boolean(),
  price_minimum: z.number().nullable(),
  price_presets: z.array(z.number()),
  thumbnail: z.string().nullable(),
  code: z.string().nullable(),
  billing_period: z.enum(BILLING_PERIODS),
  billing_starts_on: z.string().nullable(),
  /** Units in stock (meaningful when the product does not allow selling out of stock). */
  quantity: z.number(),
  membership_id: z.number().nullable(),
  is_shippable: z.boolean(),
  is_default: z.boolean(),
});
export type PosVariant = z.infer<typeof posVariantSchema>;

export const posTributeTypeSchema = z.object({ id: z.number(), label: z.string() });

export const posProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  thumbnail_url: z.string().nullable(),
  type: z.enum(['standard', 'donation_form', 'template']),
  /** Prices of `variants` are in this currency (the request's, converted from the product's). */
  currency_code: z.string(),
  variants: z.array(posVariantSchema),
  default_variant: posVariantSchema.nullable(),
  /** limit_sales − sold, else Σ variant stock when selling out of stock is not allowed, else POS_UNLIMITED. */
  available_for_purchase: z.number(),
  is_available_for_sale: z.boolean(),
  outofstock_allow: z.boolean(),
  outofstock_message: z.string().nullable(),
  hide_qty: z.boolean(),
  custom_fields: z.array(posCustomFieldSchema),
  donation_forms_billing_periods: z.array(z.enum(POS_DONATION_PERIODS)),
  recurring_type: z.enum(['natural', 'fixed']).nullable(),
  is_tax_receiptable: z.boolean(),
  is_dcc_enabled: z.boolean(),
  ach_only: z.boolean(),
  allow_tributes: z.boolean(),
  tribute_types: z.array(posTributeTypeSchema),
  is_bookmarked: z.boolean(),
});
export type PosProduct = z.infer<typeof posProductSchema>;

export type PosCategory = {
  id: number;
  name: string;
  parent_id: number | null;
  child_categories: PosCategory[];
  /** Up to 4 thumbnails of POS products in the category. */
  product_thumbs: string[];
};
export const posCategorySchema: z.ZodType<PosCategory> = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.number().nullable(),
  get child_categories() {
    return z.array(posCategorySchema);
  },
  product_thumbs: z.array(z.string()),
});

export const posPaymentMethodSchema = z.object({
  id: z.number(),
  status: z.string(),
  display_name: z.string(),
  /** Masked: '•••• 4242'. */
  account_number: z.string(),
  fa_icon: z.string(),
  use_as_default: z.boolean(),
  is_expired: z.boolean(),
  currency_code: z.string(),
});
export type PosPaymentMethod = z.infer<typeof posPaymentMethodSchema>;

export const posMemberSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string().nullable(),
  account_type_id: z.number().nullable(),
  membership_name: z.string().nullable(),
  membership_expires_on: z.string().nullable(),
  membership_is_expired: z.boolean(),
  deceased_on: z.string().nullable(),
  do_not_contact: z.boolean(),
  /** Only ACTIVE methods. */
  payment_methods: z.array(posPaymentMethodSchema),
});
export type PosMember = z.infer<typeof posMemberSchema>;

export const posItemFieldSchema = z.object({ id: z.number(), field_id: z.number().nullable(), name: z.string(), value: z.string().nullable() });

export const posOrderItemSchema = z.object({
  id: z.number(),
  description: z.string(),
  /** SKU, product code or sponsee reference. */
  reference: z.string().nullable(),
  qty: z.number(),
  /** Unit price charged now (after sale price and promo codes). */
  price: z.number(),
  /** Unit price before promo codes. */
  undiscounted_price: z.number(),
  is_price_reduced: z.boolean(),
  /** max(1, qty) × price. */
  total: z.number(),
  /** A bundle's child, removed with its parent only. */
  is_locked: z.boolean(),
  locked_to_item_id: z.number().nullable(),
  additional_notes: z.string().nullable(),
  promocode: z.string().nullable(),
  recurring_amount: z.number().nullable(),
  recurring_frequency: z.enum(POS_RECURRING_FREQUENCIES as [string, ...string[]]).nullable(),
  recurring_with_initial_charge: z.boolean().nullable(),
  /** "$25.00", "$25.00/mo", "$0.00 today, then $25.00/mo". */
  payment_string: z.string(),
  is_eligible_for_dcc: z.boolean(),
  dcc_amount: z.number(),
  tax_amount: z.number(),
  image_thumb: z.string().nullable(),
  requires_ach: z.boolean(),
  requires_shipping: z.boolean(),
  is_donation: z.boolean(),
  is_download: z.boolean(),
  is_membership: z.boolean(),
  variant_id: z.number().nullable(),
  product_id: z.number().nullable(),
  sponsorship_id: z.number().nullable(),
  fundraising_page_id: z.number().nullable(),
  gl_code: z.string().nullable(),
  gift_aid: z.boolean(),
  is_tribute: z.boolean(),
  tribute_name: z.string().nullable(),
  fields: z.array(posItemFieldSchema),
});
export type PosOrderItem = z.infer<typeof posOrderItemSchema>;

const nullableString = z.string().nullable();
const addressShape = <P extends 'billing' | 'shipping'>(p: P) =>
  ({
    [`${p}_title`]: nullableString,
    [`${p}_first_name`]: nullableString,
    [`${p}_last_name`]: nullableString,
    [`${p}_organization_name`]: nullableString,
    [`${p}_email`]: nullableString,
    [`${p}_address1`]: nullableString,
    [`${p}_address2`]: nullableString,
    [`${p}_city`]: nullableString,
    [`${p}_state`]: nullableString,
    [`${p}_zip`]: nullableString,
    [`${p}_country`]: nullableString,
    [`${p}_phone`]: nullableString,
  }) as { [K in `${P}_${AddressKey}`]: typeof nullableString };
export const ADDRESS_KEYS = ['title', 'first_name', 'last_name', 'organization_name', 'email', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'phone'] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];
export const TAX_ADDRESS_KEYS = ['tax_address1', 'tax_address2', 'tax_city', 'tax_state', 'tax_zip', 'tax_country'] as const;

export const posShippingOptionSchema = z.object({
  /** Tiered methods only here: courier is always false (no courier integration). */
  courier: z.boolean(),
  title: z.string(),
  /** In the order's currency. */
  cost: z.number(),
  shipping_method_id: z.number(),
});

export const posTaxLineSchema = z.object({ code: z.string(), rate: z.string(), amount: z.number() });

export const posOrderSchema = z.object({
  id: z.number(),
  client_uuid: z.string(),
  currency_code: z.string(),
  is_paid: z.boolean(),
  paid_at: z.string().nullable(),
  invoice_number: z.string().nullable(),
  items: z.array(posOrderItemSchema),
  total_items: z.number(),
  total_qty: z.number(),
  /**
   * total = subtotal + taxtotal + shipping_amount + dcc_total_amount, exactly; subtotal = Σ item
   * totals after promo codes = undiscounted_subtotal − discount.
   */
  undiscounted_subtotal: z.number(),
  discount: z.number(),
  subtotal: z.number(),
  taxtotal: z.number(),
  taxes: z.array(posTaxLineSchema),
  shipping_amount: z.number(),
  dcc_total_amount: z.number(),
  totalamount: z.number(),
  total_savings: z.number(),
  /** What each donor-covers-costs choice would add, for the choice buttons. */
  dcc_options: z.object({ most_costs: z.number(), more_costs: z.number(), minimum_costs: z.number() }),
  /** Σ recurring amounts per frequency, e.g. { monthly: 25 } (frequencies without items are absent). */
  recurring_totals: z.object(Object.fromEntries(POS_RECURRING_FREQUENCIES.map((f) => [f, z.number().optional()])) as Record<(typeof POS_RECURRING_FREQUENCIES)[number], z.ZodOptional<z.ZodNumber>>),
  promocodes: z.array(z.string()),
  member_id: z.number().nullable(),
  member: posMemberSchema.nullable(),
  is_guest: z.boolean(),
  ...addressShape('billing'),
  ...addressShape('shipping'),
  ship_to_billing: z.boolean(),
  tax_address1: nullableString,
  tax_address2: nullableString,
  tax_city: nullableString,
  tax_state: nullableString,
  tax_zip: nullableString,
  tax_country: nullableString,
  comments: nullableString,
  is_anonymous: z.boolean(),
  ordered_at: z.string(),
  source: nullableString,
  referral_source: nullableString,
  dcc_enabled_by_customer: z.boolean(),
  dcc_type: z.enum(DCC_TYPES).nullable(),
  shipping_method: nullableString,
  shipping_method_id: z.number().nullable(),
  courier_method: nullableString,
  is_free_shipping: z.boolean(),
  available_shipping_methods: z.array(posShippingOptionSchema),
  shippable_items: z.number(),
  download_items: z.number(),
  recurring_items: z.number(),
  membership_items: z.number(),
  sponsorship_items: z.number(),
  fundraising_items: z.number(),
  requires_ach: z.boolean(),
  email_opt_in: z.boolean(),
  account_type_id: z.number().nullable(),
  send_confirmation_emails: z.boolean(),
  /** The campaign and appeal the sale is credited to (issue 37 item 5). */
  campaign_id: z.number().nullable(),
  appeal_id: z.number().nullable(),
});
export type PosOrder = z.infer<typeof posOrderSchema>;

/** Every order route answers this (spec §7 "Answers carry status, message and order"). */
/**
 * An open sale (issue 41): a contribution started at the point of sale, not paid and with no
 * payment tried. The POS lists them to resume or discard; the ledger leaves them out.
 */
export const posOpenSaleSchema = z.object({
  id: z.number().int(),
  /** The cart's number (its invoice number once paid). */
  number: z.string(),
  started_at: z.string(),
  started_by: z.string().nullable(),
  supporter: z.string().nullable(),
  items: z.number().int(),
  total_amount: z.number(),
  currency_code: z.string(),
});
export type PosOpenSale = z.infer<typeof posOpenSaleSchema>;
export const posOpenSalesAnswerSchema = z.object({ data: z.array(posOpenSaleSchema) });

export const posAnswerSchema = z.object({
  status: z.enum(['success', 'error']).nullable(),
  message: z.string().nullable(),
  order: posOrderSchema.nullable(),
});
export type PosAnswer = z.infer<typeof posAnswerSchema>;
/**
 * A refused change (422; 409 once paid): the reason per field and, when the order exists, the
 * order as it still is. A request the schemas refuse answers the same shape without `order`.
 */
export const posErrorAnswerSchema = z.object({
  status: z.literal('error').optional(),
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  order: posOrderSchema.nullable().optional(),
});

export const posProductsAnswerSchema = z.object({ products: z.array(posProductSchema) });
export const posCategoriesAnswerSchema = z.object({ categories: z.array(posCategorySchema) });
export const posBookmarksAnswerSchema = z.object({ message: z.string().nullable(), products: z.array(posProductSchema) });

/** A staff user's saved starting values for new orders (spec §2.2 "Save defaults"). */
export const posDefaultsSchema = z.object({
  currency_code: z.string(),
  source: nullableString,
  referral_source: nullableString,
  comments: nullableString,
  is_anonymous: z.boolean(),
  dcc_enabled_by_customer: z.boolean(),
  dcc_type: z.enum(DCC_TYPES).nullable(),
  email_opt_in: z.boolean(),
  send_confirmation_emails: z.boolean(),
  account_type_id: z.number().nullable(),
  tax_address1: nullableString,
  tax_address2: nullableString,
  tax_city: nullableString,
  tax_state: nullableString,
  tax_zip: nullableString,
  tax_country: nullableString,
});
export type PosDefaults = z.infer<typeof posDefaultsSchema>;
export const posDefaultsAnswerSchema = z.object({ message: z.string(), defaults: posDefaultsSchema.nullable() });

/** What the screen needs before the first action (GET /jpanel/pos/config.json). */
export const posConfigSchema = z.object({
  site_currency: z.string(),
  currencies: z.array(z.object({ code: z.string(), symbol: z.string() })),
  sources: z.array(z.string()),
  referral_sources: z.array(z.string()),
  referral_sources_enabled: z.boolean(),
  /** Campaigns with their appeals, for the sale's "Credit to" choice. */
  campaigns: z.array(campaignChoiceSchema),
  account_types: z.array(z.object({ id: z.number(), name: z.string(), is_default: z.boolean() })),
  dcc_enabled: z.boolean(),
  /** true: most/more/minimum choices; false: the legacy flat fee plus rate. */
  dcc_ai_enabled: z.boolean(),
  gift_aid_enabled: z.boolean(),
  tribute_types: z.array(posTributeTypeSchema),
  defaults: posDefaultsSchema.nullable(),
  /** The gateway the card tab takes cards with, and Stripe's publishable key when it is Stripe. */
  card_fields: cardFieldsConfigSchema,
});
export type PosConfig = z.infer<typeof posConfigSchema>;

// Pickers (spec §7): promo codes, fundraisers, sponsees.
export const promoCodeOptionSchema = z.object({ code: z.string() });
export const fundraiserOptionSchema = z.object({ id: z.number(), title: z.string(), url: z.string(), author: z.string(), thumbnail: z.string().nullable() });
export const sponseePaymentOptionSchema = z.object({
  id: z.number(),
  /** Decimal in `currency_code`; null for a custom amount. */
  amount: z.number().nullable(),
  currency_code: z.string(),
  is_custom: z.boolean(),
  is_recurring: z.boolean(),
  recurring_frequency: z.string().nullable(),
  label: z.string(),
});
export const sponseeOptionSchema = z.object({
  id: z.number(),
  reference_number: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  gender: z.enum(['F', 'M']).nullable(),
  birth_date: z.string().nullable(),
  age: z.number().nullable(),
  sponsored_status: z.enum(['sponsored', 'unsponsored']),
  thumbnail: z.string().nullable(),
  payment_options: z.array(sponseePaymentOptionSchema),
});
