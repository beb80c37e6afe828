import { SEGMENT_TYPES } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { inList } from '../../db/columns.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';

const tz = { withTimezone: true } as const;

/** text: free text per sponsee; the others pick from segment_items. */
export { SEGMENT_TYPES };

/** Custom fields of sponsorships ("Country", "Project", "Interests" …). */
export const segments = pgTable(
  'segments',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 25 }).notNull().default('text'),
    name: varchar('name', { length: 100 }).notNull(),
    namePlural: varchar('name_plural', { length: 100 }),
    description: text('description'),
    isGeographic: boolean('is_geographic').notNull().default(false),
    sequence: integer('sequence').notNull().default(0),
    showAsFilter: boolean('show_as_filter').notNull().default(true),
    showInDetail: boolean('show_in_detail').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [check('segments_type_check', inList(t.type, SEGMENT_TYPES))],
);

/** The options of an option-list segment. */
export const segmentItems = pgTable(
  'segment_items',
  {
    id: serial('id').primaryKey(),
    segmentId: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    summary: varchar('summary', { length: 2500 }),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    link: varchar('link', { length: 2048 }),
    target: varchar('target', { length: 10 }),
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [index('segment_items_segment_idx').on(t.segmentId, t.sequence)],
);

/** A sponsee's value for a segment: an item for option lists, `value` for text and dates. */
export const sponsorshipSegments = pgTable(
  'sponsorship_segments',
  {
    id: serial('id').primaryKey(),
    sponsorshipId: integer('sponsorship_id')
      .notNull()
      .references(() => sponsorships.id, { onDelete: 'cascade' }),
    segmentId: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    segmentItemId: integer('segment_item_id').references(() => segmentItems.id, { onDelete: 'cascade' }),
    value: text('value'),
  },
  (t) => [
    uniqueIndex('sponsorship_segments_unique').on(t.sponsorshipId, t.segmentId, sql`coalesce(${t.segmentItemId}, 0)`),
    index('sponsorship_segments_filter_idx').on(t.segmentId, t.segmentItemId),
    check('sponsorship_segments_value_check', sql`${t.segmentItemId} is not null or ${t.value} is not null`),
  ],
);
