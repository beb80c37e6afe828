import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { contributionItems } from '../contributions/contributions.tables.ts';
import { memberships, supporters } from './supporters.tables.ts';

const tz = { withTimezone: true } as const;

/** A supporter's membership periods (the incumbent's `group_account`). */
export const supporterMemberships = pgTable(
  'supporter_memberships',
  {
    id: serial('id').primaryKey(),
    supporterId: integer('supporter_id')
      .notNull()
      .references(() => supporters.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id),
    startsOn: date('starts_on').notNull(),
    expiresOn: date('expires_on'),
    /** The purchase that granted it; null for imports and manual grants. */
    contributionItemId: integer('contribution_item_id').references((): AnyPgColumn => contributionItems.id, {
      onDelete: 'set null',
    }),
    source: varchar('source', { length: 50 }),
    endReason: varchar('end_reason', { length: 100 }),
    /** Why staff last granted, extended or ended it by hand; the history keeps each one. */
    reason: varchar('reason', { length: 250 }),
    /** When the last renewal reminder was queued for this period. */
    remindedAt: timestamp('reminded_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    index('supporter_memberships_supporter_idx').on(t.supporterId),
    // Deleting an item clears the membership it granted (set null): found by this, not by a scan per item.
    index('supporter_memberships_item_idx').on(t.contributionItemId).where(sql`${t.contributionItemId} is not null`),
    index('supporter_memberships_membership_idx').on(t.membershipId, t.expiresOn),
    check('supporter_memberships_dates', sql`${t.expiresOn} is null or ${t.expiresOn} >= ${t.startsOn}`),
  ],
);
