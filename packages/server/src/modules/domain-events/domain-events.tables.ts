import { bigserial, integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The outbox: one row per domain event, written in the same transaction as the change it
 * describes, so an event exists if and only if its change was committed.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: varchar('type', { length: 100 }).notNull(),
    version: smallint('version').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The staff member whose action caused it, when there was one. */
    actorId: integer('actor_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No index beyond the key: consumers read events by id (the job names them); nothing asks by
  // type, and every gift writes events (issue 31's index bench: domain_events_type_idx unscanned).
);
