import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/** Requests staff send to the vendor from the app ("Request an Upgrade" and the like). */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** upgrade | help | … */
    kind: varchar('kind', { length: 30 }).notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', tz),
  },
  (t) => [index('support_requests_created_idx').on(t.createdAt.desc())],
);
