import { DISCOUNT_TYPES } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { memberships } from '../supporters/supporters.tables.ts';
import { inList, money } from '../../db/columns.ts';
import { productCategories, products } from '../products/products.tables.ts';

const tz = { withTimezone: true } as const;

export { DISCOUNT_TYPES };

/**
 * Promo codes. Percent types use `discount_percent`; dollar types use `discount_amount` (minor
 * units of `currency_code`). Buy-x-get-y types also use buy_quantity and allocation_limit.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 15 }).notNull(),
    description: varchar('description', { length: 255 }),
    discountType: varchar('discount_type', { length: 12 }).notNull().default('percent'),
    discountPercent: numeric('discount_percent', { precision: 6, scale: 3 }),
    discountAmount: money('discount_amount'),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    startsAt: timestamp('starts_at', tz),
    endsAt: timestamp('ends_at', tz),
    buyQuantity: integer('buy_quantity'),
    allocationLimit: integer('allocation_limit'),
    usageLimit: integer('usage_limit'),
    usageLimitPerAccount: integer('usage_limit_per_account'),
    /** Paid contributions that used the code; kept in step by the service that applies it. */
    usageCount: integer('usage_count').notNull().default(0),
    isFreeShipping: boolean('is_free_shipping').notNull().default(false),
    freeShippingLabel: varchar('free_shipping_label', { length: 25 }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(sql`lower(${t.code})`).where(sql`${t.deletedAt} is null`),
    index('promo_codes_ends_idx').on(t.endsAt),
    check('promo_codes_discount_type_check', inList(t.discountType, DISCOUNT_TYPES)),
    check(
      'promo_codes_discount_check',
      sql`(${t.discountType} in ('percent', 'bxgy_percent') and ${t.discountPercent} between 0 and 100)
        or (${t.discountType} in ('dollar', 'bxgy_dollar') and ${t.discountAmount} >= 0)`,
    ),
  ],
);

/** The products a code applies to (with categories: the union of both). */
export const promoCodeProducts = pgTable(
  'promo_code_products',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.productId] }), index('promo_code_products_product_idx').on(t.productId)],
);

export const promoCodeCategories = pgTable(
  'promo_code_categories',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.categoryId] })],
);

/** Codes restricted to active members of these memberships. */
export const promoCodeMemberships = pgTable(
  'promo_code_memberships',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.membershipId] })],
);
