import { COMMENTABLE_TYPES } from '@almoner/contracts';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';
import { inList } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

/** Staff notes on any record (supporters today); visible to every user. Body is HTML. */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    commentableType: varchar('commentable_type', { length: 50 }).notNull(),
    commentableId: integer('commentable_id').notNull(),
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    index('notes_commentable_idx').on(t.commentableType, t.commentableId, t.createdAt.desc()),
    check('notes_commentable_type_check', inList(t.commentableType, COMMENTABLE_TYPES)),
  ],
);
