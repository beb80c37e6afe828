import { type HistoryEntry, contributionItemHistoryFields } from '@almoner/contracts';
import { type SQL, and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
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
  // A gift batch is read and changed with the POS's permission (modules/batches).
  gift_batches: 'pos.edit',
  campaigns: 'campaign.view',
  tax_receipts: 'taxreceipt.view',
  products: 'product.view',
  // A sponsee (sponsorships) and one supporter's sponsorship of one (sponsors).
  sponsorships: 'sponsorship.view',
  sponsors: 'sponsor.view',
  // Roles are part of managing staff: who may see users may see what a role grants and its history.
  roles: 'user.view',
  tribute_types: 'tributetype.edit',
  fundraising_pages: 'fundraisingpages.edit',
  // Membership levels and a supporter's memberships are part of the supporter record.
  memberships: 'member.view',
  supporter_memberships: 'member.view',
} as const satisfies Record<string, string>;
export type HistoryTable = keyof typeof historyTables;

/**
 * Which trail entries make a record's history: its own, and for a contribution also the edits of
 * its lines (fund, tribute), which are rows of their own (contribution_items) but part of the gift.
 */
function historyScope(table: HistoryTable, recordId: string): SQL | undefined {
  const own = and(eq(auditLog.tableName, table), eq(auditLog.recordId, recordId));
  if (table === 'gift_batches' && /^\d{1,10}$/.test(recordId)) return or(own, batchGiftsScope(Number(recordId)));
  if (table === 'campaigns' && /^\d{1,10}$/.test(recordId)) {
    // A campaign's appeals are rows of their own: each added, renamed, recoded or removed one
    // (an insert names its campaign after, a delete before; an update is of an appeal still there).
    return or(own, and(
      eq(auditLog.tableName, 'appeals'),
      or(
        sql`${auditLog.changes}->'campaign_id'->>0 = ${recordId}`,
        sql`${auditLog.changes}->'campaign_id'->>1 = ${recordId}`,
        sql`${auditLog.recordId} in (select id::text from appeals where campaign_id = ${Number(recordId)})`,
      ),
    ));
  }
  if (table === 'users' && /^\d{1,10}$/.test(recordId)) {
    // A user's roles are rows of user_roles, keyed "user:role": each given or taken away.
    return or(own, and(eq(auditLog.tableName, 'user_roles'), sql`${auditLog.recordId} like ${`${recordId}:%`}`));
  }
  if (table !== 'contributions' || !/^\d{1,10}$/.test(recordId)) return own;
  return or(own, and(
    eq(auditLog.tableName, 'contribution_items'),
    eq(auditLog.action, 'update'),
    sql`${auditLog.recordId} in (select id::text from contribution_items where contribution_id = ${Number(recordId)})`,
  ));
}

/**
 * A batch's gift rows: those in it now, and those added to it and since removed (the insert's
 * entry holds the batch_id, as the row itself may be gone).
 */
function batchGiftsScope(batchId: number): SQL | undefined {
  return and(
    eq(auditLog.tableName, 'gift_batch_gifts'),
    or(
      sql`${auditLog.recordId} in (select id::text from gift_batch_gifts where batch_id = ${batchId})`,
      // Rows since removed: every row ever added to the batch, by its insert's entry.
      sql`${auditLog.recordId} in (select a.record_id from audit_log a where a.table_name = 'gift_batch_gifts' and a.changes -> 'batch_id' ->> 1 = ${String(batchId)})`,
    ),
  );
}

/** A batch gift's shown changes, each label naming the gift ("Amount · Gift #12"). */
async function giftChanges(db: Queryable, entries: { id: number; recordId: string; changes: { field: string; before: unknown; after: unknown }[] }[]) {
  const presented = await Promise.all(entries.map((e) => presentChanges(db, 'gift_batch_gifts', e.recordId, [e])));
  return presented.map((p, i) => (p[0] ?? []).map((c) => ({ ...c, label: `${c.label} · Gift #${entries[i]?.recordId ?? ''}` })));
}

