import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { contributions } from '../contributions/contributions.tables.ts';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * The one donor CRM connection. The password and API key are sealed with the app key (as
 * two-factor secrets are) and never leave the server.
 */
export const crmConnection = pgTable('crm_connection', {
  id: smallint('id').primaryKey().default(1),
  provider: varchar('provider', { length: 20 }).notNull().default('sandbox'),
  apiUrl: varchar('api_url', { length: 500 }).notNull().default(''),
  webUrl: varchar('web_url', { length: 500 }).notNull().default(''),
  username: varchar('username', { length: 100 }).notNull().default(''),
  passwordSealed: text('password_sealed'),
  apikeySealed: text('apikey_sealed'),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
}, (t) => [check('crm_connection_single', sql`${t.id} = 1`)]);

/**
 * How each contribution (a gift) and each refund of it reached the donor CRM: exactly one row per
 * gift or refund, so a second delivery of the same event finds the row and does nothing.
 */
export const crmSyncs = pgTable(
  'crm_syncs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10 }).notNull(),
    contributionId: integer('contribution_id').notNull().references(() => contributions.id, { onDelete: 'cascade' }),
    /** The refunds row, for kind refund; 0 for the gift itself (so the unique index holds). */
    refundId: integer('refund_id').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    donorId: varchar('donor_id', { length: 45 }),
    giftId: varchar('gift_id', { length: 45 }),
    /** The CRM's (or the network's) words for the last failure. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', tz),
    syncedAt: timestamp('synced_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_syncs_record_unique').on(t.kind, t.contributionId, t.refundId),
    // A deleted contribution's syncs go with it (cascade): found by this, not by a scan per contribution.
    index('crm_syncs_contribution_idx').on(t.contributionId),
    check('crm_syncs_kind_check', sql`${t.kind} in ('gift', 'refund')`),
    check('crm_syncs_status_check', sql`${t.status} in ('pending', 'sending', 'synced', 'failed')`),
  ],
);

/** Code lists read from the CRM, kept six hours (the incumbent's cache) in the database so every process shares them. */
export const crmCodeCache = pgTable('crm_code_cache', {
  fieldName: varchar('field_name', { length: 40 }).primaryKey(),
  codes: jsonb('codes').$type<{ code: string; description: string }[]>().notNull(),
  fetchedAt: timestamp('fetched_at', tz).notNull().defaultNow(),
});

/**
 * Each run of the donor import (spec part 3 §7 "POST /jpanel/donors/import"): its progress and
 * counts for the user form, and the cursor (last donor id done) a retry after a crash resumes
 * from. Rows are small and few (one per click), so they are kept.
 */
export const crmDonorImports = pgTable(
  'crm_donor_imports',
  {
    id: serial('id').primaryKey(),
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    createLogin: boolean('create_login').notNull().default(false),
    total: integer('total').notNull().default(0),
    read: integer('read').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    logins: integer('logins').notNull().default(0),
    /** The last donor id applied; the next page starts after it. */
    cursor: varchar('cursor', { length: 45 }),
    error: text('error'),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', tz),
  },
  (t) => [check('crm_donor_imports_status_check', sql`${t.status} in ('queued', 'running', 'complete', 'failed')`)],
);
