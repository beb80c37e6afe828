import { z } from 'zod';
import type { ListingColumn } from './listing.ts';
import { messages } from './messages.ts';
import { currencyCodeSchema, decimalAmountSchema } from './money.ts';
import { optionalSpecDate, specDate } from './rules.ts';

/**
 * The year-end consolidated receipt run (issue 10 "beyond"): one receipt per donor and currency
 * for the period's paid, receiptable, unreceipted gifts. A dry run first shows what would be
 * issued and who would be skipped and why; the run itself is a background job.
 */
export const YEAR_END_MAX_DAYS = 366;
/** Skipped donors listed in a dry run's answer (the counts cover them all). */
export const YEAR_END_SKIPPED_SHOWN = 200;

export const YEAR_END_SKIP_REASONS = ['no_contact', 'refunded', 'already_receipted', 'country'] as const;
export type YearEndSkipReason = (typeof YEAR_END_SKIP_REASONS)[number];

export const yearEndSkipLabels: Record<YearEndSkipReason, string> = {
  no_contact: 'No mailing address or e-mail',
  refunded: 'Refunded',
  already_receipted: 'Already receipted',
  country: 'Billed outside the receipt country',
};

export const yearEndMessages = {
  periodTooLong: `The period can be at most ${YEAR_END_MAX_DAYS} days.`,
  nothingToIssue: 'No donor in this period needs a consolidated receipt.',
  busy: 'A year-end run is already in progress. Wait for it to finish.',
  queued: (n: number) => `Issuing ${n} consolidated ${n === 1 ? 'receipt' : 'receipts'} in the background.`,
  runNotFound: 'This year-end run does not exist.',
} as const;

const blank = z.literal('').transform(() => undefined);
const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** The period (inclusive organisation days) and the optional filter: one currency, a minimum per receipt. */
export const yearEndRequestSchema = z
  .object({
    from: specDate(),
    to: specDate(),
    currency: currencyCodeSchema.optional().or(blank),
    /** In each receipt's own currency: donors whose total is below it are left out. */
    min_amount: decimalAmountSchema.optional().or(blank),
  })
  .superRefine((v, ctx) => {
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['from'], message: messages.startBeforeEnd(v.from, v.to) });
    else if (dayCount(v.from, v.to) > YEAR_END_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: yearEndMessages.periodTooLong });
  });
export type YearEndRequest = z.input<typeof yearEndRequestSchema>;
export type YearEndFilters = z.output<typeof yearEndRequestSchema>;

const totalSchema = z.object({ currency_code: z.string(), amount: z.number(), receipts: z.number() });
export const yearEndSkippedSchema = z.object({
  supporter_id: z.number(),
  name: z.string(),
  currency_code: z.string(),
  reason: z.enum(YEAR_END_SKIP_REASONS),
  gifts: z.number(),
});
export const yearEndDryRunSchema = z.object({
  from: z.string(),
  to: z.string(),
  receipts: z.number(),
  donors: z.number(),
  gifts: z.number(),
  /** Per currency, never summed across currencies. */
  totals: z.array(totalSchema),
  below_minimum: z.number(),
  /** Every reason, named (an object, not a map, so the API reference lists them). */
  skipped_counts: z.object({ no_contact: z.number(), refunded: z.number(), already_receipted: z.number(), country: z.number() }) satisfies z.ZodType<Record<YearEndSkipReason, number>>,
  skipped_total: z.number(),
  skipped: z.array(yearEndSkippedSchema),
});
export type YearEndDryRun = z.infer<typeof yearEndDryRunSchema>;

export const YEAR_END_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const yearEndRunSchema = z.object({
  id: z.number(),
  status: z.enum(YEAR_END_RUN_STATUSES),
  from: z.string(),
  to: z.string(),
  currency: z.string().nullable(),
  min_amount: z.string().nullable(),
  planned: z.number(),
  issued: z.number(),
  progress: z.number(),
  totals: z.array(totalSchema),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type YearEndRun = z.infer<typeof yearEndRunSchema>;
export const yearEndStartedSchema = z.object({ run: yearEndRunSchema, message: z.string() });

/**
 * The number ledger for auditors: every receipt number that is not on a live receipt — voided,
 * replaced by a revision (`…-R{k}`), or skipped (never given out by its sequence).
 */
export const LEDGER_KINDS = ['skipped', 'void', 'replaced'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const ledgerKindLabels: Record<LedgerKind, string> = { skipped: 'Skipped', void: 'Voided', replaced: 'Replaced by revision' };

export const LEDGER_PAGE_SIZE = 50;
export const ledgerColumns = [
  { key: 'number', label: 'Number', sortable: true, card: 'title' },
  { key: 'kind', label: 'What happened', sortable: true, card: 'status' },
  { key: 'at', label: 'When', sortable: true, card: 'date' },
  { key: 'amount', label: 'Amount', sortable: true, align: 'right', card: 'amount' },
  { key: 'name', label: 'Donor', sortable: true },
  { key: 'detail', label: 'Detail', sortable: false },
] as const satisfies readonly ListingColumn[];
export const LEDGER_DEFAULT_SORT = [{ column: 0, dir: 'asc' as const }];

export const ledgerFiltersSchema = z.object({
  kind: z.enum(LEDGER_KINDS).optional().or(blank),
  from: optionalSpecDate(),
  to: optionalSpecDate(),
});
export type LedgerFilters = z.infer<typeof ledgerFiltersSchema>;
export const ledgerRowSchema = z.looseObject({
  id: z.string(),
  number: z.string(),
  kind: z.enum(LEDGER_KINDS),
  at: z.string().nullable(),
  amount: z.number().nullable(),
  currency_code: z.string().nullable(),
  name: z.string().nullable(),
  detail: z.string().nullable(),
  receipt_id: z.number().nullable(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;
