import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
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
