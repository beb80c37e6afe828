import { sql } from 'drizzle-orm';
import { char, check, date, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { EXCHANGE_RATE_SOURCES } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * What one unit of `currency_code` is worth in the organisation currency from `effective_on`
 * until the next rate of that currency. Entered by staff or imported; a row in a currency with
 * no rate on or before its date cannot be written (modules/money/money.convert.ts).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    rate: numeric('rate', { precision: 23, scale: 10 }).notNull(),
    effectiveOn: date('effective_on').notNull(),
    /** entered | imported */
    source: varchar('source', { length: 10 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exchange_rates_currency_day_unique').on(t.currencyCode, t.effectiveOn),
    check('exchange_rates_rate_check', sql`${t.rate} > 0`),
    check('exchange_rates_source_check', sql`${t.source} in (${sql.raw(EXCHANGE_RATE_SOURCES.map((s) => `'${s}'`).join(', '))})`),
  ],
);
