import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { MAIL_STATUSES, type MailStatus } from '@almoner/contracts';
import { inList } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

/** Small attachments are kept inline (base64) so the outbox shows exactly what was sent. */
export type MailAttachment = { filename: string; contentType: string; size: number; content: string };

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
    /** queued until the send job ran; `stored` when the outbox itself is the transport. */
    status: varchar('status', { length: 20 }).$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The SMTP server's message id, when sent through SMTP. */
    messageId: varchar('message_id', { length: 300 }),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    check('mail_outbox_status_check', inList(t.status, MAIL_STATUSES)),
  ],
);
