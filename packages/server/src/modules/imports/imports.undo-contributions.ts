import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { contributions } from '../contributions/contributions.tables.ts';
import { recordContributionEvents, recordEvents } from '../domain-events/domain-events.service.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { type ContributionRowMemo, intArray, supporterColumnSets } from './imports.contribution-rows.ts';
import { auditImported, type ImportedRecord, withTrailOff } from './imports.audit.ts';
import { type StagedRow, UNDO_REFUSED } from './imports.kinds.ts';

/**
 * Undoes a contributions import (rows newest first): deletes the gifts and payments it created and
 * the supporters it created, and puts back the supporter fields it changed. Refused as a whole
 * when any gift was refunded, receipted, edited or deleted since, when another payment joined
 * it, or when a supporter it created or changed was changed or given anything else since.
 */
export async function undoContributions(tx: Tx, rows: StagedRow[]): Promise<void> {
  if (!rows.length) return;
  const memos = rows.map((r) => ({ row: r, memo: r.previous as ContributionRowMemo }));
  await refuseIfChanged(tx, memos);
  await removeAll(tx, rows[0]?.importId as number, memos);
}

type Memos = { row: StagedRow; memo: ContributionRowMemo }[];

/** AppError('conflict', UNDO_REFUSED) unless every gift and every supporter is as the import left it. */
async function refuseIfChanged(tx: Tx, memos: Memos): Promise<void> {
  const rows = memos.map((m) => m.row);
  const ids = rows.map((r) => r.recordId as number);
  const paymentIds = memos.map((m) => m.memo.payment_id);
  const gifts = await tx
    .select({ id: contributions.id, updatedAt: contributions.updatedAt, refunded: contributions.refundedAmount, deletedAt: contributions.deletedAt })
    .from(contributions)
    .where(sql`${contributions.id} = any(${intArray(ids)})`);
  const giftOf = new Map(gifts.map((g) => [g.id, g]));
  const giftChanged = rows.some((r) => {
    const g = giftOf.get(r.recordId as number);
    return !g || g.deletedAt !== null || Number(g.refunded) > 0 || g.updatedAt.getTime() !== r.recordStamp?.getTime();
  });
  const giftUsed = await queryRows(tx, sql`select 1 from (
      select contribution_id from tax_receipt_lines where contribution_id = any(${intArray(ids)})
      union all select contribution_id from contribution_status_history where contribution_id = any(${intArray(ids)}) and event <> 'paid'
      union all select l.contribution_id from payment_links l join payments p on p.id = l.payment_id
       where l.contribution_id = any(${intArray(ids)}) and (p.amount_refunded > 0 or p.id not in (select unnest(${intArray(paymentIds)})))
    ) used limit 1`);

  // Each supporter must be as the newest row that touched it left it.
  const expected = new Map<number, string>();
  // Only supporters the import created or changed must be untouched since (a supporter it only
  // gave a gift to may have been edited: undo just takes the gift away).
  const owned = new Set(memos.filter((m) => m.memo.supporter_created || m.memo.supporter_before).map((m) => m.memo.supporter_id));
  for (const { memo } of memos) {
    if (memo.supporter_stamp && owned.has(memo.supporter_id) && !expected.has(memo.supporter_id)) expected.set(memo.supporter_id, memo.supporter_stamp);
  }
  const touchedIds = [...expected.keys()];
  const current = touchedIds.length
    ? await tx.select({ id: supporters.id, updatedAt: supporters.updatedAt }).from(supporters).where(sql`${supporters.id} = any(${intArray(touchedIds)})`)
    : [];
  const stampOf = new Map(current.map((s) => [s.id, s.updatedAt.getTime()]));
  const supporterChanged = touchedIds.some((id) => stampOf.get(id) !== new Date(expected.get(id) as string).getTime());
  const createdIds = [...new Set(memos.filter((m) => m.memo.supporter_created).map((m) => m.memo.supporter_id))];
  const supporterUsed = createdIds.length
    ? await queryRows(tx, sql`select 1 from (
        (select id from contributions where supporter_id = any(${intArray(createdIds)}) except select unnest(${intArray(ids)}))
        union all (select id from payments where supporter_id = any(${intArray(createdIds)}) except select unnest(${intArray(paymentIds)}))
        union all select id from sponsors where supporter_id = any(${intArray(createdIds)})
        union all select id from recurring_payment_profiles where supporter_id = any(${intArray(createdIds)})
      ) used limit 1`)
    : [];
  if (giftChanged || giftUsed.length || supporterChanged || supporterUsed.length) throw new AppError('conflict', UNDO_REFUSED);
}

