import { boolean, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/** "In memory of", "In honour of" …: the labels and the notification templates (Liquid). */
export const tributeTypes = pgTable('tribute_types', {
  id: serial('id').primaryKey(),
  label: varchar('label', { length: 100 }).notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  sequence: integer('sequence').notNull().default(0),
  emailSubject: varchar('email_subject', { length: 255 }),
  emailCc: varchar('email_cc', { length: 255 }),
  emailBcc: varchar('email_bcc', { length: 255 }),
  emailTemplate: text('email_template'),
  letterTemplate: text('letter_template'),
  crmId: varchar('crm_id', { length: 45 }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', tz),
});
