import { z } from 'zod';
import { currencyCodeSchema } from './money.ts';
import { parseSpecDate } from './rules.ts';

/** Where a rate came from: typed by staff, or read from an imported file. */
export const EXCHANGE_RATE_SOURCES = ['entered', 'imported'] as const;
export type ExchangeRateSource = (typeof EXCHANGE_RATE_SOURCES)[number];

/** At most this many rates per file: a few years of daily rates for one currency. */
export const EXCHANGE_RATE_IMPORT_MAX = 1000;

export const exchangeRateMessages = {
  rate: 'Enter a rate above 0, for example 1.35.',
  date: 'Enter the date the rate starts, as yyyy-mm-dd.',
  sameCurrency: 'The organisation currency is always worth 1; choose another currency.',
  duplicate: 'This currency already has a rate on that date.',
  saved: 'Exchange rate saved.',
  imported: (count: number) => `${count} exchange ${count === 1 ? 'rate' : 'rates'} imported.`,
  importFailed: 'Nothing was imported: fix the rows below and try again.',
  importEmpty: 'The file has no rates. It needs the columns currency, rate and effective_on.',
  importTooMany: `A file can hold at most ${EXCHANGE_RATE_IMPORT_MAX} rates.`,
  duplicateInFile: 'This currency and date appear twice in the file.',
  missingRate: (currency: string, orgCurrency: string, day: string) =>
    `No exchange rate from ${currency} to ${orgCurrency} on or before ${day}. Add one under Settings › Exchange rates first.`,
} as const;

/** Rates keep 10 decimals (numeric(23,10)); more would be silently rounded by the database. */
const RATE = /^\d{1,12}(\.\d{1,10})?$/;
/** A real day, as every date the API reads (ISO 8601, MM/DD/YYYY or "Jun 1, 2030"); answered as YYYY-MM-DD. */
export const isoDaySchema = z
  .string({ error: exchangeRateMessages.date })
  .trim()
  .transform((v, ctx) => {
    const day = parseSpecDate(v);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: exchangeRateMessages.date });
      return z.NEVER;
    }
    return day;
  });

export const exchangeRateCreateSchema = z.object({
  currency: currencyCodeSchema,
  /** One unit of `currency` in the organisation currency, as text so no digit is lost. */
  rate: z
    .union([z.string(), z.number()], { error: exchangeRateMessages.rate })
    .transform((v) => String(v).trim())
    .refine((v) => RATE.test(v) && Number(v) > 0, { error: exchangeRateMessages.rate }),
  effective_on: isoDaySchema,
});
export type ExchangeRateCreate = z.input<typeof exchangeRateCreateSchema>;

export const exchangeRateSchema = z.object({
  id: z.number(),
  currency: z.string(),
  rate: z.string(),
  effective_on: z.string(),
  source: z.enum(EXCHANGE_RATE_SOURCES),
  created_at: z.string(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRateListSchema = z.object({
  org_currency: z.string(),
  data: z.array(exchangeRateSchema),
});
export type ExchangeRateList = z.infer<typeof exchangeRateListSchema>;

export const exchangeRateSavedSchema = z.object({ message: z.string(), rate: exchangeRateSchema });

/**
 * One row as read from the file. Its fields are checked one row at a time by the service with
 * `exchangeRateCreateSchema`, so a bad row is named by its number instead of failing the shape.
 */
const importRowSchema = z.object({
  currency: z.unknown().optional().describe('Currency code, e.g. CAD'),
  rate: z.unknown().optional().describe('One unit of the currency in the organisation currency, e.g. 0.7312'),
  effective_on: z.unknown().optional().describe('The day the rate starts, yyyy-mm-dd'),
});

/** A file of rates, parsed in the browser; every row is checked again here, all or nothing. */
export const exchangeRateImportSchema = z.object({
  rows: z
    .array(importRowSchema, { error: exchangeRateMessages.importEmpty })
    .min(1, { error: exchangeRateMessages.importEmpty })
    .max(EXCHANGE_RATE_IMPORT_MAX, { error: exchangeRateMessages.importTooMany }),
});
export type ExchangeRateImport = z.input<typeof exchangeRateImportSchema>;

export const exchangeRateImportedSchema = z.object({ message: z.string(), imported: z.number() });
