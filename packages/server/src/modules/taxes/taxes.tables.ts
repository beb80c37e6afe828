import { sql } from 'drizzle-orm';
import { char, check, index, integer, numeric, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { products } from '../products/products.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * A sales tax staff set up once ("CA State Tax 7.25 %") and link to the products it applies to.
 * It applies to an order whose tax region (POS: the tax address; web: shipping, else billing)
 * is one of its regions, and — when `city` is set — whose tax city matches it.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 45 }).notNull(),
    description: varchar('description', { length: 255 }),
    /** Percent of the item's total, e.g. 7.2500. */
    rate: numeric('rate', { precision: 7, scale: 4 }).notNull(),
    /** Blank: every city of the regions; otherwise matched case-insensitively. */
    city: varchar('city', { length: 100 }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [check('tax_rates_rate_check', sql`${t.rate} >= 0 and ${t.rate} <= 100`)],
);

/** Where a tax applies: a country and one of its subdivisions (ISO 3166-2 code after the dash). */
export const taxRateRegions = pgTable(
  'tax_rate_regions',
  {
    taxRateId: integer('tax_rate_id')
      .notNull()
      .references(() => taxRates.id, { onDelete: 'cascade' }),
    country: char('country', { length: 2 }).notNull(),
    region: varchar('region', { length: 10 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.taxRateId, t.country, t.region] }), index('tax_rate_regions_place_idx').on(t.country, t.region)],
);

/** The products a tax is charged on. */
export const productTaxRates = pgTable(
  'product_tax_rates',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    taxRateId: integer('tax_rate_id')
      .notNull()
      .references(() => taxRates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.taxRateId] }), index('product_tax_rates_rate_idx').on(t.taxRateId)],
);
