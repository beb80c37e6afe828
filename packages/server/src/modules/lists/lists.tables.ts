import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * One background export of a list: who asked, which list with which fields, and where the file
 * went. It is known outside by its job's id, so the job's progress (job_progress) joins on it.
 */
export const listExports = pgTable(
  'list_exports',
  {
    id: serial('id').primaryKey(),
    jobId: uuid('job_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: varchar('list', { length: 50 }).notNull(),
    params: jsonb('params').notNull(),
    /** waiting | running | done | failed */
    state: varchar('state', { length: 10 }).notNull().default('waiting'),
    rows: integer('rows'),
    storageKey: text('storage_key'),
    filename: varchar('filename', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', tz),
  },
  (t) => [uniqueIndex('list_exports_job_unique').on(t.jobId), index('list_exports_user_idx').on(t.userId, t.createdAt.desc())],
);

/** A staff member's named view of a list (filters, search, sort, hidden columns). */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: varchar('list', { length: 50 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    state: jsonb('state').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_user_list_name_unique').on(t.userId, t.list, t.name)],
);
