import { z } from 'zod';
import { messages } from '../messages.ts';
import { checkAmountDecimals, currencyCodeSchema } from '../money.ts';
import { formBoolean, text } from '../rules.ts';
import { customFieldInputSchema, customFieldSchema } from './custom-fields.ts';
import { designationOptionsSchema } from './designations.ts';
import { siteUrlSchema } from './site-urls.ts';
import { skuMessages, variantInputSchema, variantSchema } from './variants.ts';

/** Products (spec part 1 §2 "Other forms", §3, §5; part 2 §3; incumbent §1.5). */

export const PRODUCT_TYPES = ['standard', 'donation_form', 'template'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** A donation form offers billing periods at the point of sale; a template is never sold there. */
export const productTypeLabels: Record<ProductType, string> = { standard: 'Product', donation_form: 'Donation form', template: 'Template' };
export const PRODUCT_SKU_MAX = 25;
export const OUT_OF_STOCK_MESSAGE_MAX = 255;

export const productMessages = {
  // ours, in the spec's voice
  outOfStock: 'This item is out of stock.',
  salesLimitReached: 'This item is sold out.',
  variantRequired: 'Add at least one variant.',
  unknownVariant: 'This variant does not belong to this product.',
  unknownCategory: 'This category does not exist.',
  unknownTributeType: 'One of the chosen tribute types does not exist. Choose from the list.',
  unknownRedirect: 'This product does not exist.',
  unknownMembership: 'This membership does not exist.',
  unknownFile: 'This file does not exist.',
  unknownBundleVariant: 'This variant does not exist.',
  unknownType: 'Choose a product, a donation form or a template.',
  deleted: (name: string) => `${name} deleted successfully.`,
} as const;

const SKU = /^[A-Za-z0-9-]+$/;

/** Part 1 §5: required, letters/digits/hyphens only (uniqueness is the server's check). */
export const productSkuSchema = text(skuMessages.required)
  .trim()
  .min(1, { error: skuMessages.required, abort: true })
  .refine((v) => SKU.test(v), { error: skuMessages.format, abort: true })
  .refine((v) => v.length <= PRODUCT_SKU_MAX, { error: skuMessages.tooLong });

const limited = (max: number) => text().trim().max(max, { error: messages.maxLength(max) });
const nullableText = (max: number) => limited(max).nullish().transform((v) => v || null);
const id = z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 31 - 1);

/** POST /jpanel/products/validate_sku (part 1 §7): `product_id` is the product being edited, if any. */
export const validateSkuSchema = z.object({
  product_id: z.preprocess((v) => (v === '' ? undefined : v), id.nullish()),
  code: text(skuMessages.required),
});
export const validateSkuResponseSchema = z.object({ valid: z.boolean(), message: z.string().nullable() });

