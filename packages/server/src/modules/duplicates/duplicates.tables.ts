import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { supporters } from '../supporters/supporters.tables.ts';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * A pair of supporters the scan thinks may be one person (`supporter_a_id` < `supporter_b_id`).
 * A dismissed pair ("not a duplicate") stays, so later scans never propose it again.
 */
export const duplicateCandidates = pgTable(
  'duplicate_candidates',
  {
    id: serial('id').primaryKey(),
    supporterAId: integer('supporter_a_id').notNull().references(() => supporters.id, { onDelete: 'cascade' }),
    supporterBId: integer('supporter_b_id').notNull().references(() => supporters.id, { onDelete: 'cascade' }),
    /** 0–100: how sure the scan is. */
    score: smallint('score').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    dismissedAt: timestamp('dismissed_at', tz),
    dismissedBy: integer('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('duplicate_candidates_pair_unique').on(t.supporterAId, t.supporterBId),
    index('duplicate_candidates_b_idx').on(t.supporterBId),
    index('duplicate_candidates_score_idx').on(t.score.desc(), t.id),
    check('duplicate_candidates_ordered', sql`${t.supporterAId} < ${t.supporterBId}`),
  ],
);

/** One run of the background scan, with its progress for the screen. */
export const duplicateScans = pgTable('duplicate_scans', {
  id: serial('id').primaryKey(),
  status: varchar('status', { length: 10 }).notNull().default('queued'),
  progress: smallint('progress').notNull().default(0),
  found: integer('found').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', tz),
});

/**
 * A merge and everything needed to undo it: `snapshot.before` / `snapshot.after` hold every row
 * (as `to_jsonb`) of the handled tables that referenced either supporter, before and right after
 * the merge; `snapshot.moved` the ids moved per `table.column`.
 */
export const supporterMerges = pgTable(
  'supporter_merges',
  {
    id: serial('id').primaryKey(),
    winnerId: integer('winner_id').notNull().references(() => supporters.id),
    loserId: integer('loser_id').notNull().references(() => supporters.id),
    snapshot: jsonb('snapshot').$type<MergeSnapshot>().notNull(),
    mergedBy: integer('merged_by').references(() => users.id, { onDelete: 'set null' }),
    mergedAt: timestamp('merged_at', tz).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', tz),
    undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('supporter_merges_winner_idx').on(t.winnerId), index('supporter_merges_loser_idx').on(t.loserId)],
);

export type MergeSnapshot = {
  before: Record<string, unknown[]>;
  after: Record<string, unknown[]>;
  moved: Record<string, number[]>;
};
