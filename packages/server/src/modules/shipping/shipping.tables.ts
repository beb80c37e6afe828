import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

/**
 * A way to ship ("Standard", "Express"). Its cost comes from the tier the order's shippable
 * subtotal falls in (`shipping_rates`). A method with no regions ships everywhere; otherwise only
 * to the listed countries (region '' = the whole country) or subdivisions. Where several
 * methods ship, the default one is chosen first, then by priority.
 */
export const shippingMethods = pgTable('shipping_methods', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 45 }),
  isDefault: boolean('is_default').notNull().default(false),
  /** Lower first. */
  priority: integer('priority').notNull().default(0),
  showOnWeb: boolean('show_on_web').notNull().default(true),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', tz),
});

export const shippingMethodRegions = pgTable(
  'shipping_method_regions',
  {
    shippingMethodId: integer('shipping_method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    country: char('country', { length: 2 }).notNull(),
    /** '' for the whole country. */
    region: varchar('region', { length: 10 }).notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.shippingMethodId, t.country, t.region] }),
    index('shipping_method_regions_place_idx').on(t.country, t.region),
  ],
);

/**
 * Bands of the order's shippable subtotal, in minor units of the organisation currency:
 * min_value ≤ subtotal ≤ max_value (no max = and above). Shared by every method.
 */
export const shippingTiers = pgTable(
  'shipping_tiers',
  {
    id: serial('id').primaryKey(),
    minValue: money('min_value').notNull().default(0),
    maxValue: money('max_value'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [check('shipping_tiers_range_check', sql`${t.minValue} >= 0 and (${t.maxValue} is null or ${t.maxValue} >= ${t.minValue})`)],
);

/** What a method costs in a tier (minor units of `currency_code`, the organisation currency). */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    shippingMethodId: integer('shipping_method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    shippingTierId: integer('shipping_tier_id')
      .notNull()
      .references(() => shippingTiers.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shippingMethodId, t.shippingTierId] }),
    check('shipping_rates_amount_check', sql`${t.amount} >= 0`),
  ],
);
