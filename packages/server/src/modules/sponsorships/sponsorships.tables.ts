import { RECURRING_FREQUENCIES } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { media } from '../media/media.tables.ts';
import { inList, money } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

export { RECURRING_FREQUENCIES };

/** A named set of ways to pay for a sponsorship (spec part 2 "payment group"). */
export const paymentOptionGroups = pgTable('payment_option_groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', tz),
});

/**
 * One row of a payment group: fixed or custom amount, one-time or recurring. Weekly and
 * biweekly use recurring_day_of_week (1 Monday … 7 Sunday); the others recurring_day (1–28).
 */
export const paymentOptions = pgTable(
  'payment_options',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => paymentOptionGroups.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    amount: money('amount'),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    isCustom: boolean('is_custom').notNull().default(false),
    isRecurring: boolean('is_recurring').notNull().default(false),
    recurringFrequency: varchar('recurring_frequency', { length: 12 }),
    recurringDay: smallint('recurring_day'),
    recurringDayOfWeek: smallint('recurring_day_of_week'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    index('payment_options_group_idx').on(t.groupId, t.sequence),
    check('payment_options_frequency_check', sql`${t.recurringFrequency} is null or ${inList(t.recurringFrequency, RECURRING_FREQUENCIES)}`),
    check('payment_options_day_check', sql`${t.recurringDay} is null or ${t.recurringDay} between 1 and 28`),
    check('payment_options_dow_check', sql`${t.recurringDayOfWeek} is null or ${t.recurringDayOfWeek} between 1 and 7`),
    check('payment_options_amount_check', sql`${t.isCustom} or ${t.amount} is not null`),
  ],
);

/** Sponsees: the children or projects supporters sponsor. */
export const sponsorships = pgTable(
  'sponsorships',
  {
    id: serial('id').primaryKey(),
    referenceNumber: varchar('reference_number', { length: 25 }).notNull(),
    firstName: varchar('first_name', { length: 45 }),
    lastName: varchar('last_name', { length: 45 }),
    gender: char('gender', { length: 1 }),
    birthDate: date('birth_date'),
    enrollmentDate: date('enrollment_date'),
    biography: text('biography'),
    privateNotes: text('private_notes'),
    /** The sponsee's photo. */
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    paymentOptionGroupId: integer('payment_option_group_id').references(() => paymentOptionGroups.id, {
      onDelete: 'set null',
    }),
    streetNumber: varchar('street_number', { length: 45 }),
    streetName: varchar('street_name', { length: 100 }),
    village: varchar('village', { length: 100 }),
    region: varchar('region', { length: 100 }),
    country: varchar('country', { length: 100 }),
    project: varchar('project', { length: 100 }),
    school: varchar('school', { length: 100 }),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    isEnabled: boolean('is_enabled').notNull().default(false),
    isSponsored: boolean('is_sponsored').notNull().default(false),
    /** When on, is_sponsored follows sponsor_count against the site's sponsors-per-sponsee setting. */
    isSponsoredAuto: boolean('is_sponsored_auto').notNull().default(true),
    sponsorCount: integer('sponsor_count').notNull().default(0),
    glCode: varchar('gl_code', { length: 200 }),
    crmMetadata: jsonb('crm_metadata').$type<Record<string, string>>().notNull().default({}),
    lastTimelineUpdateOn: date('last_timeline_update_on'),
    /**
     * Retired by staff (issue 38 item 2): a sponsee who left the programme takes no new sponsors
     * and is not offered, while their page, sponsors and history stay. Null while in the programme.
     */
    retiredAt: timestamp('retired_at', tz),
    retiredReason: varchar('retired_reason', { length: 250 }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('sponsorships_reference_unique').on(sql`lower(${t.referenceNumber})`).where(sql`${t.deletedAt} is null`),
    index('sponsorships_name_idx').on(t.lastName, t.firstName),
    index('sponsorships_status_idx').on(t.isEnabled, t.isSponsored),
    check('sponsorships_gender_check', sql`${t.gender} is null or ${t.gender} in ('M', 'F')`),
  ],
);
