import { z } from 'zod';
import { messages } from './messages.ts';
import { decimalAmountSchema } from './money.ts';
import { text } from './rules.ts';
import { REGIONS_MAX, noDuplicateRegions, regionInputSchema, regionSchema } from './taxes.ts';

/**
 * Tiered shipping (incumbent §1.5 "Shipping", §6.4): tiers are bands of the shippable subtotal in
 * the organisation currency, shared by every method; each method has a cost in each tier it is
 * offered in. Amounts are decimals here and minor units in the database.
 */

export const SHIPPING_NAME_MAX = 100;
export const SHIPPING_CODE_MAX = 45;
export const SHIPPING_PRIORITY_MAX = 9999;
export const SHIPPING_TIERS_MAX = 50;

export const shippingMessages = {
  tiersRequired: 'Add at least one tier.',
  maxBelowMin: 'The maximum must be at least the minimum.',
  overlap: 'This tier starts before the previous one ends.',
  openEndedLast: 'Only the last tier can have no maximum.',
  priority: `Enter a whole number from 0 to ${SHIPPING_PRIORITY_MAX}.`,
  unknownTier: 'This tier no longer exists. Reload and try again.',
  tiersSaved: 'Shipping tiers saved.',
  deleted: (name: string) => `Shipping method ${name} deleted successfully.`,
} as const;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const id = z.number().int().positive().max(2 ** 31 - 1);
const formBool = z.preprocess((v) => (v === '1' || v === 'true' || v === 'on' ? true : v === '0' || v === 'false' || v === '' ? false : v), z.boolean());

export const shippingTierInputSchema = z.object({
  id: id.optional(),
  min_value: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), decimalAmountSchema),
  max_value: z.preprocess(blankToNull, decimalAmountSchema.nullable()),
});

/** The whole set of tiers, in order: no overlaps, and only the last may be open-ended. */
export const shippingTiersInputSchema = z
  .object({ tiers: z.array(shippingTierInputSchema).max(SHIPPING_TIERS_MAX) })
  .superRefine((input, ctx) => {
    if (input.tiers.length === 0) ctx.addIssue({ code: 'custom', path: ['tiers'], message: shippingMessages.tiersRequired });
    input.tiers.forEach((t, i) => {
      if (t.max_value !== null && t.max_value < t.min_value) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'max_value'], message: shippingMessages.maxBelowMin });
      if (t.max_value === null && i < input.tiers.length - 1) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'max_value'], message: shippingMessages.openEndedLast });
      const previous = input.tiers[i - 1];
      const overlaps = previous && (t.min_value < previous.min_value || (previous.max_value !== null && t.min_value <= previous.max_value));
      if (overlaps) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'min_value'], message: shippingMessages.overlap });
    });
  });
export type ShippingTiersInput = z.input<typeof shippingTiersInputSchema>;
export type ShippingTiersInputParsed = z.output<typeof shippingTiersInputSchema>;

export const shippingMethodInputSchema = z
  .object({
    name: text().trim().min(1, { error: messages.required }).max(SHIPPING_NAME_MAX, { error: messages.maxLength(SHIPPING_NAME_MAX) }),
    code: text().trim().max(SHIPPING_CODE_MAX, { error: messages.maxLength(SHIPPING_CODE_MAX) }).nullish().transform((v) => v || null),
    is_default: formBool.default(false),
    priority: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? 0 : v),
      z.coerce.number({ error: shippingMessages.priority }).int({ error: shippingMessages.priority }).min(0, { error: shippingMessages.priority }).max(SHIPPING_PRIORITY_MAX, { error: shippingMessages.priority }),
    ),
    show_on_web: formBool.default(true),
    /** None: ships everywhere. A region of '' is the whole country. */
    regions: z.array(regionInputSchema).max(REGIONS_MAX).superRefine(noDuplicateRegions).default([]),
    /** The cost in each tier it is offered in; a blank amount means not offered in that tier. */
    rates: z.array(z.object({ tier_id: id, amount: z.preprocess(blankToNull, decimalAmountSchema.nullable()) })).max(SHIPPING_TIERS_MAX).default([]),
  });
export type ShippingMethodInput = z.input<typeof shippingMethodInputSchema>;
export type ShippingMethodInputParsed = z.output<typeof shippingMethodInputSchema>;

export const shippingTierSchema = z.object({ id: z.number(), min_value: z.number(), max_value: z.number().nullable() });
export type ShippingTier = z.infer<typeof shippingTierSchema>;

export const shippingMethodSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  is_default: z.boolean(),
  priority: z.number(),
  show_on_web: z.boolean(),
  regions: z.array(regionSchema),
  rates: z.array(z.object({ tier_id: z.number(), amount: z.number() })),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingSettingsSchema = z.object({
  currency_code: z.string(),
  tiers: z.array(shippingTierSchema),
  methods: z.array(shippingMethodSchema),
});
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;
