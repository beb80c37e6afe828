import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { BILLING_PERIODS, CUSTOM_FIELD_TYPES, SKU_PATTERN, STOCK_REASONS } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { downloadFiles, media } from '../media/media.tables.ts';
import { memberships } from '../supporters/supporters.tables.ts';
import { inList, money } from '../../db/columns.ts';
import { tributeTypes } from '../tributes/tribute-types.tables.ts';

const tz = { withTimezone: true } as const;

export { BILLING_PERIODS, CUSTOM_FIELD_TYPES } from '@almoner/contracts';

/** `{type: single_account | supporters_choice, default_account, designations: [{label, account, is_default}]}` */
export type DesignationOptions = {
  type: 'single_account' | 'supporters_choice';
  default_account: string | null;
  designations: { label: string; account: string; is_default: boolean }[];
};

/** Category tree for the store and the POS browser. */
export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => productCategories.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    urlName: varchar('url_name', { length: 150 }),
    description: text('description'),
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    sequence: integer('sequence').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('product_categories_parent_idx').on(t.parentId, t.sequence)],
);

/** Donation forms, merchandise, memberships, downloads, tickets. Prices live on variants. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** standard | donation_form | template */
    type: varchar('type', { length: 20 }).notNull().default('standard'),
    name: varchar('name', { length: 255 }).notNull(),
    /** SKU: letters, digits and hyphens; unique, soft-deleted products included. */
    code: varchar('code', { length: 45 }).notNull(),
    permalink: varchar('permalink', { length: 255 }),
    summary: text('summary'),
    description: text('description'),
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    showInPos: boolean('show_in_pos').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    outofstockAllow: boolean('outofstock_allow').notNull().default(true),
    outofstockMessage: varchar('outofstock_message', { length: 255 }),
    /** Caps total sales across variants when set (available = limit − sold). */
    limitSales: integer('limit_sales'),
    /** Units sold across variants (sales add, refunds take back): available = limit_sales − sold. */
    soldCount: integer('sold_count').notNull().default(0),
    hideQty: boolean('hide_qty').notNull().default(false),
    hidePrice: boolean('hide_price').notNull().default(false),
    achOnly: boolean('ach_only').notNull().default(false),
    baseCurrency: char('base_currency', { length: 3 }).notNull(),
    publishStartAt: timestamp('publish_start_at', tz),
    publishEndAt: timestamp('publish_end_at', tz),
    goalAmount: money('goal_amount'),
    goalProgressOffset: money('goal_progress_offset').notNull().default(0),
    goalDeadline: date('goal_deadline'),
    designationOptions: jsonb('designation_options').$type<DesignationOptions>(),
    isTaxReceiptable: boolean('is_tax_receiptable').notNull().default(false),
    isDccEnabled: boolean('is_dcc_enabled').notNull().default(false),
    allowTributes: boolean('allow_tributes').notNull().default(false),
    allowTributeNotification: boolean('allow_tribute_notification').notNull().default(false),
    /** natural (charge on the day of purchase) | fixed (a set day of the period) */
    recurringType: varchar('recurring_type', { length: 10 }),
    allowCheckIn: boolean('allow_check_in').notNull().default(false),
    notifyEmail: varchar('notify_email', { length: 255 }),
    altButtonLabel: varchar('alt_button_label', { length: 100 }),
    altButtonUrl: varchar('alt_button_url', { length: 2048 }),
    templateSuffix: varchar('template_suffix', { length: 100 }),
    /** General-ledger account, the fallback of every item's gl_code. */
    glCode: varchar('gl_code', { length: 200 }),
    /** Donor-CRM codes (campaign, solicit, …); keys as in the variant metadata. */
    crmMetadata: jsonb('crm_metadata').$type<Record<string, string>>().notNull().default({}),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('products_code_unique').on(sql`lower(${t.code})`),
    index('products_name_idx').on(sql`lower(${t.name})`),
    index('products_type_idx').on(t.type),
    check('products_type_check', inList(t.type, ['standard', 'donation_form', 'template'])),
    check('products_sold_count_check', sql`${t.soldCount} >= 0`),
  ],
);

export const productCategoryLinks = pgTable(
  'product_category_links',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_category_links_category_idx').on(t.categoryId)],
);

export const productTributeTypes = pgTable(
  'product_tribute_types',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tributeTypeId: integer('tribute_type_id')
      .notNull()
      .references((): AnyPgColumn => tributeTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tributeTypeId] })],
);

