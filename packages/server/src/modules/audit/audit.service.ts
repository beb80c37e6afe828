import type { HistoryEntry } from '@almoner/contracts';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../users/users.tables.ts';
import { presentChanges } from './audit.present.ts';
import { auditLog } from './audit.tables.ts';

/**
 * Which records' histories can be read, and the permission each needs: seeing a record's
 * history is part of seeing the record.
 */
export const historyTables = {
  contributions: 'order.view',
  supporters: 'member.view',
  users: 'user.view',
  settings: 'admin.general',
  recurring_payment_profiles: 'recurringpaymentprofile.view',
} as const satisfies Record<string, string>;
export type HistoryTable = keyof typeof historyTables;

export async function listHistory(
  db: Queryable,
  table: HistoryTable,
  recordId: string,
  { before, limit }: { before?: number | undefined; limit: number },
): Promise<{ data: HistoryEntry[]; next_before: number | null }> {
  const rows = await db
    .select({
      id: auditLog.id,
      occurredAt: auditLog.occurredAt,
      action: auditLog.action,
      actorId: auditLog.actorUserId,
      actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      ip: sql<string | null>`host(${auditLog.actorIp})`,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.tableName, table), eq(auditLog.recordId, recordId), before ? lt(auditLog.id, before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const raw = page.map((row) => ({
    id: row.id,
    changes: Object.entries(row.changes as Record<string, [unknown, unknown]>).map(([field, [before, after]]) => ({ field, before, after })),
  }));
  const changes = await presentChanges(db, table, recordId, raw);
  // An update that touched only hidden columns (a sign-in's two-factor step) has nothing to show.
  return {
    data: page.flatMap((row, i) => (row.action === 'update' && !changes[i]?.length ? [] : [{
      id: row.id,
      occurred_at: row.occurredAt.toISOString(),
      action: row.action as HistoryEntry['action'],
      actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? `User #${row.actorId}` },
      ip: row.ip,
      changes: changes[i] ?? [],
    }])),
    next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
