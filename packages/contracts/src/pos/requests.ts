import { z } from 'zod';
import { attributionFields } from '../campaigns.ts';
import { DCC_TYPES } from '../code-lists.ts';
import { messages } from '../messages.ts';
import { currencyCodeSchema, decimalAmountSchema } from '../money.ts';
import { formBoolean, isValidEmail, parseSpecDate, text } from '../rules.ts';
import { posMessages } from './messages.ts';
import { POS_MAX_QTY, POS_RECURRING_FREQUENCIES, POS_SOURCES } from './shapes.ts';

/** Request bodies of the point of sale's routes (spec part 3 §7 "Point of sale"). */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const id = (error: string = messages.notFound) => z.coerce.number({ error }).int({ error }).positive({ error }).max(2 ** 31 - 1, { error });
/**
 * A field that must be sent: absent, blank or null answers `message` (an optional schema would
 * let an absent key skip its checks).
 */
const required = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .preprocess((v) => (v === undefined || v === '' || v === null ? null : v), schema.nullable())
    .refine((v) => v !== null, { error: message, abort: true })
    .transform((v) => v as z.output<T>);
const optionalId = (error?: string) => z.preprocess(blankToUndefined, id(error).optional());
/** null or '' clears the link (a guest order, no shipping method). */
const nullableId = (error?: string) => z.preprocess((v) => (v === '' ? null : v), id(error).nullable().optional());
const limited = (max: number) => text().trim().max(max, { error: messages.maxLength(max) });
/** Optional text: absent leaves the field alone, '' or null clears it. */
const field = (max: number) => z.preprocess((v) => (v === null ? '' : v), limited(max).optional()).transform((v) => (v === undefined ? undefined : v || null));
const bool = () => formBoolean().optional();
const optionalEmail = z
  .preprocess((v) => (v === null ? '' : v), limited(45).optional())
  .refine((v) => !v || isValidEmail(v), { error: messages.email })
  .transform((v) => (v === undefined ? undefined : v || null));
const country = z
  .preprocess((v) => (v === null ? '' : v), limited(2).optional())
  .transform((v) => (v === undefined ? undefined : v ? v.toUpperCase() : null));
const day = z.preprocess(
  blankToUndefined,
  text(messages.date)
    .transform((v, ctx) => {
      const parsed = parseSpecDate(v.trim().slice(0, 10));
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: messages.date });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
);

export const posProductsRequestSchema = z.object({
  keywords: z.preprocess(blankToUndefined, limited(100).optional()),
  category_id: optionalId(),
  currency_code: z.preprocess(blankToUndefined, currencyCodeSchema.optional()),
});
export type PosProductsRequest = z.input<typeof posProductsRequestSchema>;

export const posBookmarkRequestSchema = z.object({ product_id: id(posMessages.productNotFound) });
export const posBookmarksQuerySchema = z.object({ currency_code: z.preprocess(blankToUndefined, currencyCodeSchema.optional()) });

export const posNewRequestSchema = z.object({
  currency_code: z.preprocess(blankToUndefined, currencyCodeSchema.optional()),
  using_web_pos: bool(),
  /** Start from the user's saved defaults (the default). */
  use_defaults: bool(),
});
export type PosNewRequest = z.input<typeof posNewRequestSchema>;

const address = <P extends 'billing' | 'shipping'>(p: P) => ({
  [`${p}_title`]: field(45),
  [`${p}_first_name`]: field(45),
  [`${p}_last_name`]: field(45),
  [`${p}_organization_name`]: field(100),
  [`${p}_email`]: optionalEmail,
  [`${p}_address1`]: field(450),
  [`${p}_address2`]: field(450),
  [`${p}_city`]: field(45),
  [`${p}_state`]: field(45),
  [`${p}_zip`]: field(45),
  [`${p}_country`]: country,
  [`${p}_phone`]: field(45),
}) as unknown as Record<`${P}_${'title' | 'first_name' | 'last_name' | 'organization_name' | 'email' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'country' | 'phone'}`, z.ZodType<string | null | undefined, unknown>>;

