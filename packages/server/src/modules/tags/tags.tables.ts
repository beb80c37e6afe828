import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TAG_COLOURS } from '@almoner/contracts';
import { inList } from '../../db/columns.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/** Labels staff put on supporters (issue 36 item 7); names are unique whatever their case. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 45 }).notNull(),
    colour: varchar('colour', { length: 10 }).notNull().default('gray'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_unique').on(sql`lower(${t.name})`), check('tags_colour_check', inList(t.colour, TAG_COLOURS))],
);

/**
 * Which supporter holds which tag. Left out of the trigger's trail (audit.sql.ts UNAUDITED): each
 * change is written to the supporter's own history as its list of tags, before → after
 * (tags.history.ts), which is where staff look for it.
 */
export const supporterTags = pgTable(
  'supporter_tags',
  {
    supporterId: integer('supporter_id').notNull().references(() => supporters.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.supporterId, t.tagId] }), index('supporter_tags_tag_idx').on(t.tagId), index('supporter_tags_created_by_idx').on(t.createdBy)],
);
