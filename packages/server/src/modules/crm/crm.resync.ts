import { type TransactionAnswer, crmMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { crmEnabled } from './crm.service.ts';
import { ensureSyncRow, syncRecord, toCrmSync, type SyncOutcome } from './crm.sync.ts';

/**
 * POST /jpanel/transactions/{id}/sync_dpo: sends again what the payment paid — each paid
 * contribution's gift and each refund of the payment — and answers the modal's status and message.
 */
export async function resyncTransaction(db: Db, paymentId: number): Promise<TransactionAnswer> {
  const [payment] = await queryRows(db, sql`select id from payments where id = ${paymentId}`);
  if (!payment) throw new AppError('not_found', 'This transaction does not exist.');
  if (!(await crmEnabled(db))) return { status: 'error', message: crmMessages.disabled };
  const contributions = await queryRows(db, sql`
    select c.id from contributions c where c.paid_at is not null and c.deleted_at is null
       and c.id in (select contribution_id from payment_links where payment_id = ${paymentId}) order by c.id`);
  if (!contributions.length) return { status: 'error', message: crmMessages.nothingToSync(paymentId) };
  const refunds = await queryRows(db, sql`select id from refunds where payment_id = ${paymentId} and status = 'succeeded' order by id`);
  const outcomes: SyncOutcome[] = [];
  for (const c of contributions) {
    outcomes.push(await syncRecord(db, (await ensureSyncRow(db, 'gift', Number(c.id))).id, { resync: true }));
    for (const r of refunds) outcomes.push(await syncRecord(db, (await ensureSyncRow(db, 'refund', Number(c.id), Number(r.id))).id, { resync: true }));
  }
  const failed = outcomes.find((o) => !o.ok);
  if (failed) return { status: 'error', message: crmMessages.resyncFailed(paymentId, failed.message ?? crmMessages.unreachable) };
  const gifts = outcomes.filter((o) => o.record.kind === 'gift').map((o) => o.record.gift_id).join(', ');
  const warnings = outcomes.map((o) => o.message).filter((m): m is string => Boolean(m));
  return { status: 'success', message: [crmMessages.resynced(paymentId, gifts), ...warnings].join(' ') };
}

/** The retry action on one record: sends it now (again, if it was synced) and answers the record. */
export async function retrySync(db: Db, id: number) {
  const [row] = await queryRows(db, sql`select * from crm_syncs where id = ${id}`);
  if (!row) throw new AppError('not_found', crmMessages.syncNotFound);
  if (!(await crmEnabled(db))) return { status: 'error' as const, message: crmMessages.disabled, record: toCrmSync(row) };
  const outcome = await syncRecord(db, id, { resync: true });
  if (!outcome.ok) return { status: 'error' as const, message: outcome.message ?? crmMessages.unreachable, record: outcome.record };
  return { status: 'success' as const, message: outcome.message ?? crmMessages.queued, record: outcome.record };
}
