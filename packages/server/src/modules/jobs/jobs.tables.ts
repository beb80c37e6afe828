import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/**
 * Effects already done, by key. A job writes its key in the same transaction as its effect, so a
 * retry after a crash (or a second delivery of the same job) finds the key and skips the effect.
 */
export const jobOnceKeys = pgTable('job_once_keys', {
  key: varchar('key', { length: 300 }).primaryKey(),
  jobId: uuid('job_id'),
  doneAt: timestamp('done_at', tz).notNull().defaultNow(),
});

/** How far a running job has got (0–100), so the Background jobs page can show a bar. */
export const jobProgress = pgTable(
  'job_progress',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    percent: integer('percent').notNull().default(0),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('job_progress_updated_idx').on(t.updatedAt)],
);
