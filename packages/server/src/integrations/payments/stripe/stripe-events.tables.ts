import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const tz = { withTimezone: true } as const;

/**
 * Every event Stripe sent to POST /webhooks/stripe whose signature held, once per event id: a
 * second delivery of the same id finds its row and changes nothing. The stripe_event job applies
 * it and sets `processed_at`; `error` says why an event changed nothing (not one of Almoner's
 * payments, a refund larger than what is left), for whoever reads the table.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    /** Stripe's event id (evt_…). */
    id: varchar('id', { length: 255 }).primaryKey(),
    type: varchar('type', { length: 100 }).notNull(),
    /** When Stripe created the event. */
    created: timestamp('created', tz).notNull(),
    receivedAt: timestamp('received_at', tz).notNull().defaultNow(),
    processedAt: timestamp('processed_at', tz),
    /** The event as Stripe signed it. */
    payload: jsonb('payload').notNull(),
    error: text('error'),
  },
  (t) => [index('stripe_events_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`)],
);