/**
 * Deletes the gifts and the supporters created, a statement per table for the whole import, and
 * puts back the supporters updated. The deleted rows were just found untouched since the import
 * wrote them, so their trail is one brief entry each naming the import row that made them (as
 * their insert's was, imports.audit.ts), not every column again; the supporters put back are
 * audited in full.
 */
async function removeAll(tx: Tx, importId: number, memos: Memos): Promise<void> {
  const ids = memos.map((m) => m.row.recordId as number);
  const rowOf = new Map(memos.map((m) => [m.row.recordId as number, m.row.rowNumber]));
  const owners = await queryRows(tx, sql`select id, supporter_id from contributions where id = any(${intArray(ids)}) order by id`);
  await recordContributionEvents(tx, owners.map((o) => ({ id: Number(o.id), supporter_id: o.supporter_id === null ? null : Number(o.supporter_id) })), { deleted: true });
  const records: ImportedRecord[] = [];
  const deleted = (table: string, rows: Record<string, unknown>[]) => {
    for (const r of rows) records.push({ table, id: Number(r.id), row: rowOf.get(Number(r.contribution_id)) as number });
  };
  const createdIds = [...new Set(memos.filter((m) => m.memo.supporter_created).map((m) => m.memo.supporter_id))];
  await withTrailOff(tx, async () => {
    const removed = (table: string, where: SQL, key = sql`contribution_id`) =>
      queryRows(tx, sql`delete from ${sql.identifier(table)} where ${where} returning id, ${key} as contribution_id`);
    deleted('contribution_status_history', await removed('contribution_status_history', sql`contribution_id = any(${intArray(ids)})`));
    const links = await removed('payment_links', sql`contribution_id = any(${intArray(ids)})`);
    deleted('payment_links', links);
    const paymentOf = new Map(memos.map((m) => [m.memo.payment_id, m.row.recordId as number]));
    const payments = await queryRows(tx, sql`delete from payments where id = any(${intArray([...paymentOf.keys()])}) returning id`);
    deleted('payments', payments.map((p) => ({ id: p.id, contribution_id: paymentOf.get(Number(p.id)) })));
    deleted('contribution_items', await removed('contribution_items', sql`contribution_id = any(${intArray(ids)})`));
    deleted('contributions', await removed('contributions', sql`id = any(${intArray(ids)})`, sql`id`));
  });
  await restoreSupporters(tx, memos);
  if (createdIds.length) {
    const creator = new Map<number, number>();
    for (const m of memos) if (m.memo.supporter_created) creator.set(m.memo.supporter_id, m.row.rowNumber);
    const gone = await withTrailOff(tx, () => queryRows(tx, sql`delete from supporters where id = any(${intArray(createdIds)}) returning id`));
    for (const g of gone) records.push({ table: 'supporters', id: Number(g.id), row: creator.get(Number(g.id)) as number });
  }
  await auditImported(tx, importId, null, records, 'delete');
  // The matched supporters that stay: their lifetime giving without the gifts taken away.
  const kept = [...new Set(memos.filter((m) => !m.memo.supporter_created).map((m) => m.memo.supporter_id))];
  if (kept.length) await refreshSupporterGiving(tx, sql`select unnest(${intArray(kept)}) as supporter_id`);
}

/**
 * Update mode: each supporter the import changed gets back its fields as they were before the
 * import (memos are newest first, so for each column the last memo giving it), in one statement,
 * and one supporter.updated event naming every field put back.
 */
async function restoreSupporters(tx: Tx, memos: Memos): Promise<void> {
  const oldest = new Map<number, { before: Record<string, unknown>; changes: Set<string> }>();
  for (const { memo } of memos) {
    if (!memo.supporter_before || memo.supporter_created) continue;
    const entry = oldest.get(memo.supporter_id) ?? { before: {}, changes: new Set<string>() };
    // Each column as the oldest row that gave it found it (a later row may give other columns).
    entry.before = { ...entry.before, ...memo.supporter_before };
    for (const key of Object.keys(memo.supporter_before)) if (key !== 'updatedAt') entry.changes.add(key);
    oldest.set(memo.supporter_id, entry);
  }
  if (!oldest.size) return;
  const data = [...oldest].map(([id, { before }]) => ({ id, before }));
  await tx.execute(sql`
    update supporters s set ${sql.join(supporterColumnSets('before'), sql`, `)},
           display_name = case when x.before ? 'displayName' then x.before->>'displayName' else s.display_name end,
           updated_at = (x.before->>'updatedAt')::timestamptz
      from (select (e->>'id')::int as id, e->'before' as before from jsonb_array_elements(${JSON.stringify(data)}::jsonb) e) x
     where s.id = x.id`);
  await recordEvents(tx, 'supporter.updated', [...oldest].map(([id, { changes }]) => ({ supporter_id: id, changes: [...changes] })));
}