/** POST /jpanel/pos/{id}/update: only the fields sent change. */
export const posUpdateRequestSchema = z.object({
  member_id: nullableId(posMessages.unknownSupporter),
  ...address('billing'),
  ...address('shipping'),
  ship_to_billing: bool(),
  tax_address1: field(450),
  tax_address2: field(450),
  tax_city: field(45),
  tax_state: field(45),
  tax_zip: field(45),
  tax_country: country,
  comments: field(5000),
  is_anonymous: bool(),
  ordered_at: day,
  source: z.preprocess(blankToUndefined, z.enum(POS_SOURCES, { error: posMessages.choiceNotOffered }).optional()),
  referral_source: field(100),
  /** When the referral source is Other, the typed text is kept instead. */
  other_referral_source: field(100),
  dcc_enabled_by_customer: bool(),
  dcc_type: z.preprocess((v) => (v === '' ? null : v), z.enum(DCC_TYPES, { error: posMessages.choiceNotOffered }).nullable().optional()),
  shipping_method_id: nullableId(posMessages.unknownShippingMethod),
  email_opt_in: bool(),
  account_type_id: nullableId(posMessages.unknownAccountType),
  currency_code: z.preprocess(blankToUndefined, currencyCodeSchema.optional()),
  send_confirmation_emails: bool(),
  /** The campaign and appeal the sale is credited to (issue 37 item 5). */
  ...attributionFields,
});
export type PosUpdateRequest = z.input<typeof posUpdateRequestSchema>;
export type PosUpdate = z.output<typeof posUpdateRequestSchema>;

/** A custom field's answer: text, or the chosen values of a multi-select. */
const fieldValue = z.union([limited(5000), z.array(limited(200)).max(200), z.boolean().transform((b) => (b ? '1' : ''))]);

/** POST /jpanel/pos/{id}/add. Amounts are decimals in the order's currency. */
export const posAddItemRequestSchema = z.object({
  /** The variant to add; or `product_id` alone to add the product's default variant. */
  variant_id: z.preprocess(blankToUndefined, id(posMessages.variantNotFound).optional()),
  product_id: z.preprocess(blankToUndefined, id(posMessages.productNotFound).optional()),
  qty: z.preprocess(
    (v) => (v === undefined || v === '' ? 1 : v),
    z.coerce.number({ error: posMessages.qtyRange(POS_MAX_QTY) }).int({ error: posMessages.qtyRange(POS_MAX_QTY) })
      .min(1, { error: posMessages.quantityZero }).max(POS_MAX_QTY, { error: posMessages.qtyRange(POS_MAX_QTY) }),
  ),
  /** A donation variant's amount (the donor's choice). */
  amount: z.preprocess(blankToUndefined, decimalAmountSchema.optional()),
  /** A donation form's billing choice; 'today_only' or absent = one-time. */
  recurring_frequency: z.preprocess(
    (v) => (v === '' || v === 'today_only' || v === 'onetime' ? undefined : v),
    z.enum(POS_RECURRING_FREQUENCIES as [string, ...string[]], { error: posMessages.choiceNotOffered }).optional(),
  ),
  recurring_day: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(28).optional()),
  recurring_day_of_week: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(7).optional()),
  recurring_with_initial_charge: bool(),
  /**
   * Custom field answers: a list of { id, value }, or (as form posts send them) an object keyed
   * by field id. A multi-select's value is the list of chosen values.
   */
  fields: z
    .preprocess(
      (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v).map(([id, value]) => ({ id, value })) : v),
      z.array(z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1), value: fieldValue })).max(200),
    )
    .optional(),
  gl_code: z.preprocess(blankToUndefined, limited(200).optional()),
  gift_aid: bool(),
  is_tribute: bool(),
  tribute_type_id: optionalId(),
  tribute_name: z.preprocess(blankToUndefined, limited(100).optional()),
  tribute_message: z.preprocess(blankToUndefined, limited(5000).optional()),
  tribute_notify: z.preprocess(blankToUndefined, z.enum(['email', 'letter'], { error: posMessages.choiceNotOffered }).optional()),
  tribute_notify_name: z.preprocess(blankToUndefined, limited(100).optional()),
  tribute_notify_email: z.preprocess(blankToUndefined, limited(255).refine((v) => isValidEmail(v, 255), { error: messages.email }).optional()),
  tribute_notify_address: z.preprocess(blankToUndefined, limited(450).optional()),
  tribute_notify_city: z.preprocess(blankToUndefined, limited(45).optional()),
  tribute_notify_state: z.preprocess(blankToUndefined, limited(45).optional()),
  tribute_notify_zip: z.preprocess(blankToUndefined, limited(45).optional()),
  tribute_notify_country: z.preprocess(blankToUndefined, limited(2).optional()),
  tribute_notify_at: day,
  public_message: z.preprocess(blankToUndefined, limited(500).optional()),
  additional_notes: z.preprocess(blankToUndefined, limited(5000).optional()),
  /** Sets the order's referral source as the item modal asks it. */
  referral_source: field(100),
}).superRefine((body, ctx) => {
  if (body.variant_id === undefined && body.product_id === undefined) ctx.addIssue({ code: 'custom', path: ['variant_id'], message: posMessages.noProductSelected });
});
export type PosAddItemRequest = z.input<typeof posAddItemRequestSchema>;
export type PosAddItem = z.output<typeof posAddItemRequestSchema>;

