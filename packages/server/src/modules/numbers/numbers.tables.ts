import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/** Text-to-give numbers provisioned from the SMS provider; released numbers are kept. */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: serial('id').primaryKey(),
    /** E.164, e.g. +13038970353. */
    identifier: varchar('identifier', { length: 34 }).notNull(),
    /** The national form shown to staff, e.g. 1 (303) 897-0353. */
    shortForm: varchar('short_form', { length: 40 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    areaCode: varchar('area_code', { length: 10 }),
    /** The provider's id for the number (e.g. a Twilio SID). */
    providerReference: varchar('provider_reference', { length: 64 }),
    provisionedBy: integer('provisioned_by').references(() => users.id, { onDelete: 'set null' }),
    releasedAt: timestamp('released_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('phone_numbers_identifier_unique').on(t.identifier).where(sql`${t.releasedAt} is null`),
    index('phone_numbers_type_idx').on(t.type),
    check('phone_numbers_type_check', sql`${t.type} in ('toll_free', 'local')`),
  ],
);
