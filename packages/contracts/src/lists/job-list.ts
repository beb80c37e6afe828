import { z } from 'zod';
import { JOB_FILTERS, JOB_STATES, JOBS_PAGE_SIZE, type JobFilter } from '../jobs.ts';
import type { ListingColumn } from '../listing.ts';
import { optionalSpecDate, text } from '../rules.ts';

/**
 * Background jobs as a server listing (POST /jpanel/jobs.listing, issue 41): saved views, the
 * one-place export and sorting like every other list. GET /jpanel/jobs.json stays.
 */
export const jobListColumns = [
  { key: 'queue', label: 'Job', sortable: true, card: 'title' },
  { key: 'state', label: 'State', sortable: true, card: 'status' },
  { key: 'progress', label: 'Progress', sortable: false },
  { key: 'attempts', label: 'Attempts', sortable: true },
  { key: 'created_at', label: 'Queued', sortable: true, card: 'date' },
  { key: 'completed_at', label: 'Ended', sortable: true, optional: true },
  { key: 'error', label: 'Error', sortable: false },
  { key: 'actions', label: 'Actions', sortable: false },
] as const satisfies readonly ListingColumn[];

/** Newest first. */
export const JOBS_DEFAULT_SORT = [{ column: 4, dir: 'desc' as const }];
export const JOB_LIST_PAGE_SIZE = JOBS_PAGE_SIZE;

const blank = <T extends z.ZodType>(type: T) => type.optional().or(z.literal('').transform(() => undefined));

export const jobListFiltersSchema = z.object({
  /** The page's tabs: running (waiting, retrying or running), failed, finished; none for all. */
  status: blank(z.enum(Object.keys(JOB_FILTERS) as [JobFilter, ...JobFilter[]])),
  /** One kind of job, by its queue name (mail_send, list_export…). */
  queue: blank(text().max(100, { error: 'The job name is too long.' }).regex(/^[a-z0-9_.-]*$/, { error: 'Choose a job.' })),
  from: optionalSpecDate(),
  to: optionalSpecDate(),
});
export type JobListFilters = z.infer<typeof jobListFiltersSchema>;

export const jobListRowSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  progress: z.number().nullable(),
  attempts: z.number(),
  retry_count: z.number(),
  retry_limit: z.number(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type JobListRow = z.infer<typeof jobListRowSchema>;
