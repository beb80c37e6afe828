import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * The transient log viewer's entries (spec part 2 §3 "Log entry"). Bounded: each insert prunes
 * entries past LOG_KEEP_DAYS and past LOG_MAX_ROWS. Context holds only what the writer names
 * (route, status, error type), never request bodies, SQL or parameters.
 */
export const logEntries = pgTable(
  'log_entries',
  {
    id: serial('id').primaryKey(),
    message: varchar('message', { length: 500 }).notNull(),
    source: varchar('source', { length: 100 }).notNull(),
    level: varchar('level', { length: 10 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: varchar('ip_address', { length: 45 }),
    context: jsonb('context').$type<Record<string, string | number | null | undefined>>().notNull().default({}),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('log_entries_created_idx').on(t.createdAt.desc()),
    check('log_entries_level_check', sql`${t.level} in ('info', 'warning', 'error')`),
  ],
);
