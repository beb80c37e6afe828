import { TIMELINE_PARENT_TYPES, TIMELINE_TAGS } from '@almoner/contracts';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';
import { inList } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

export { TIMELINE_TAGS };

/**
 * Updates posted on a record's timeline (sponsorships today). Attachments are media linked
 * through `mediables` (mediable_type 'timeline_post'); captions live on the media rows.
 */
export const timelinePosts = pgTable(
  'timeline_posts',
  {
    id: serial('id').primaryKey(),
    parentType: varchar('parent_type', { length: 50 }).notNull().default('sponsorship'),
    parentId: integer('parent_id').notNull(),
    headline: varchar('headline', { length: 500 }).notNull(),
    message: varchar('message', { length: 5000 }).notNull(),
    tag: varchar('tag', { length: 500 }).notNull().default('general'),
    postedOn: date('posted_on').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    /** When sponsors were emailed about it (public posts only). */
    sponsorsNotifiedAt: timestamp('sponsors_notified_at', tz),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    index('timeline_posts_parent_idx').on(t.parentType, t.parentId, t.postedOn.desc(), t.id.desc()),
    check('timeline_posts_tag_check', inList(t.tag, TIMELINE_TAGS)),
    check('timeline_posts_parent_type_check', inList(t.parentType, TIMELINE_PARENT_TYPES)),
  ],
);
