import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
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
import { downloadFiles } from '../media/media.tables.ts';
import { inList, money } from '../supporters/supporters.tables.ts';
import { productCustomFields, products, productVariants } from '../products/products.tables.ts';
import { RECURRING_FREQUENCIES, sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { fundraisingPages } from '../fundraising/fundraising.tables.ts';
import { tributeTypes } from '../tributes/tributes.tables.ts';
import { contributions } from './contributions.tables.ts';
import { taxRates } from '../taxes/taxes.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * One line of a contribution: a variant, a sponsorship or a gift to a fundraising page.
 * `total` = max(1, qty) × price; snapshots (description, code, is_donation, fair market value)
 * keep history readable after the catalogue changes.
 */
export const contributionItems = pgTable(
  'contribution_items',
  {
    id: serial('id').primaryKey(),
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sponsorshipId: integer('sponsorship_id').references(() => sponsorships.id, { onDelete: 'set null' }),
    fundraisingPageId: integer('fundraising_page_id').references(() => fundraisingPages.id, { onDelete: 'set null' }),
    /** Bundle children are locked to the item that added them. */
    lockedToItemId: integer('locked_to_item_id').references((): AnyPgColumn => contributionItems.id, {
      onDelete: 'restrict',
    }),
    originalVariantId: integer('original_variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    description: varchar('description', { length: 255 }).notNull(),
    code: varchar('code', { length: 45 }),
    qty: integer('qty').notNull().default(1),
    price: money('price').notNull().default(0),
    originalPrice: money('original_price').notNull().default(0),
    /** Sale discount per unit. */
    discount: money('discount').notNull().default(0),
    total: money('total').notNull().default(0),
    fairMarketValue: money('fair_market_value'),
    isDonation: boolean('is_donation').notNull().default(false),
    requiresShipping: boolean('requires_shipping').notNull().default(false),
    promoCode: varchar('promo_code', { length: 15 }),
    glCode: varchar('gl_code', { length: 200 }),
    giftAid: boolean('gift_aid').notNull().default(false),
    ...recurringItemColumns(),
    dccEligible: boolean('dcc_eligible').notNull().default(false),
    dccAmount: money('dcc_amount').notNull().default(0),
    dccRecurringAmount: money('dcc_recurring_amount').notNull().default(0),
    /** Σ of this line's taxes (contribution_tax_lines hold them per tax), kept by the totals engine. */
    taxAmount: money('tax_amount').notNull().default(0),
    ...tributeItemColumns(),
    publicMessage: varchar('public_message', { length: 500 }),
    additionalNotes: text('additional_notes'),
    sponsorshipExpiredAt: timestamp('sponsorship_expired_at', tz),
    sponsorshipExpiredReason: varchar('sponsorship_expired_reason', { length: 100 }),
    crmMetadata: jsonb('crm_metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('contribution_items_contribution_idx').on(t.contributionId),
    index('contribution_items_variant_idx').on(t.variantId),
    index('contribution_items_product_idx').on(t.productId),
    // Deleting items checks that none is locked to them: without this, a scan of every item per item deleted.
    index('contribution_items_locked_to_idx').on(t.lockedToItemId).where(sql`${t.lockedToItemId} is not null`),
    index('contribution_items_sponsorship_idx').on(t.sponsorshipId),
    index('contribution_items_fundraising_idx').on(t.fundraisingPageId),
    check('contribution_items_frequency_check', sql`${t.recurringFrequency} is null or ${inList(t.recurringFrequency, RECURRING_FREQUENCIES)}`),
    check('contribution_items_tribute_notify_check', sql`${t.tributeNotify} is null or ${t.tributeNotify} in ('email', 'letter')`),
  ],
);

function recurringItemColumns() {
  return {
    recurringAmount: money('recurring_amount'),
    recurringFrequency: varchar('recurring_frequency', { length: 12 }),
    recurringDay: smallint('recurring_day'),
    recurringDayOfWeek: smallint('recurring_day_of_week'),
    recurringWithInitialCharge: boolean('recurring_with_initial_charge'),
    recurringCycles: integer('recurring_cycles'),
    recurringStartsOn: date('recurring_starts_on'),
    recurringEndsOn: date('recurring_ends_on'),
  };
}

function tributeItemColumns() {
  return {
    isTribute: boolean('is_tribute').notNull().default(false),
    tributeTypeId: integer('tribute_type_id').references(() => tributeTypes.id, { onDelete: 'set null' }),
    tributeName: varchar('tribute_name', { length: 100 }),
    tributeMessage: varchar('tribute_message', { length: 5000 }),
    tributeNotify: varchar('tribute_notify', { length: 10 }),
    tributeNotifyName: varchar('tribute_notify_name', { length: 100 }),
    tributeNotifyEmail: varchar('tribute_notify_email', { length: 255 }),
    tributeNotifyAddress: varchar('tribute_notify_address', { length: 450 }),
    tributeNotifyCity: varchar('tribute_notify_city', { length: 45 }),
    tributeNotifyState: varchar('tribute_notify_state', { length: 45 }),
    tributeNotifyZip: varchar('tribute_notify_zip', { length: 45 }),
    tributeNotifyCountry: varchar('tribute_notify_country', { length: 2 }),
    tributeNotifyOn: date('tribute_notify_on'),
  };
}

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
