import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * A year-end consolidated receipt run: the period and filter it was asked for, the job that
 * issues it, and how far that job has got. Its receipts point back at it (tax_receipts.year_end_run_id).
 */
export const taxReceiptRuns = pgTable(
  'tax_receipt_runs',
  {
    id: serial('id').primaryKey(),
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    currency: char('currency', { length: 3 }),
    minAmount: numeric('min_amount', { precision: 14, scale: 4 }),
    /** Receipts the dry run promised when the run was started. */
    planned: integer('planned').notNull().default(0),
    issued: integer('issued').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    jobId: uuid('job_id'),
    error: text('error'),
    /** The donors the job left out on its own pass, by reason (they may differ from the dry run's). */
    skipped: jsonb('skipped').$type<Record<string, number>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    startedAt: timestamp('started_at', tz),
    finishedAt: timestamp('finished_at', tz),
  },
  (t) => [
    index('tax_receipt_runs_created_idx').on(t.createdAt.desc()),
    check('tax_receipt_runs_status_check', sql`${t.status} in ('queued', 'running', 'completed', 'failed')`),
    check('tax_receipt_runs_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
    check('tax_receipt_runs_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
