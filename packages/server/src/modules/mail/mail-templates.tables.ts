import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * Staff's own wording of a donor e-mail (receipt, tribute notice, confirmation), by template
 * key. No row: the built-in wording in mail.templates.ts is used.
 */
export const mailTemplateOverrides = pgTable('mail_templates', {
  key: varchar('key', { length: 40 }).primaryKey(),
  subject: varchar('subject', { length: 500 }).notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});