/** Every Variant field of spec part 2 §3. Money in minor units of the product's base currency. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantName: varchar('variant_name', { length: 255 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    sequence: integer('sequence').notNull().default(0),
    billingPeriod: varchar('billing_period', { length: 12 }).notNull().default('onetime'),
    totalBillingCycles: integer('total_billing_cycles'),
    billingStartsOn: date('billing_starts_on'),
    billingEndsOn: date('billing_ends_on'),
    /** true: the donor chooses the amount (presets, minimum); false: a fixed price. */
    isDonation: boolean('is_donation').notNull().default(false),
    price: money('price').notNull().default(0),
    salePrice: money('sale_price'),
    cost: money('cost'),
    fairMarketValue: money('fair_market_value'),
    pricePresets: money('price_presets').array(),
    priceMinimum: money('price_minimum'),
    /** metadata.redirects_to: selling this variant sends the buyer to another product. */
    redirectsToProductId: integer('redirects_to_product_id').references((): AnyPgColumn => products.id, {
      onDelete: 'set null',
    }),
    isShippable: boolean('is_shippable').notNull().default(false),
    isShippingFree: boolean('is_shipping_free').notNull().default(false),
    weightLbs: numeric('weight_lbs', { precision: 10, scale: 3 }),
    shippingExpectationThreshold: money('shipping_expectation_threshold'),
    shippingExpectationOver: varchar('shipping_expectation_over', { length: 255 }),
    shippingExpectationUnder: varchar('shipping_expectation_under', { length: 255 }),
    sku: varchar('sku', { length: 25 }),
    barcode: varchar('barcode', { length: 45 }),
    quantity: integer('quantity').notNull().default(0),
    quantityRestock: integer('quantity_restock'),
    quantityModifiedAt: timestamp('quantity_modified_at', tz),
    quantityModifiedBy: integer('quantity_modified_by').references(() => users.id, { onDelete: 'set null' }),
    membershipId: integer('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    /** file (a download_files row) | external (a URI) */
    fileType: varchar('file_type', { length: 10 }),
    fileId: integer('file_id').references(() => downloadFiles.id, { onDelete: 'restrict' }),
    externalResourceUri: varchar('external_resource_uri', { length: 2048 }),
    /** Limits of each download grant; null = unlimited. */
    downloadExpirySeconds: integer('download_expiry_seconds'),
    downloadAddressLimit: smallint('download_address_limit'),
    downloadLimit: smallint('download_limit'),
    fileDescription: text('file_description'),
    /** dp_gl_code, dp_campaign, dp_solicit, dp_subsolicit, dp_ty_letter_no, dp_fair_market_value,
     *  dp_gift_narrative, dp_acknowledgepref, dp_no_calc and custom CRM fields (≤ 200 chars each). */
    crmMetadata: jsonb('crm_metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.sequence),
    // Live variants' SKUs are unique (case-insensitively); a deleted variant gives its SKU up.
    uniqueIndex('product_variants_sku_unique').on(sql`lower(${t.sku})`).where(sql`${t.sku} is not null and ${t.deletedAt} is null`),
    check('product_variants_sku_check', sql`${t.sku} is null or ${t.sku} ~ ${sql.raw(`'${SKU_PATTERN}'`)}`),
    index('product_variants_membership_idx').on(t.membershipId),
    index('product_variants_file_idx').on(t.fileId),
    uniqueIndex('product_variants_one_default').on(t.productId).where(sql`${t.isDefault} and ${t.deletedAt} is null`),
    check('product_variants_billing_period_check', inList(t.billingPeriod, BILLING_PERIODS)),
    check('product_variants_cycles_check', sql`${t.totalBillingCycles} is null or ${t.totalBillingCycles} >= 1`),
    check('product_variants_file_type_check', sql`${t.fileType} is null or ${t.fileType} in ('file', 'external')`),
  ],
);

/** Bundles: buying `variant_id` also adds `quantity` of `linked_variant_id` at `price`. */
export const variantBundles = pgTable(
  'variant_bundles',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    linkedVariantId: integer('linked_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    price: money('price').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.linkedVariantId] })],
);

/** Questions asked when a product is bought; answers in contribution_item_fields. */
export const productCustomFields = pgTable(
  'product_custom_fields',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence').notNull().default(0),
    type: varchar('type', { length: 20 }).notNull().default('text'),
    name: varchar('name', { length: 200 }).notNull(),
    hint: varchar('hint', { length: 200 }),
    isRequired: boolean('is_required').notNull().default(false),
    /** simple: choices came from lines of text (label = value); advanced: structured choices. */
    format: varchar('format', { length: 10 }).notNull().default('simple'),
    choices: jsonb('choices').$type<{ value: string; label: string }[]>().notNull().default([]),
    defaultValue: text('default_value'),
    /** HTML shown by the html type. */
    body: text('body'),
    mapToProductMeta: varchar('map_to_product_meta', { length: 200 }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    index('product_custom_fields_product_idx').on(t.productId, t.sequence),
    check('product_custom_fields_type_check', inList(t.type, CUSTOM_FIELD_TYPES)),
    check('product_custom_fields_format_check', sql`${t.format} in ('simple', 'advanced')`),
    check('product_custom_fields_sequence_check', sql`${t.sequence} between 0 and 999`),
  ],
);

/**
 * Every change of a variant's stock: who, when and why. `quantity_after` is the stock the change
 * left, so the history explains the current quantity line by line.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    note: varchar('note', { length: 255 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sale or refund's contribution, when there is one (no foreign key: contributions import products). */
    contributionId: integer('contribution_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_variant_idx').on(t.variantId, t.id),
    check('stock_movements_reason_check', inList(t.reason, STOCK_REASONS)),
  ],
);
