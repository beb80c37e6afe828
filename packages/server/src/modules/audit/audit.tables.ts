import { bigserial, index, inet, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per changed record, written by a database trigger (see audit.sql.ts) so no route can
 * forget it. `changes` maps each field to [before, after]; secret columns are never copied.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorIp: inet('actor_ip'),
    tableName: varchar('table_name', { length: 63 }).notNull(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
    action: varchar('action', { length: 6 }).notNull(),
    changes: jsonb('changes').notNull(),
  },
  (t) => [
    index('audit_log_record_idx').on(t.tableName, t.recordId, t.occurredAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.occurredAt),
    // The audit view's day filter (/jpanel/audit, issue 38 item 5) on the whole trail.
    index('audit_log_occurred_idx').on(t.occurredAt),
  ],
);
