import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { media } from '../media/media.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { inList, money } from '../../db/columns.ts';
import { products } from '../products/products.tables.ts';

const tz = { withTimezone: true } as const;

export const FUNDRAISING_PAGE_STATUSES = ['draft', 'pending', 'active', 'suspended', 'closed'] as const;

/**
 * Peer-to-peer pages: a supporter raises money for a product (a donation form). Gifts are
 * contribution items with `fundraising_page_id`; amount_raised and donation_count follow them.
 */
export const fundraisingPages = pgTable(
  'fundraising_pages',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    /** Slug of the public URL. */
    url: varchar('url', { length: 255 }).notNull(),
    authorSupporterId: integer('author_supporter_id')
      .notNull()
      .references(() => supporters.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    category: varchar('category', { length: 100 }),
    description: text('description'),
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    videoUrl: varchar('video_url', { length: 2048 }),
    goalAmount: money('goal_amount'),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    amountRaised: money('amount_raised').notNull().default(0),
    donationCount: integer('donation_count').notNull().default(0),
    /** Lifetime page views; the daily series is in fundraising_page_views. */
    views: integer('views').notNull().default(0),
    deadline: date('deadline'),
    /** Chosen by staff to come first where a page is picked (the point of sale's page picker; issue 38 item 4). */
    isFeatured: boolean('is_featured').notNull().default(false),
    activatedAt: timestamp('activated_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('fundraising_pages_url_unique').on(sql`lower(${t.url})`).where(sql`${t.deletedAt} is null`),
    index('fundraising_pages_author_idx').on(t.authorSupporterId),
    index('fundraising_pages_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    check('fundraising_pages_status_check', inList(t.status, FUNDRAISING_PAGE_STATUSES)),
  ],
);

/** Daily views, for the listing's sparkline. */
export const fundraisingPageViews = pgTable(
  'fundraising_page_views',
  {
    fundraisingPageId: integer('fundraising_page_id')
      .notNull()
      .references(() => fundraisingPages.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fundraisingPageId, t.day] })],
);
