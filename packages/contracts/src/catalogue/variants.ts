import { z } from 'zod';
import { SKU_PATTERN } from '../code-lists.ts';
import { messages } from '../messages.ts';
import { decimalAmountSchema } from '../money.ts';
import { formBoolean, specDate, text } from '../rules.ts';
import { catalogueImageSchema, VARIANT_IMAGES_MAX } from './site-urls.ts';

/** Product variants (spec part 2 §3 "Variant", §4, §5, §9). */

export const BILLING_PERIODS = ['onetime', 'weekly', 'biweekly', 'monthly', 'quarterly', 'biannually', 'annually'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** "/mo" after a recurring price. */
export const billingPeriodSuffix: Record<BillingPeriod, string> = {
  onetime: '',
  weekly: '/wk',
  biweekly: '/2wk',
  monthly: '/mo',
  quarterly: '/qtr',
  biannually: '/6mo',
  annually: '/yr',
};

export const billingPeriodLabels: Record<BillingPeriod, string> = {
  onetime: 'One-time',
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  biannually: 'Twice a year',
  annually: 'Yearly',
};

const HOUR = 3600;
const DAY = 24 * HOUR;
/** Part 2 §9: download expiry options (seconds; null = unlimited). */
export const DOWNLOAD_EXPIRY_OPTIONS = [
  { value: null, label: 'Unlimited' },
  { value: HOUR, label: '1 hour' },
  { value: 2 * HOUR, label: '2 hours' },
  { value: 5 * HOUR, label: '5 hours' },
  { value: 12 * HOUR, label: '12 hours' },
  { value: DAY, label: '1 day' },
  { value: 2 * DAY, label: '2 days' },
  { value: 5 * DAY, label: '5 days' },
  { value: 10 * DAY, label: '10 days' },
  { value: 30 * DAY, label: '30 days' },
  { value: 182 * DAY, label: '6 months' },
] as const;
/** Part 2 §9: device (IP address) and download count limits (null = unlimited). */
export const DOWNLOAD_COUNT_LIMITS = [null, 1, 2, 3, 4, 5, 10, 15] as const;

/** Part 2 §3: donor-CRM codes on a variant, at most 200 characters each. */
export const CRM_CODE_KEYS = [
  'dp_gl_code', 'dp_campaign', 'dp_solicit', 'dp_subsolicit', 'dp_ty_letter_no',
  'dp_fair_market_value', 'dp_gift_narrative', 'dp_acknowledgepref', 'dp_no_calc',
] as const;
export const CRM_CODE_MAX = 200;
export const SHIPPING_NOTICE_MAX = 255;

export const skuMessages = {
  required: 'The product code/sku is required',
  format: 'The product code/sku must not contain any spaces or special characters.',
  inUse: 'The SKU is already in use. The SKU must be unique.',
  // ours, in the same voice
  tooLong: 'The product code/sku can contain a maximum of 25 characters.',
} as const;

export const variantMessages = {
  cycles: 'Billing cycles must be at least 1.',
  presets: 'Enter amounts separated by commas, for example 25, 50, 100.',
  expiry: 'Choose one of the listed expiry times.',
  limit: 'Choose one of the listed limits.',
  bundleSelf: 'A variant cannot be bundled with itself.',
  endsBeforeStart: 'Billing must end after it starts.',
  redirectSelf: 'A variant cannot redirect to its own product.',
} as const;

const SKU = new RegExp(SKU_PATTERN);
const limited = (max: number) => text().trim().max(max, { error: messages.maxLength(max) });
const nullableText = (max: number) => limited(max).nullish().transform((v) => v || null);
const nullableAmount = z.preprocess((v) => (v === '' ? null : v), decimalAmountSchema.nullish()).transform((v) => v ?? null);
const id = z.number().int().positive().max(2 ** 31 - 1);
const nullableInt = (min: number, max = 2 ** 31 - 1) =>
  z.preprocess((v) => (v === '' ? null : v), z.coerce.number({ error: messages.number }).int({ error: messages.number }).min(min).max(max).nullish()).transform((v) => v ?? null);

/** A variant's own SKU (optional): the same characters as the product's. */
export const variantSkuSchema = nullableText(25).refine((v) => v === null || SKU.test(v), { error: skuMessages.format });

/** "25, 50, 100" → [25, 50, 100] (part 2 §5: presets are comma-separated amounts). */
export const pricePresetsSchema = z
  .union([z.string(), z.array(z.union([z.number(), z.string()]))])
  .nullish()
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v.map(String) : (v ?? '').split(',')).map((p) => p.trim().replace(/^\$/, '')).filter(Boolean);
    if (parts.some((p) => !/^\d+(\.\d+)?$/.test(p)) || parts.length > 20) {
      ctx.addIssue({ code: 'custom', message: variantMessages.presets });
      return z.NEVER;
    }
    return parts.map(Number);
  });

