import { z } from 'zod';
import { messages } from '../messages.ts';
import { checkAmountDecimals, currencyCodeSchema, decimalAmountSchema, decimalPlaces, formatAmount } from '../money.ts';
import { formBoolean, specDate, text } from '../rules.ts';
import { PRODUCT_PICKER_MAX } from './products.ts';

/** Promo codes (spec part 1 §3, §4 "Promo"; incumbent §1.5, §6.5). */

export const DISCOUNT_TYPES = ['percent', 'dollar', 'bxgy_percent', 'bxgy_dollar'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const discountTypeLabels: Record<DiscountType, string> = {
  percent: 'Percent off',
  dollar: 'Amount off',
  bxgy_percent: 'Buy X, get percent off',
  bxgy_dollar: 'Buy X, get amount off',
};
export const isBuyXGetY = (type: DiscountType) => type === 'bxgy_percent' || type === 'bxgy_dollar';
export const isPercent = (type: DiscountType) => type === 'percent' || type === 'bxgy_percent';

export const PROMO_CODE_MAX = 15;
export const FREE_SHIPPING_LABEL_MAX = 25;

export const promoMessages = {
  codeFormat: 'Use letters, numbers, hyphens and underscores only.',
  codeInUse: 'This promo code is already in use.',
  percent: 'Enter a percentage from 0 to 100.',
  buyQuantity: 'Enter how many items must be bought (at least 1).',
  atLeastOne: 'Enter at least 1, or leave blank for no limit.',
  deleted: (code: string) => `Promo code ${code} deleted successfully.`,
  duplicated: (code: string) => `Duplicated as ${code}.`,
} as const;

/**
 * What the discount does, in words; the form's description changes with the type (part 1 §4):
 * "20% off", "$5.00 off", "Buy 3, get 20% off", "Buy 3, get $5.00 off".
 */
export function describeDiscount(p: { discount_type: DiscountType; discount: number | null; buy_quantity: number | null; currency_code: string }): string {
  const value = p.discount === null ? '…' : isPercent(p.discount_type) ? `${p.discount}%` : formatAmount(p.discount, p.currency_code);
  return isBuyXGetY(p.discount_type) ? `Buy ${p.buy_quantity ?? 'X'}, get ${value} off` : `${value} off`;
}

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const optionalCount = (message: string) => z.preprocess(blankToNull, z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(1_000_000, { error: message }).nullable());
const id = z.number().int().positive().max(2 ** 31 - 1);

export const promoInputSchema = z
  .object({
    code: text().trim().toUpperCase().min(1, { error: messages.required }).max(PROMO_CODE_MAX, { error: messages.maxLength(PROMO_CODE_MAX) }).regex(/^[A-Z0-9_-]+$/, { error: promoMessages.codeFormat }),
    description: text().trim().max(255, { error: messages.maxLength(255) }).nullish().transform((v) => v || null),
    discount_type: z.enum(DISCOUNT_TYPES).default('percent'),
    discount: z.preprocess(blankToNull, decimalAmountSchema.nullable()),
    currency_code: currencyCodeSchema,
    buy_quantity: z.preprocess(blankToNull, z.coerce.number({ error: promoMessages.buyQuantity }).int().min(1, { error: promoMessages.buyQuantity }).max(1000).nullable()),
    allocation_limit: optionalCount(promoMessages.atLeastOne),
    usage_limit: optionalCount(promoMessages.atLeastOne),
    usage_limit_per_account: optionalCount(promoMessages.atLeastOne),
    starts_on: z.preprocess(blankToNull, specDate().nullable()),
    ends_on: z.preprocess(blankToNull, specDate().nullable()),
    is_free_shipping: formBoolean().default(false),
    free_shipping_label: text().trim().max(FREE_SHIPPING_LABEL_MAX, { error: messages.maxLength(FREE_SHIPPING_LABEL_MAX) }).nullish().transform((v) => v || null),
    product_ids: z.array(id).max(PRODUCT_PICKER_MAX).default([]),
    category_ids: z.array(id).max(100).default([]),
  })
  .superRefine((p, ctx) => {
    if (p.discount === null) ctx.addIssue({ code: 'custom', path: ['discount'], message: messages.required });
    else if (isPercent(p.discount_type) && p.discount > 100) ctx.addIssue({ code: 'custom', path: ['discount'], message: promoMessages.percent });
    else if (isPercent(p.discount_type) && decimalPlaces(p.discount) > 3) ctx.addIssue({ code: 'custom', path: ['discount'], message: promoMessages.percent });
    else if (!isPercent(p.discount_type)) checkAmountDecimals(ctx, p.discount, p.currency_code, ['discount']);
    if (isBuyXGetY(p.discount_type) && p.buy_quantity === null) ctx.addIssue({ code: 'custom', path: ['buy_quantity'], message: promoMessages.buyQuantity });
    if (p.starts_on && p.ends_on && p.starts_on > p.ends_on) ctx.addIssue({ code: 'custom', path: ['starts_on'], message: messages.startBeforeEnd(p.starts_on, p.ends_on) });
  })
  // Buy-x-get-y fields belong to the bxgy types only.
  .transform((p) => (isBuyXGetY(p.discount_type) ? p : { ...p, buy_quantity: null, allocation_limit: null }));
export type PromoInput = z.input<typeof promoInputSchema>;
export type PromoInputParsed = z.output<typeof promoInputSchema>;

export const promoSchema = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount: z.number(),
  currency_code: z.string(),
  buy_quantity: z.number().nullable(),
  allocation_limit: z.number().nullable(),
  usage_limit: z.number().nullable(),
  usage_limit_per_account: z.number().nullable(),
  usage_count: z.number(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  is_free_shipping: z.boolean(),
  free_shipping_label: z.string().nullable(),
  product_ids: z.array(z.number()),
  category_ids: z.array(z.number()),
  summary: z.string(),
});
export type Promo = z.infer<typeof promoSchema>;
export const promoListSchema = z.object({ data: z.array(promoSchema.omit({ product_ids: true, category_ids: true })), site_currency: z.string() });
