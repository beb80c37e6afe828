import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { PosDefaults } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { products } from '../products/products.tables.ts';
import { contributions } from '../contributions/contributions.tables.ts';
import { money } from '../../db/columns.ts';

/** Products a staff user pinned to the point-of-sale bookmarks bar. */
export const posBookmarks = pgTable(
  'pos_bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** A staff user's saved starting values for new point-of-sale orders (one row per user). */
export const posDefaults = pgTable('pos_defaults', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<PosDefaults>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A card payment of a point-of-sale order left waiting for the donor's bank (3-D Secure): stored
 * when the gateway answers the challenge, so that a browser closed or crashed mid-challenge
 * does not leave it unknown. The order's next attempt settles it at the gateway first (taken:
 * the order is paid with it; otherwise cancelled and recorded), and recording it in any way
 * (paid, let go of, declined) removes it (pos.pending-intents.ts).
 */
export const posPendingIntents = pgTable(
  'pos_pending_intents',
  {
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    gateway: varchar('gateway', { length: 50 }).notNull(),
    /** The gateway's id of the payment (Stripe's pi_…). */
    reference: varchar('reference', { length: 255 }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.reference] }), index('pos_pending_intents_contribution_idx').on(t.contributionId)],
);
