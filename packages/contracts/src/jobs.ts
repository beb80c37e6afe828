import { z } from 'zod';
import type { PermissionHolder } from './permissions.ts';

/** pg-boss's job states, in the words the Background jobs page uses. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobStateLabels: Record<JobState, string> = {
  created: 'Waiting',
  retry: 'Waiting to retry',
  active: 'Running',
  completed: 'Finished',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** The page's filter tabs: each groups some states. */
export const JOB_FILTERS = { running: ['created', 'retry', 'active'], failed: ['failed'], finished: ['completed', 'cancelled'] } as const;
export type JobFilter = keyof typeof JOB_FILTERS;

/** Background jobs and the mail outbox hold data from every area: account administrators only. */
export const canManageSystem = (holder: PermissionHolder): boolean => holder.is_account_admin;

export const JOBS_PAGE_SIZE = 25;

export const jobListQuerySchema = z.object({
  filter: z.enum(Object.keys(JOB_FILTERS) as [JobFilter, ...JobFilter[]]).default('running'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export type JobRow = {
  id: string;
  queue: string;
  state: JobState;
  progress: number | null;
  retry_count: number;
  retry_limit: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  error: string | null;
};

export type JobList = { data: JobRow[]; total: number; page: number; page_size: number };

export const jobMessages = {
  retried: 'The job will run again shortly.',
  notFailed: 'Only a failed job can be retried.',
} as const;
