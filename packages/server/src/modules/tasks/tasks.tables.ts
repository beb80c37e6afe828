import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { supporters } from '../supporters/supporters.tables.ts';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/** Follow-ups on a supporter (issue 36 item 5); audited like every business table. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    supporterId: integer('supporter_id').notNull().references(() => supporters.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    dueOn: date('due_on'),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', tz),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_assigned_open_idx').on(t.assignedTo, t.dueOn).where(sql`${t.completedAt} is null`),
    index('tasks_supporter_idx').on(t.supporterId, t.dueOn),
    index('tasks_completed_by_idx').on(t.completedBy),
    index('tasks_created_by_idx').on(t.createdBy),
  ],
);
