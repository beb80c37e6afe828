import { z } from 'zod';
import { messages } from './messages.ts';
import { decimalPlaces } from './money.ts';
import { text } from './rules.ts';

/** Tax rates (incumbent §1.5 "Taxes", §6.4): a percent charged on linked products in listed regions. */

export const TAX_CODE_MAX = 45;
export const TAX_DESCRIPTION_MAX = 255;
export const TAX_CITY_MAX = 100;
export const TAX_RATE_DECIMALS = 4;
/** Enough for every product a real catalogue taxes; the picker on the form shows a page of them. */
export const TAX_PRODUCTS_MAX = 500;
export const REGIONS_MAX = 200;

export const taxMessages = {
  rate: `Enter a rate from 0 to 100 with at most ${TAX_RATE_DECIMALS} decimals.`,
  regionsRequired: 'Add at least one region where this tax applies.',
  unknownCountry: 'Choose a country from the list.',
  unknownRegion: 'Choose a region of this country from the list.',
  duplicateRegion: 'This region is listed twice.',
  productsMax: `A tax can apply to at most ${TAX_PRODUCTS_MAX} products.`,
  deleted: (code: string) => `Tax ${code} deleted successfully.`,
} as const;

const id = z.number().int().positive().max(2 ** 31 - 1);

/** A country and, where the place is narrower, one of its subdivisions (code after the dash). */
export const regionInputSchema = z.object({
  country: text(taxMessages.unknownCountry).trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: taxMessages.unknownCountry }),
  region: z.preprocess((v) => (v === null || v === undefined ? '' : v), text(taxMessages.unknownRegion).trim().toUpperCase().regex(/^[A-Z0-9]{0,3}$/, { error: taxMessages.unknownRegion })),
});
export type RegionInput = z.input<typeof regionInputSchema>;
/** A region with its place name for lists ("California, United States"). */
export const regionSchema = z.object({ country: z.string(), region: z.string(), name: z.string() });
export type Region = z.infer<typeof regionSchema>;

/** A percent from 0 to 100 with at most four decimals, as a JSON number or form text. */
const rateSchema = z.unknown().transform((v, ctx) => {
  if (v === '' || v === null || v === undefined) {
    ctx.addIssue({ code: 'custom', message: messages.required });
    return z.NEVER;
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || n < 0 || n > 100 || !(decimalPlaces(typeof v === 'string' ? v.trim() : n) <= TAX_RATE_DECIMALS)) {
    ctx.addIssue({ code: 'custom', message: taxMessages.rate });
    return z.NEVER;
  }
  return n;
});

const noDuplicateRegions = (regions: { country: string; region: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  regions.forEach((r, i) => {
    const key = `${r.country}-${r.region}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'region'], message: taxMessages.duplicateRegion });
    seen.add(key);
  });
};
export { noDuplicateRegions };

export const taxRateInputSchema = z
  .object({
    code: text().trim().min(1, { error: messages.required }).max(TAX_CODE_MAX, { error: messages.maxLength(TAX_CODE_MAX) }),
    description: text().trim().max(TAX_DESCRIPTION_MAX, { error: messages.maxLength(TAX_DESCRIPTION_MAX) }).nullish().transform((v) => v || null),
    rate: rateSchema,
    city: text().trim().max(TAX_CITY_MAX, { error: messages.maxLength(TAX_CITY_MAX) }).nullish().transform((v) => v || null),
    regions: z
      .array(regionInputSchema.refine((r) => r.region !== '', { path: ['region'], error: taxMessages.unknownRegion }), { error: taxMessages.regionsRequired })
      .min(1, { error: taxMessages.regionsRequired })
      .max(REGIONS_MAX)
      .superRefine(noDuplicateRegions),
    product_ids: z.array(id).max(TAX_PRODUCTS_MAX, { error: taxMessages.productsMax }).default([]),
  });
export type TaxRateInput = z.input<typeof taxRateInputSchema>;
export type TaxRateInputParsed = z.output<typeof taxRateInputSchema>;

export const taxRateSchema = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string().nullable(),
  /** Percent, e.g. 7.25. */
  rate: z.number(),
  city: z.string().nullable(),
  regions: z.array(regionSchema),
  product_ids: z.array(z.number()),
  updated_at: z.string(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRateListSchema = z.object({ data: z.array(taxRateSchema) });

/** "7.25%" — at most four decimals, never trailing zeros. */
export const formatRate = (rate: number | string) => `${Number(rate).toLocaleString('en-US', { maximumFractionDigits: TAX_RATE_DECIMALS })}%`;
