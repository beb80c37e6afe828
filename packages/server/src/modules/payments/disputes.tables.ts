import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { inList, money } from '../../db/columns.ts';
import { payments } from './payments.tables.ts';

const tz = { withTimezone: true } as const;

/** open: the card network took the money back until it decides; won: it came back; lost: it is gone. */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * Every dispute (chargeback) a card holder opened against a payment, as its gateway told it. The
 * one source of the disputed figures: contributions.disputed_amount and dispute_status are derived
 * from these rows (disputes.service.ts), never written on their own.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** The gateway's dispute id (dp_… at Stripe). */
    referenceNumber: varchar('reference_number', { length: 100 }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: char('currency_code', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    /** The gateway's reason (fraudulent, product_not_received, general …). */
    reason: varchar('reason', { length: 50 }),
    openedAt: timestamp('opened_at', tz).notNull(),
    closedAt: timestamp('closed_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('payment_disputes_payment_idx').on(t.paymentId),
    uniqueIndex('payment_disputes_reference_unique').on(t.referenceNumber),
    check('payment_disputes_status_check', inList(t.status, DISPUTE_STATUSES)),
    check('payment_disputes_amount_check', sql`${t.amount} > 0`),
  ],
);
