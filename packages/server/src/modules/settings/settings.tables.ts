import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Key/value settings (org profile, edition flags, feature switches). Values are JSON. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
