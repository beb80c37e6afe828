import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    handle: varchar('handle', { length: 100 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** Locked themes are managed upstream and cannot be edited here. */
    isLocked: boolean('is_locked').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('themes_handle_unique').on(t.handle)],
);

/**
 * A theme file by path (`key`, e.g. templates/page.liquid). Text files keep their content in
 * `value`; binary files (images, fonts) live in storage at `storage_key`.
 */
export const themeAssets = pgTable(
  'theme_assets',
  {
    id: serial('id').primaryKey(),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    value: text('value'),
    storageKey: varchar('storage_key', { length: 500 }),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    isLocked: boolean('is_locked').notNull().default(false),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('theme_assets_key_unique').on(t.themeId, t.key)],
);

/** Earlier contents of a text asset, one row per save ("Older versions" in the editor). */
export const themeAssetVersions = pgTable(
  'theme_asset_versions',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => themeAssets.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('theme_asset_versions_asset_idx').on(t.assetId, t.createdAt.desc())],
);