export const posRemoveItemRequestSchema = z.object({ order_item_id: id(posMessages.itemNotFound) });

/** Spec: `code`; the incumbent: `promocodes` as "A,B" or a list. Empty clears every code. */
export const posApplyPromosRequestSchema = z
  .object({
    code: z.preprocess((v) => (v === null ? undefined : v), limited(200).optional()),
    promocodes: z.union([limited(200), z.array(limited(15)).max(20)]).optional(),
  })
  .transform(({ code, promocodes }) => {
    const raw = [code ?? '', ...(Array.isArray(promocodes) ? promocodes : [promocodes ?? ''])].join(',');
    const codes = [...new Set(raw.split(',').map((c) => c.trim()).filter(Boolean).map((c) => c.toUpperCase()))];
    return { codes };
  });

export const posAddChildRequestSchema = z.object({
  reference_number: z.preprocess((v) => (v === undefined || v === null ? '' : v), limited(25)).refine((v) => v.length > 0, { error: posMessages.childReferenceRequired }),
  payment_option_id: z.preprocess(blankToUndefined, id(posMessages.paymentOptionRequired).optional()),
  /** A custom payment option's amount, in the order's currency. */
  amount: z.preprocess(blankToUndefined, decimalAmountSchema.optional()),
  recurring_with_initial_charge: bool(),
});

export const posAddFundraisingPageRequestSchema = z.object({
  fundraising_page_id: required(id(posMessages.fundraiserRequired), posMessages.fundraiserRequired),
  amount: required(decimalAmountSchema, posMessages.amountRequired).refine((v) => v > 0, { error: posMessages.amountRequired }),
  gl_code: z.preprocess(blankToUndefined, limited(200).optional()),
  comments: z.preprocess(blankToUndefined, limited(500).optional()),
  is_anonymous: bool(),
});

/** POST /jpanel/pos/defaults/save: the open order whose settings become the user's defaults. */
export const posSaveDefaultsRequestSchema = z.object({ order_id: z.preprocess(blankToUndefined, id(posMessages.noDefaultsToSave).optional()) });

export const pickerQuerySchema = z.object({ query: z.preprocess(blankToUndefined, limited(200).optional()) });
