import { z } from 'zod';
import { listingResponseSchema } from '../listing.ts';
import { messages } from '../messages.ts';
import { currencyCodeSchema } from '../money.ts';
import { optionalDecimalAmount, optionalSpecDate, text } from '../rules.ts';

/** Every report pages 50 rows at a time (spec part 3 §9). */
export const REPORT_PAGE_SIZE = 50;

/** Shared filter pieces: blank form fields mean "no filter". */
export const reportDay = optionalSpecDate();
const blank = <T extends z.ZodType>(type: T) => type.optional().or(z.literal('').transform(() => undefined));
export const reportChoice = <const T extends readonly [string, ...string[]]>(values: T) => blank(z.enum(values));
export const reportId = blank(z.coerce.number({ error: messages.number }).int().positive().max(2 ** 31 - 1));
export const reportCurrency = blank(currencyCodeSchema);
export const reportText = (max: number) => blank(text().trim().max(max, { error: messages.maxLength(max) }));
export const reportAmount = optionalDecimalAmount();

/** A from–to day range where from is not after to. */
export function checkRange(f: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['from'], message: messages.startBeforeEnd(f.from, f.to) });
}

/**
 * A report's totals: per currency (amounts in that currency) and each currency's amounts in
 * the organisation currency at each row's own stored rate, with the rates used. Amounts of
 * different currencies are never added together; only the organisation-currency figures are.
 */
export const reportCurrencyTotalSchema = z.object({
  currency: z.string().meta({ example: 'EUR' }),
  count: z.number().meta({ description: 'Rows in this currency.' }),
  measures: z
    .array(z.object({ key: z.string(), amount: z.number().meta({ description: 'In this currency.' }), org_amount: z.number().meta({ description: 'In the organisation currency, row by row at the row\'s rate.' }) }))
    .meta({ description: 'Each measure, in the order of the report\'s measures.' }),
  rate_min: z.string().nullable().meta({ description: 'Lowest rate used (one unit of the currency in the organisation currency).' }),
  rate_max: z.string().nullable().meta({ description: 'Highest rate used; equal to rate_min when one rate applied.' }),
  unconverted: z.number().meta({ description: 'Rows without a stored rate, left out of org_amounts.' }),
});
export type ReportCurrencyTotal = z.infer<typeof reportCurrencyTotalSchema>;

export const reportTotalsSchema = z.object({
  org_currency: z.string(),
  /** Measure keys and labels, in display order. */
  measures: z.array(z.object({ key: z.string(), label: z.string() })),
  currencies: z.array(reportCurrencyTotalSchema),
  /** Each measure summed over every currency, in the organisation currency. */
  org: z.array(z.object({ key: z.string(), amount: z.number() })),
  count: z.number(),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/** A report page: the listing answer plus its totals (absent on page turns that reuse counts). */
export function reportResponseOf<Row extends z.ZodObject, Extra extends z.ZodRawShape>(row: Row, extra: Extra) {
  return listingResponseSchema.extend({ data: z.array(row), totals: reportTotalsSchema.optional(), ...extra });
}

const money = z.number().nullable();
export const reportMoney = money;
