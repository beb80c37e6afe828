import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';
import { money } from '../../db/columns.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { contributionItems } from '../contributions/contributions.tables.ts';
import { sponsorships } from './sponsorships.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * A supporter sponsoring a sponsee. Start and end are days; active = started on or before today
 * and not ended before today. At most one open (not ended) record per supporter and sponsee.
 */
export const sponsors = pgTable(
  'sponsors',
  {
    id: serial('id').primaryKey(),
    supporterId: integer('supporter_id')
      .notNull()
      .references(() => supporters.id),
    sponsorshipId: integer('sponsorship_id')
      .notNull()
      .references(() => sponsorships.id, { onDelete: 'cascade' }),
    /** The contribution line that started it; null for imports and manual adds. */
    contributionItemId: integer('contribution_item_id').references((): AnyPgColumn => contributionItems.id, {
      onDelete: 'set null',
    }),
    source: varchar('source', { length: 50 }),
    startedAt: date('started_at').notNull(),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    endedAt: date('ended_at'),
    endedBy: integer('ended_by').references(() => users.id, { onDelete: 'set null' }),
    endedReason: varchar('ended_reason', { length: 100 }),
    endedNote: varchar('ended_note', { length: 2500 }),
    lastPaymentAt: timestamp('last_payment_at', tz),
    lastPaymentAmount: money('last_payment_amount'),
    lifetimeAmount: money('lifetime_amount').notNull().default(0),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    index('sponsors_sponsorship_idx').on(t.sponsorshipId),
    index('sponsors_supporter_idx').on(t.supporterId),
    index('sponsors_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('sponsors_item_idx').on(t.contributionItemId),
    uniqueIndex('sponsors_one_open_unique').on(t.supporterId, t.sponsorshipId).where(sql`${t.deletedAt} is null and ${t.endedAt} is null`),
    check('sponsors_end_after_start_check', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);