const oneOf = <T>(values: readonly T[], message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.union([z.null(), z.coerce.number()])).refine((v) => (values as readonly unknown[]).includes(v), { error: message });

export const linkedVariantSchema = z.object({
  variant_id: id,
  quantity: z.coerce.number({ error: messages.number }).int().min(1).max(9999).default(1),
  price: decimalAmountSchema.default(0),
});

export const variantInputSchema = z
  .object({
    /** A client key for new rows, so errors and copies point at the right one. */
    id: id.optional(),
    variant_name: limited(255).min(1, { error: messages.required }),
    is_default: formBoolean().default(false),
    billing_period: z.enum(BILLING_PERIODS).default('onetime'),
    total_billing_cycles: nullableInt(-1_000_000, 1_000_000).refine((v) => v === null || v >= 1, { error: variantMessages.cycles }),
    billing_starts_on: z.preprocess((v) => (v === '' ? null : v), specDate().nullish()).transform((v) => v ?? null),
    billing_ends_on: z.preprocess((v) => (v === '' ? null : v), specDate().nullish()).transform((v) => v ?? null),
    is_donation: formBoolean().default(false),
    price: nullableAmount,
    sale_price: nullableAmount,
    cost: nullableAmount,
    fair_market_value: nullableAmount,
    price_presets: pricePresetsSchema,
    price_minimum: nullableAmount,
    redirects_to_product_id: id.nullish().transform((v) => v ?? null),
    is_shippable: formBoolean().default(false),
    is_shipping_free: formBoolean().default(false),
    weight_lbs: nullableAmount,
    shipping_expectation_threshold: nullableAmount,
    shipping_expectation_over: nullableText(SHIPPING_NOTICE_MAX),
    shipping_expectation_under: nullableText(SHIPPING_NOTICE_MAX),
    sku: variantSkuSchema,
    barcode: nullableText(45),
    quantity: nullableInt(-1_000_000, 1_000_000),
    /** Set by the quantity field's edit toggle: only then does a saved quantity replace the stock. */
    update_quantity: formBoolean().default(false),
    quantity_restock: nullableInt(0, 1_000_000),
    membership_id: id.nullish().transform((v) => v ?? null),
    file_type: z.enum(['file', 'external']).nullish().transform((v) => v ?? null),
    file_id: id.nullish().transform((v) => v ?? null),
    external_resource_uri: nullableText(2048),
    download_expiry_seconds: oneOf(DOWNLOAD_EXPIRY_OPTIONS.map((o) => o.value), variantMessages.expiry),
    download_address_limit: oneOf(DOWNLOAD_COUNT_LIMITS, variantMessages.limit),
    download_limit: oneOf(DOWNLOAD_COUNT_LIMITS, variantMessages.limit),
    file_description: nullableText(5000),
    crm_metadata: z
      .object(Object.fromEntries(CRM_CODE_KEYS.map((k) => [k, limited(CRM_CODE_MAX).optional()])) as Record<(typeof CRM_CODE_KEYS)[number], z.ZodOptional<ReturnType<typeof limited>>>)
      .default({})
      .transform((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v)) as Record<string, string>),
    linked_variants: z.array(linkedVariantSchema).max(50).default([]),
    /** The Images tab: uploaded images in the order shown; left out, the images stay as they are. */
    image_ids: z.array(id).max(VARIANT_IMAGES_MAX, { error: `Up to ${VARIANT_IMAGES_MAX} images.` }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.billing_starts_on && v.billing_ends_on && v.billing_ends_on <= v.billing_starts_on) {
      ctx.addIssue({ code: 'custom', path: ['billing_ends_on'], message: variantMessages.endsBeforeStart });
    }
    if (v.id && v.linked_variants.some((l) => l.variant_id === v.id)) {
      ctx.addIssue({ code: 'custom', path: ['linked_variants'], message: variantMessages.bundleSelf });
    }
  });
