import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { inList, money } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';
import { contributions } from './contributions.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * How many live (not deleted) contributions have each status, kept by statement triggers on
 * `contributions` (migration 0013): the listing's total and its status-only counts are exact
 * without counting a million rows. Append-only (one row per status per statement that changes
 * it), so writers never wait on each other; readers add the rows up and fold them now and then.
 */
export const contributionCounts = pgTable('contribution_counts', {
  status: text('status').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** The same list as `contributionEvents` in contracts (a test holds them together), with labels there. */
export const CONTRIBUTION_EVENTS = [
  'created', 'paid', 'payment_pending', 'payment_failed', 'fulfilled', 'unfulfilled', 'refunded', 'partially_refunded', 'refund_failed',
  'marked_spam', 'unmarked_spam', 'deleted', 'restored', 'note', 'confirmation_sent', 'thanked',
  'disputed', 'dispute_won', 'dispute_lost',
] as const;

/** What happened to a contribution and when, for its page's history panel. */
export const contributionStatusHistory = pgTable(
  'contribution_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'restrict' }),
    event: varchar('event', { length: 32 }).notNull(),
    amount: money('amount'),
    note: varchar('note', { length: 500 }),
    occurredAt: timestamp('occurred_at', tz).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contribution_status_history_contribution_idx').on(t.contributionId, t.occurredAt),
    check('contribution_status_history_event_check', inList(t.event, CONTRIBUTION_EVENTS)),
  ],
);
