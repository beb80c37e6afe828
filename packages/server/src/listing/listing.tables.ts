import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Briefly cached listing counts, shared by every web process (ARCHITECTURE.md: no state in
 * process memory). `key` is a hash of the count statement and its parameters, so a different
 * listing, filter or search — or any row scoping a listing adds to its SQL — is a different row.
 */
export const listingCounts = pgTable('listing_counts', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
