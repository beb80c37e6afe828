import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { WEBHOOK_CONTENT_TYPES } from '@almoner/contracts';
import { users } from '../users/users.tables.ts';
import { inList } from '../../db/columns.ts';

const tz = { withTimezone: true } as const;

/** Outgoing webhooks. `secret` is AES-GCM ciphertext; deliveries are signed with the plain value. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    payloadUrl: varchar('payload_url', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 50 }).notNull().default('application/json'),
    events: text('events')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secret: text('secret'),
    active: boolean('active').notNull().default(false),
    /** true = TLS certificates are NOT verified. */
    insecureSsl: boolean('insecure_ssl').notNull().default(false),
    /** Set (with active = false) when deliveries kept failing; cleared when staff switch it back on. */
    disabledAt: timestamp('disabled_at', tz),
    disabledReason: text('disabled_reason'),
    /** Failed tries since the last success; at CIRCUIT_FAILURES the hook's deliveries pause. */
    failuresInARow: integer('failures_in_a_row').notNull().default(0),
    /** Of those, the latest that got no answer within the timeout; at CIRCUIT_TIMEOUTS the hook pauses. */
    timeoutsInARow: integer('timeouts_in_a_row').notNull().default(0),
    /** Set while deliveries are paused (the circuit is open): the next probe is due then. */
    pausedUntil: timestamp('paused_until', tz),
    /** Probes that failed in this pause: each doubles the wait before the next. */
    probeFailures: integer('probe_failures').notNull().default(0),
    /** When the sweeper queued the current probe (so two sweepers never queue two). */
    probeQueuedAt: timestamp('probe_queued_at', tz),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [check('webhooks_content_type_check', inList(t.contentType, WEBHOOK_CONTENT_TYPES))],
);

/**
 * One delivery of one event to one webhook; retries update the row (attempt, next_retry_at)
 * and a redelivery is a new row with the same guid.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    guid: uuid('guid').notNull(),
    event: varchar('event', { length: 50 }).notNull(),
    requestUrl: varchar('request_url', { length: 255 }).notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull().default({}),
    requestBody: text('request_body').notNull(),
    /** -1 when the request never got an answer (DNS, TLS, timeout). */
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    attempt: integer('attempt').notNull().default(1),
    nextRetryAt: timestamp('next_retry_at', tz),
    deliveredAt: timestamp('delivered_at', tz),
    /** Set while the delivery waits, with no job, for its paused hook's probe to succeed. */
    parkedAt: timestamp('parked_at', tz),
    /** Given up: the retry window ran out, or the hook was switched off or deleted meanwhile. */
    failedAt: timestamp('failed_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt.desc()),
    index('webhook_deliveries_guid_idx').on(t.guid),
    index('webhook_deliveries_parked_idx')
      .on(t.webhookId, t.id)
      .where(sql`${t.parkedAt} is not null`),
    index('webhook_deliveries_retry_idx')
      .on(t.nextRetryAt)
      .where(sql`${t.nextRetryAt} is not null`),
  ],
);
