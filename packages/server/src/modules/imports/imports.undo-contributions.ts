import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { contributions } from '../contributions/contributions.tables.ts';
import { recordContributionEvents, recordEvent } from '../domain-events/domain-events.service.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import type { ContributionRowMemo } from './imports.apply-contributions.ts';
import { type StagedRow, UNDO_REFUSED } from './imports.kinds.ts';

const list = (ids: number[]): SQL => sql.join(ids.map((x) => sql`${x}`), sql`, `);

/**
 * Undoes a contributions import (rows newest first): deletes the gifts and payments it created and
 * the supporters it created, and puts back the supporter fields it changed. Refused as a whole
 * when any gift was refunded, receipted, edited or deleted since, when another payment joined
 * it, or when a supporter it created or changed was changed or given anything else since.
 */
export async function undoContributions(tx: Tx, rows: StagedRow[]): Promise<void> {
  const memos = rows.map((r) => ({ row: r, memo: r.previous as ContributionRowMemo }));
  await refuseIfChanged(tx, memos);
  await removeAll(tx, memos);
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
    .where(inArray(contributions.id, ids));
  const giftOf = new Map(gifts.map((g) => [g.id, g]));
  const giftChanged = rows.some((r) => {
    const g = giftOf.get(r.recordId as number);
    return !g || g.deletedAt !== null || Number(g.refunded) > 0 || g.updatedAt.getTime() !== r.recordStamp?.getTime();
  });
  const giftUsed = await queryRows(tx, sql`select 1 from (
      select contribution_id from tax_receipt_lines where contribution_id in (${list(ids)})
      union all select contribution_id from contribution_status_history where contribution_id in (${list(ids)}) and event <> 'paid'
      union all select l.contribution_id from payment_links l join payments p on p.id = l.payment_id
       where l.contribution_id in (${list(ids)}) and (p.id not in (${list(paymentIds)}) or p.amount_refunded > 0)
    ) used limit 1`);

  // Each supporter must be as the newest row that touched it left it.
  const expected = new Map<number, string>();
  for (const { memo } of memos) if (memo.supporter_stamp && !expected.has(memo.supporter_id)) expected.set(memo.supporter_id, memo.supporter_stamp);
  const touchedIds = [...expected.keys()];
  const current = touchedIds.length
    ? await tx.select({ id: supporters.id, updatedAt: supporters.updatedAt }).from(supporters).where(inArray(supporters.id, touchedIds))
    : [];
  const stampOf = new Map(current.map((s) => [s.id, s.updatedAt.getTime()]));
  const supporterChanged = touchedIds.some((id) => stampOf.get(id) !== new Date(expected.get(id) as string).getTime());
  const createdIds = [...new Set(memos.filter((m) => m.memo.supporter_created).map((m) => m.memo.supporter_id))];
  const supporterUsed = createdIds.length
    ? await queryRows(tx, sql`select 1 from (
        select supporter_id from contributions where id not in (${list(ids)})
        union all select supporter_id from payments where id not in (${list(paymentIds)})
        union all select supporter_id from sponsors union all select supporter_id from recurring_payment_profiles
      ) used where supporter_id in (${list(createdIds)}) limit 1`)
    : [];
  if (giftChanged || giftUsed.length || supporterChanged || supporterUsed.length) throw new AppError('conflict', UNDO_REFUSED);
}

/** Deletes the gifts (newest first) and the supporters created; puts back the supporters updated. */
async function removeAll(tx: Tx, memos: Memos): Promise<void> {
  const ids = memos.map((m) => m.row.recordId as number);
  const owners = await queryRows(tx, sql`select id, supporter_id from contributions where id in (${list(ids)}) order by id`);
  await recordContributionEvents(tx, owners.map((o) => ({ id: Number(o.id), supporter_id: o.supporter_id === null ? null : Number(o.supporter_id) })), { deleted: true });
  for (const { row, memo } of memos) {
    const id = row.recordId as number;
    await tx.execute(sql`delete from contribution_status_history where contribution_id = ${id}`);
    await tx.execute(sql`delete from payment_links where contribution_id = ${id}`);
    await tx.execute(sql`delete from payments where id = ${memo.payment_id}`);
    await tx.execute(sql`delete from contribution_items where contribution_id = ${id}`);
    await tx.execute(sql`delete from contributions where id = ${id}`);
    if (memo.supporter_before) {
      const before = { ...memo.supporter_before };
      const updatedAt = new Date(String(before.updatedAt));
      delete before.updatedAt;
      await tx.update(supporters).set({ ...before, updatedAt }).where(sql`${supporters.id} = ${memo.supporter_id}`);
      await recordEvent(tx, 'supporter.updated', { supporter_id: memo.supporter_id, changes: Object.keys(before) });
    }
    if (memo.supporter_created) await tx.delete(supporters).where(sql`${supporters.id} = ${memo.supporter_id}`);
  }
  // The matched supporters that stay: their lifetime giving without the gifts taken away.
  const kept = [...new Set(memos.filter((m) => !m.memo.supporter_created).map((m) => m.memo.supporter_id))];
  if (kept.length) await refreshSupporterGiving(tx, sql`select unnest(array[${list(kept)}]::int[]) as supporter_id`);
}
