import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { media } from '../media/media.tables.ts';
import { inList } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

export const FEED_POST_TYPES = ['video', 'audio', 'blog', 'event', 'slide', 'coupon'] as const;

/** A feed ("post type"): a blog, a podcast, a slider … whose posts share one kind of fields. */
export const feeds = pgTable(
  'feeds',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    postType: varchar('post_type', { length: 10 }).notNull().default('blog'),
    urlSlug: varchar('url_slug', { length: 150 }),
    description: text('description'),
    /** Published as a podcast (iTunes-style RSS). */
    isPodcast: boolean('is_podcast').notNull().default(false),
    podcastOptions: jsonb('podcast_options').$type<Record<string, unknown>>().notNull().default({}),
    showSocialShareLinks: boolean('show_social_share_links').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    // A deleted feed gives its slug up.
    uniqueIndex('feeds_url_slug_unique').on(t.urlSlug).where(sql`${t.deletedAt} is null`),
    check('feeds_post_type_check', inList(t.postType, FEED_POST_TYPES)),
  ],
);

/** A post of a feed; `fields` holds what only its post type has (event time, coupon code …). */
export const feedPosts = pgTable(
  'feed_posts',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    urlSlug: varchar('url_slug', { length: 255 }),
    body: text('body'),
    embedCode: text('embed_code'),
    url: varchar('url', { length: 2048 }),
    author: varchar('author', { length: 100 }),
    location: varchar('location', { length: 255 }),
    finePrint: text('fine_print'),
    tags: varchar('tags', { length: 500 }),
    postedAt: timestamp('posted_at', tz),
    expiresAt: timestamp('expires_at', tz),
    isEnabled: boolean('is_enabled').notNull().default(true),
    sequence: integer('sequence').notNull().default(0),
    featuredImageId: integer('featured_image_id').references(() => media.id, { onDelete: 'set null' }),
    altImageId: integer('alt_image_id').references(() => media.id, { onDelete: 'set null' }),
    /** The audio or video file of the post. */
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('feed_posts_feed_idx').on(t.feedId, t.sequence), index('feed_posts_posted_idx').on(t.feedId, t.postedAt.desc())],
);
