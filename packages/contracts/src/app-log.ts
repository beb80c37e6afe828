import { z } from 'zod';
import { optionalSpecDate, text } from './rules.ts';

/** The transient log viewer (spec part 2 §1 "A transient log viewer", §3 "Log entry"). */

export const LOG_LEVELS = ['info', 'warning', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_PAGE_SIZE = 50;
/** Entries older than this are pruned; so is anything past the row cap (newest kept). */
export const LOG_KEEP_DAYS = 14;
export const LOG_MAX_ROWS = 5000;
export const LOG_SEARCH_MAX = 100;

export const logMessages = {
  order: 'The end date must be on or after the start date.',
  empty: 'No log entries yet. Errors the application meets (a failed request, a failed background job) appear here for 14 days.',
  noMatch: 'No log entries match these filters.',
} as const;

export const logListQuerySchema = z.object({
  level: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LOG_LEVELS, { error: 'Choose a level from the list.' }).optional()),
  source: z.preprocess((v) => (v === '' ? undefined : v), text().trim().max(LOG_SEARCH_MAX).optional()),
  search: z.preprocess((v) => (v === '' ? undefined : v), text().trim().max(LOG_SEARCH_MAX).optional()),
  /** Days (UTC), both included: entries written on or after `from` and on or before `to`. */
  from: optionalSpecDate(),
  to: optionalSpecDate(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
}).superRefine((value, ctx) => {
  if (value.from && value.to && value.to < value.from) ctx.addIssue({ code: 'custom', message: logMessages.order, path: ['to'] });
});
export type LogListQuery = z.input<typeof logListQuerySchema>;
export type LogListFilter = z.output<typeof logListQuerySchema>;

const fact = z.union([z.string(), z.number(), z.null()]).optional();
export const logContextSchema = z.object({ method: fact, route: fact, error_type: fact, error_code: fact, request_id: fact, queue: fact, job_id: fact, attempt: fact });
export type LogContext = z.infer<typeof logContextSchema>;

export const logEntrySchema = z.object({
  id: z.number(),
  message: z.string(),
  source: z.string(),
  level: z.enum(LOG_LEVELS),
  /** The signed-in user's first and last name when the event happened during their request. */
  user_name: z.string().nullable(),
  ip_address: z.string().nullable(),
  /** Fixed facts only, named here so nothing else can be written or shown. */
  context: logContextSchema,
  created_at: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logListSchema = z.object({
  data: z.array(logEntrySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  sources: z.array(z.string()),
});
export type LogList = z.infer<typeof logListSchema>;
