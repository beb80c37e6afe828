import { integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * The built-in billing sandbox's hosted checkout pages: it stands for the billing provider's own
 * servers, so these rows are its state, not Almoner's (Almoner keeps billing_subscriptions).
 */
export const sandboxBillingPages = pgTable('sandbox_billing_pages', {
  // Not `id`: the seeding tools take every `id` column for an integer serial.
  hostedPageId: varchar('hosted_page_id', { length: 70 }).primaryKey(),
  planId: varchar('plan_id', { length: 100 }).notNull(),
  /** created | succeeded | cancelled (Chargebee's hosted page states that the sandbox uses). */
  state: varchar('state', { length: 20 }).notNull().default('created'),
  redirectUrl: text('redirect_url').notNull(),
  subscriptionRef: varchar('subscription_ref', { length: 70 }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', tz).notNull(),
});

/** The organisation's subscriptions to Almoner, one per completed hosted checkout. */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  id: serial('id').primaryKey(),
  provider: varchar('provider', { length: 20 }).notNull(),
  /** The hosted page it came from: completing the same page twice records it once. */
  hostedPageId: varchar('hosted_page_id', { length: 70 }).notNull().unique(),
  subscriptionRef: varchar('subscription_ref', { length: 70 }).notNull(),
  planId: varchar('plan_id', { length: 100 }).notNull(),
  status: varchar('status', { length: 20 }).notNull(),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});
