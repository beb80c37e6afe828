import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { downloadFiles } from '../media/media.tables.ts';
import { productCustomFields } from '../products/products.tables.ts';
import { taxRates } from '../taxes/taxes.tables.ts';
import { contributionItems, contributions } from './contributions.tables.ts';

const tz = { withTimezone: true } as const;

/** Answers to a product's custom fields, per item. */
export const contributionItemFields = pgTable(
  'contribution_item_fields',
  {
    id: serial('id').primaryKey(),
    contributionItemId: integer('contribution_item_id')
      .notNull()
      .references(() => contributionItems.id, { onDelete: 'cascade' }),
    productCustomFieldId: integer('product_custom_field_id').references(() => productCustomFields.id, {
      onDelete: 'set null',
    }),
    value: text('value'),
    originalValue: text('original_value'),
  },
  (t) => [index('contribution_item_fields_item_idx').on(t.contributionItemId)],
);

/** Download grants for bought files; limits copied from the variant at purchase. */
export const contributionItemDownloads = pgTable(
  'contribution_item_downloads',
  {
    id: serial('id').primaryKey(),
    contributionItemId: integer('contribution_item_id')
      .notNull()
      .references(() => contributionItems.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => downloadFiles.id, { onDelete: 'set null' }),
    externalResourceUri: varchar('external_resource_uri', { length: 2048 }),
    grantedAt: timestamp('granted_at', tz).notNull().defaultNow(),
    /** null = never expires. */
    expiresAt: timestamp('expires_at', tz),
    downloadLimit: smallint('download_limit'),
    addressLimit: smallint('address_limit'),
    accessCount: integer('access_count').notNull().default(0),
    addresses: jsonb('addresses').$type<string[]>().notNull().default([]),
  },
  (t) => [index('contribution_item_downloads_item_idx').on(t.contributionItemId)],
);

/**
 * The taxes charged on a contribution, one row per tax and line (item_id null: the tax on
 * shipping). Code and rate are copied so a paid contribution keeps what it was charged.
 */
export const contributionTaxLines = pgTable(
  'contribution_tax_lines',
  {
    id: serial('id').primaryKey(),
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    contributionItemId: integer('contribution_item_id').references(() => contributionItems.id, { onDelete: 'cascade' }),
    taxRateId: integer('tax_rate_id').references(() => taxRates.id, { onDelete: 'set null' }),
    code: varchar('code', { length: 45 }).notNull(),
    rate: numeric('rate', { precision: 7, scale: 4 }).notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('contribution_tax_lines_contribution_idx').on(t.contributionId), index('contribution_tax_lines_item_idx').on(t.contributionItemId)],
);
