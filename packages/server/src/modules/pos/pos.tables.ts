import { integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import type { PosDefaults } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { products } from '../products/products.tables.ts';

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