export const productInputSchema = z
  .object({
    // Left out, a new product is a standard one and a saved one keeps its type (a client that
    // never knew the field must not turn a donation form back into a product).
    type: z.enum(PRODUCT_TYPES, { error: productMessages.unknownType }).optional(),
    name: limited(255).min(1, { error: messages.required }),
    code: productSkuSchema,
    summary: nullableText(5000),
    description: nullableText(100_000),
    is_enabled: formBoolean().default(true),
    show_in_pos: formBoolean().default(true),
    is_featured: formBoolean().default(false),
    outofstock_allow: formBoolean().default(true),
    outofstock_message: nullableText(OUT_OF_STOCK_MESSAGE_MAX),
    limit_sales: z.preprocess((v) => (v === '' ? null : v), z.coerce.number({ error: messages.number }).int().min(0).max(1_000_000_000).nullish()).transform((v) => v ?? null),
    base_currency: currencyCodeSchema,
    is_tax_receiptable: formBoolean().default(false),
    is_dcc_enabled: formBoolean().default(false),
    allow_tributes: formBoolean().default(false),
    /**
     * Whether a tribute given with this product may ask for the honouree to be told (the notice).
     * It only counts while tributes are allowed; the value is kept when they are turned off.
     */
    allow_tribute_notification: formBoolean().default(false),
    /**
     * The tribute types the product offers (none: every type turned on, pos.catalogue.ts). Left
     * out, a saved product keeps its types: a client that never knew the field must not drop them.
     */
    tribute_type_ids: z.array(id).max(100).optional(),
    template_suffix: nullableText(100),
    gl_code: nullableText(200),
    /** An extra button on the product page: its words and where it goes (the URL picker). */
    alt_button_label: nullableText(100),
    alt_button_url: siteUrlSchema,
    category_ids: z.array(id).max(100).default([]),
    designation_options: designationOptionsSchema.default({ type: 'single_account', default_account: null, designations: [] }),
    custom_fields: z.array(customFieldInputSchema).max(100).default([]),
    variants: z.array(variantInputSchema).min(1, { error: productMessages.variantRequired }).max(100),
  })
  .superRefine((p, ctx) => {
    if (p.alt_button_url && !p.alt_button_label) ctx.addIssue({ code: 'custom', path: ['alt_button_label'], message: messages.required });
    const amounts = ['price', 'sale_price', 'cost', 'fair_market_value', 'price_minimum', 'shipping_expectation_threshold'] as const;
    p.variants.forEach((v, i) => {
      for (const key of amounts) checkAmountDecimals(ctx, v[key] ?? undefined, p.base_currency, ['variants', i, key]);
      v.price_presets.forEach((amount) => checkAmountDecimals(ctx, amount, p.base_currency, ['variants', i, 'price_presets']));
      v.linked_variants.forEach((l, j) => checkAmountDecimals(ctx, l.price, p.base_currency, ['variants', i, 'linked_variants', j, 'price']));
    });
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductInputParsed = z.output<typeof productInputSchema>;

export const productDetailSchema = z.object({
  id: z.number(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  code: z.string(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  is_enabled: z.boolean(),
  show_in_pos: z.boolean(),
  is_featured: z.boolean(),
  outofstock_allow: z.boolean(),
  outofstock_message: z.string().nullable(),
  limit_sales: z.number().nullable(),
  sold: z.number(),
  /** limit_sales − sold, else (allow ? null = unlimited : Σ variant quantity). */
  available: z.number().nullable(),
  base_currency: z.string(),
  is_tax_receiptable: z.boolean(),
  is_dcc_enabled: z.boolean(),
  allow_tributes: z.boolean(),
  allow_tribute_notification: z.boolean(),
  tribute_type_ids: z.array(z.number()),
  template_suffix: z.string().nullable(),
  gl_code: z.string().nullable(),
  alt_button_label: z.string().nullable(),
  alt_button_url: z.string().nullable(),
  category_ids: z.array(z.number()),
  designation_options: z.object({
    type: z.enum(['single_account', 'supporters_choice']),
    default_account: z.string().nullable(),
    designations: z.array(z.object({ label: z.string(), account: z.string(), is_default: z.boolean() })),
  }),
  custom_fields: z.array(customFieldSchema),
  variants: z.array(variantSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Part 2 §3 "Product list item", also the picker's option. */
export const productOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  thumbnail: z.string().nullable(),
  has_donation_variant: z.boolean(),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** GET /jpanel/products.json: `query` searches names and codes, `ids` resolves chosen ones. */
export const productOptionsQuerySchema = z.object({
  query: text().max(200).optional(),
  ids: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(id).max(20))
    .optional(),
});

export const productDestroySchema = z.object({ id });

export const STOCK_REASONS = ['sale', 'refund', 'manual_edit', 'import', 'initial'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const stockReasonLabels: Record<StockReason, string> = {
  sale: 'Sale',
  refund: 'Refund',
  manual_edit: 'Manual edit',
  import: 'Import',
  initial: 'Initial stock',
};

export const stockMovementSchema = z.object({
  id: z.number(),
  variant_id: z.number(),
  variant_name: z.string(),
  change: z.number(),
  quantity_after: z.number(),
  reason: z.enum(STOCK_REASONS),
  note: z.string().nullable(),
  user_name: z.string().nullable(),
  contribution_id: z.number().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const categoryOptionSchema = z.object({ id: z.number(), name: z.string(), parent_id: z.number().nullable() });

/** Lists the product form's pickers choose from. */
export const productFormOptionsSchema = z.object({
  categories: z.array(categoryOptionSchema),
  memberships: z.array(z.object({ id: z.number(), name: z.string() })),
  files: z.array(z.object({ id: z.number(), filename: z.string() })),
  crm_enabled: z.boolean(),
  site_currency: z.string(),
  /** The organisation's tribute types (a turned-off one stays choosable: the POS leaves it out). */
  tribute_types: z.array(z.object({ id: z.number(), label: z.string(), is_enabled: z.boolean() })),
});
export type ProductFormOptions = z.infer<typeof productFormOptionsSchema>;

/**
 * GET /jpanel/variants.json?query= (spec part 3 §7, the variant picker; also served at
 * /jpanel/products/variants.json, where the bundle editor first asked): variants named
 * "Product – Variant", with the spec's variant fields a picker shows (part 2, "Variant"):
 * `variantname`, `price` and `saleprice` in the product's currency, `is_donation`.
 */
export const variantOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  product_id: z.number(),
  variantname: z.string(),
  price: z.number(),
  saleprice: z.number().nullable(),
  currency_code: z.string().length(3),
  is_donation: z.boolean(),
});
export type VariantOption = z.infer<typeof variantOptionSchema>;

/** Part 2 §8 and §9: the product picker and the URL picker. */
export const PRODUCT_PICKER_MAX = 20;
export const pickerMessages = {
  productMissing: 'This product does not exist.',
  unknownProduct: 'Unknown Product',
  externalUrl: 'This URL is an external link.',
} as const;
