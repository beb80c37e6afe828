import { bigserial, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

export type MailAttachment = { filename: string; contentType: string; storageKey: string };

/** Every e-mail the app sends; the default transport only writes here, staff read it in the app. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Comma-separated addresses. */
    to: text('to_address').notNull(),
    cc: text('cc'),
    bcc: text('bcc'),
    from: varchar('from_address', { length: 255 }),
    subject: varchar('subject', { length: 500 }).notNull(),
    html: text('html'),
    text: text('text'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    sentAt: timestamp('sent_at', tz),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc())],
);