export type VariantInput = z.input<typeof variantInputSchema>;
export type VariantInputParsed = z.output<typeof variantInputSchema>;

export const variantSchema = z.object({
  id: z.number(),
  variant_name: z.string(),
  is_default: z.boolean(),
  sequence: z.number(),
  billing_period: z.enum(BILLING_PERIODS),
  total_billing_cycles: z.number().nullable(),
  billing_starts_on: z.string().nullable(),
  billing_ends_on: z.string().nullable(),
  is_donation: z.boolean(),
  price: z.number(),
  sale_price: z.number().nullable(),
  cost: z.number().nullable(),
  fair_market_value: z.number().nullable(),
  price_presets: z.array(z.number()),
  price_minimum: z.number().nullable(),
  redirects_to_product_id: z.number().nullable(),
  is_shippable: z.boolean(),
  is_shipping_free: z.boolean(),
  weight_lbs: z.number().nullable(),
  shipping_expectation_threshold: z.number().nullable(),
  shipping_expectation_over: z.string().nullable(),
  shipping_expectation_under: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  quantity: z.number(),
  quantity_restock: z.number().nullable(),
  quantity_modified_at: z.string().nullable(),
  quantity_modified_by: z.string().nullable(),
  membership_id: z.number().nullable(),
  file_type: z.enum(['file', 'external']).nullable(),
  file_id: z.number().nullable(),
  file_name: z.string().nullable(),
  external_resource_uri: z.string().nullable(),
  download_expiry_seconds: z.number().nullable(),
  download_address_limit: z.number().nullable(),
  download_limit: z.number().nullable(),
  file_description: z.string().nullable(),
  /** The donor CRM's codes by key (only the keys that are set). */
  crm_metadata: z.object(Object.fromEntries(CRM_CODE_KEYS.map((k) => [k, z.string().optional()])) as Record<(typeof CRM_CODE_KEYS)[number], z.ZodOptional<z.ZodString>>),
  linked_variants: z.array(z.object({ variant_id: z.number(), name: z.string(), quantity: z.number(), price: z.number() })),
  images: z.array(catalogueImageSchema),
});
export type Variant = z.infer<typeof variantSchema>;

/** The row list's price words: Donation, Free, or the price (spec part 2 §2). */
export function variantPriceLabel(v: Pick<Variant, 'is_donation' | 'price' | 'sale_price'>, format: (amount: number) => string): string {
  if (v.is_donation) return 'Donation';
  const actual = v.sale_price !== null && v.sale_price > 0 && v.sale_price < v.price ? v.sale_price : v.price;
  return actual === 0 ? 'Free' : format(actual);
}

/** Below the restock level (or out) shows the low-stock badge. */
export const isLowStock = (v: Pick<Variant, 'quantity' | 'quantity_restock'>) => v.quantity_restock !== null && v.quantity <= v.quantity_restock;
