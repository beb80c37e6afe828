import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { MEDIABLE_TYPES } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { inList } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

/**
 * Public files (images, audio, video, documents) in the storage driver at `storage_key`
 * (`{collection}/{filename}`). public_url, thumbnail_url and is_image are derived, not stored.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    /** Plural collection: files | products | sponsorships | timeline | themes … */
    collectionName: varchar('collection_name', { length: 50 }).notNull().default('files'),
    name: varchar('name', { length: 255 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 500 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    caption: varchar('caption', { length: 191 }),
    width: integer('width'),
    height: integer('height'),
    /** Derived renditions (thumbnails) point at their original. */
    parentId: integer('parent_id').references((): AnyPgColumn => media.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_storage_key_unique').on(t.storageKey),
    index('media_collection_idx').on(t.collectionName, t.createdAt.desc(), t.id.desc()),
    index('media_parent_idx').on(t.parentId),
  ],
);

/** Attaches media to any record (products, sponsorships, timeline posts, pages …). */
export const mediables = pgTable(
  'mediables',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    mediableType: varchar('mediable_type', { length: 50 }).notNull(),
    mediableId: integer('mediable_id').notNull(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.mediableType, t.mediableId] }),
    index('mediables_target_idx').on(t.mediableType, t.mediableId, t.sequence),
    check('mediables_type_check', inList(t.mediableType, MEDIABLE_TYPES)),
  ],
);

/**
 * Private downloadable files sold through variants (`product_variants.file_id`); served only
 * through signed URLs. `in_use` is derived: some variant references the file.
 */
export const downloadFiles = pgTable(
  'download_files',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 500 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('download_files_storage_key_unique').on(t.storageKey), index('download_files_filename_idx').on(t.filename)],
);

/**
 * Names handed out by `sign` and not yet finished: a second sign of "logo.png" before the first
 * file arrives gets "logo-2.png". The primary key makes two racing signs take different names;
 * a reservation outlives its signed URL, after which the name is free again.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    storageKey: varchar('storage_key', { length: 500 }).primaryKey(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('upload_reservations_expires_idx').on(t.expiresAt)],
);