/** A line's shown changes, each label naming the line ("Fund (GL code) · General donation"). */
async function lineChanges(db: Queryable, entries: { id: number; recordId: string; changes: { field: string; before: unknown; after: unknown }[] }[]) {
  const shown = entries.map((e) => ({ ...e, changes: e.changes.filter((c) => c.field in contributionItemHistoryFields) }));
  const ids = [...new Set(shown.map((e) => Number(e.recordId)).filter(Number.isInteger))];
  const names = new Map<string, string>();
  if (ids.length) {
    const rows = await queryRows(db, sql`select id::text as id, description from contribution_items where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    for (const row of rows) names.set(String(row.id), String(row.description));
  }
  const presented = await Promise.all(shown.map((e) => presentChanges(db, 'contribution_items', e.recordId, [e])));
  return presented.map((p, i) => (p[0] ?? []).map((c) => ({ ...c, label: `${c.label} · ${names.get(shown[i]?.recordId ?? '') ?? 'line'}` })));
}

/** An appeal's shown changes, each label naming the appeal ("Code · Appeal"). */
async function appealChanges(db: Queryable, entries: { id: number; recordId: string; changes: { field: string; before: unknown; after: unknown }[] }[]) {
  const presented = await Promise.all(entries.map((e) => presentChanges(db, 'appeals', e.recordId, [e])));
  return presented.map((p) => (p[0] ?? []).map((c) => ({ ...c, label: `Appeal ${c.label.toLowerCase()}` })));
}

/** A role given to or taken from a user: "Role given: Finance" (a role is named by the roles catalogue's `role` kind). */
async function userRoleChanges(db: Queryable, entries: { id: number; recordId: string; action: string; changes: { field: string; before: unknown; after: unknown }[] }[]) {
  const shown = entries.map((e) => ({ ...e, changes: e.changes.filter((c) => c.field === 'role_id') }));
  const presented = await Promise.all(shown.map((e) => presentChanges(db, 'user_roles', e.recordId, [e])));
  return presented.map((p, i) => (p[0] ?? []).map((c) => ({ ...c, label: shown[i]?.action === 'delete' ? 'Role taken away' : 'Role given' })));
}

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
      tableName: auditLog.tableName,
      recordId: auditLog.recordId,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(historyScope(table, recordId), before ? lt(auditLog.id, before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const raw = page.map((row) => ({
    id: row.id,
    recordId: row.recordId,
    line: row.tableName === 'contribution_items',
    gift: row.tableName === 'gift_batch_gifts',
    appeal: row.tableName === 'appeals',
    role: row.tableName === 'user_roles',
    action: row.action,
    changes: Object.entries(row.changes as Record<string, [unknown, unknown]>).map(([field, [before, after]]) => ({ field, before, after })),
  }));
  const own = await presentChanges(db, table, recordId, raw.filter((r) => !r.line && !r.gift && !r.appeal && !r.role));
  const lines = await lineChanges(db, raw.filter((r) => r.line));
  const gifts = await giftChanges(db, raw.filter((r) => r.gift));
  const appeals = await appealChanges(db, raw.filter((r) => r.appeal));
  const roles = await userRoleChanges(db, raw.filter((r) => r.role));
  const pick = (r: (typeof raw)[number]) => (r.line ? lines : r.gift ? gifts : r.appeal ? appeals : r.role ? roles : own).shift();
  const changes = raw.map(pick);
  // An update that touched only hidden columns (a sign-in's two-factor step) has nothing to show.
  return {
    data: page.flatMap((row, i) => (row.action === 'update' && !changes[i]?.length ? [] : [{
      id: row.id,
      occurred_at: row.occurredAt.toISOString(),
      // An appeal added to or removed from a campaign is a change of the campaign; a role given or taken, of the user.
      action: (row.tableName === 'appeals' || row.tableName === 'user_roles' ? 'update' : row.action) as HistoryEntry['action'],
      actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? `User #${row.actorId}` },
      ip: row.ip,
      changes: changes[i] ?? [],
    }])),
    next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
