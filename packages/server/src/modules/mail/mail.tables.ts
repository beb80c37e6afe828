import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { MAIL_STATUSES, type MailKind, type MailStatus } from '@almoner/contracts';
import { supporters } from '../supporters/supporters.tables.ts';
import { users } from '../users/users.tables.ts';
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
    /** The supporter the message was for, when it was for one: their page lists it. */
    supporterId: integer('supporter_id').references(() => supporters.id, { onDelete: 'set null' }),
    /** What the message is (a receipt, a notice, …); null for messages from before kinds were kept. */
    kind: varchar('kind', { length: 30 }).$type<MailKind>(),
    /** The staff member who sent it by hand (an e-mail from a supporter's page). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    index('mail_outbox_supporter_idx').on(t.supporterId, t.id.desc()),
    index('mail_outbox_created_by_idx').on(t.createdBy),
    check('mail_outbox_status_check', inList(t.status, MAIL_STATUSES)),
  ],
);
