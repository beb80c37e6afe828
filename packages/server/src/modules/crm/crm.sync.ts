import { type CrmSync, crmMessages, formatContributionNumber, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { CrmError, type DonorCrm } from '../../integrations/crm/crm.ts';
import { queryRows } from '../../listing/engine.ts';
import { onceEachEvent, registerBatchConsumer } from '../domain-events/domain-events.service.ts';
import { defineJob, enqueueMany } from '../jobs/jobs.queue.ts';
import { crmFor } from './crm.connection.ts';
import { crmEnabled } from './crm.service.ts';

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export function toCrmSync(r: Row): CrmSync {
  return {
    id: Number(r.id), kind: r.kind as CrmSync['kind'], contribution_id: Number(r.contribution_id),
    refund_id: Number(r.refund_id) > 0 ? Number(r.refund_id) : null, status: r.status as CrmSync['status'],
    donor_id: (r.donor_id as string | null) ?? null, gift_id: (r.gift_id as string | null) ?? null,
    error: (r.error as string | null) ?? null, attempts: Number(r.attempts), synced_at: iso(r.synced_at), updated_at: iso(r.updated_at) as string,
  };
}

/** A send that has not finished in this long is taken to have died with its process. */
const STALE_CLAIM = sql`interval '5 minutes'`;

export type SyncOutcome = { record: CrmSync; ok: boolean; message: string | null; retryable: boolean };

/** The record for a contribution's gift or one of its refunds; made once, whoever asks first. */
export async function ensureSyncRow(q: Queryable, kind: 'gift' | 'refund', contributionId: number, refundId = 0): Promise<{ id: number; created: boolean }> {
  const [made] = await queryRows(q, sql`insert into crm_syncs (kind, contribution_id, refund_id) values (${kind}, ${contributionId}, ${refundId})
                                        on conflict (kind, contribution_id, refund_id) do nothing returning id`);
  if (made) return { id: Number(made.id), created: true };
  const [found] = await queryRows(q, sql`select id from crm_syncs where kind = ${kind} and contribution_id = ${contributionId} and refund_id = ${refundId}`);
  return { id: Number(found?.id), created: false };
}

/**
 * Sends one record to the CRM. A record being sent by someone else, or already synced (unless
 * `resync`), is left alone: claiming it is one UPDATE, so two workers never both send it. A gift
 * carries Almoner's reference, so a send that died after the CRM saved it finds that gift
 * instead of making a second one.
 */
export async function syncRecord(db: Db, id: number, options: { resync: boolean }): Promise<SyncOutcome> {
  const [claimed] = await queryRows(db, sql`
    update crm_syncs set status = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
     where id = ${id} and (status in ('pending', 'failed') or (status = 'synced' and ${options.resync})
                           or (status = 'sending' and claimed_at < now() - ${STALE_CLAIM}))
     returning *`);
  if (!claimed) {
    const [current] = await queryRows(db, sql`select * from crm_syncs where id = ${id}`);
    if (!current) throw new Error(`crm sync ${id} is gone`);
    const record = toCrmSync(current);
    return { record, ok: record.status === 'synced', message: record.status === 'synced' ? null : record.error, retryable: false };
  }
  try {
    const { crm } = await crmFor(db);
    const sent = claimed.kind === 'gift' ? await sendGift(db, crm, claimed) : await sendRefund(db, crm, claimed);
    const [done] = await queryRows(db, sql`
      update crm_syncs set status = 'synced', donor_id = ${sent.donorId}, gift_id = ${sent.giftId}, error = null, claimed_at = null,
             synced_at = now(), updated_at = now() where id = ${id} returning *`);
    return { record: toCrmSync(done as Row), ok: true, message: sent.warning, retryable: false };
  } catch (e) {
    const message = e instanceof CrmError ? e.message : crmMessages.unreachable;
    const [failed] = await queryRows(db, sql`
      update crm_syncs set status = 'failed', error = ${message}, claimed_at = null, updated_at = now() where id = ${id} returning *`);
    if (!(e instanceof CrmError)) throw e;
    return { record: toCrmSync(failed as Row), ok: false, message, retryable: e.kind === 'unreachable' };
  }
}

type Sent = { donorId: string; giftId: string; warning: string | null };

async function loadContribution(db: Db, id: number): Promise<Row> {
  const [c] = await queryRows(db, sql`
    select c.*, s.donor_id as supporter_donor_id, s.first_name as s_first_name, s.last_name as s_last_name, s.email as s_email,
           (select coalesce(nullif(i.gl_code, ''), nullif(i.crm_metadata->>'dp_gl_code', ''), nullif(v.crm_metadata->>'dp_gl_code', ''), '')
              from contribution_items i left join product_variants v on v.id = i.variant_id where i.contribution_id = c.id order by i.id limit 1) as gl_code,
           (select coalesce(nullif(i.crm_metadata->>'dp_campaign', ''), nullif(v.crm_metadata->>'dp_campaign', ''), '')
              from contribution_items i left join product_variants v on v.id = i.variant_id where i.contribution_id = c.id order by i.id limit 1) as campaign,
           (select coalesce(nullif(i.crm_metadata->>'dp_solicit', ''), nullif(v.crm_metadata->>'dp_solicit', ''), '')
              from contribution_items i left join product_variants v on v.id = i.variant_id where i.contribution_id = c.id order by i.id limit 1) as solicit
      from contributions c left join supporters s on s.id = c.supporter_id where c.id = ${id}`);
  if (!c) throw new CrmError('refused', 'The contribution no longer exists.');
  return c;
}

/** The donor the gift belongs to: the supporter's (or guest's) CRM donor, found by email, or made. */
async function donorFor(db: Db, crm: DonorCrm, c: Row): Promise<string> {
  const known = str(c.supporter_donor_id) || str(c.donor_id);
  if (known && /^\d+$/.test(known) && (await crm.findDonor(known))) return known;
  const email = str(c.s_email) || str(c.bill_email);
  const first = str(c.s_first_name) || str(c.bill_first_name);
  const last = str(c.s_last_name) || str(c.bill_last_name) || 'Anonymous';
  const match = email ? (await crm.searchDonors({ firstName: null, lastName: null, email }))[0] : undefined;
  const donorId = match?.donor_id || (await crm.saveDonor({
    donorId: null, firstName: first, lastName: last, email, address: str(c.bill_address_01), city: str(c.bill_city),
    state: str(c.bill_state), zip: str(c.bill_zip), country: str(c.bill_country),
  }));
  if (c.supporter_id !== null) await db.execute(sql`update supporters set donor_id = ${donorId} where id = ${Number(c.supporter_id)} and donor_id is distinct from ${donorId}`);
  return donorId;
}

const day = (v: unknown) => new Date((v ?? Date.now()) as string).toISOString().slice(0, 10);

async function sendGift(db: Db, crm: DonorCrm, row: Row): Promise<Sent> {
  const c = await loadContribution(db, Number(row.contribution_id));
  const donorId = await donorFor(db, crm, c);
  const reference = `ALMONER-C-${str(c.client_uuid)}`;
  const number = formatContributionNumber({ invoice_number: (c.invoice_number as string | null) ?? null, client_uuid: str(c.client_uuid) });
  const previous = str(row.gift_id) || str(c.gift_id).split(',')[0]?.trim() || '';
  let giftId: string | null = null;
  let warning: string | null = null;
  if (previous && /^\d+$/.test(previous)) {
    // Update the gift where the CRM still has it; otherwise a new one, and say so (spec part 2 §5).
    if (await crm.findGift(previous)) giftId = previous;
    else warning = crmMessages.newGiftWarning(previous);
  } else giftId = (await crm.findGiftByReference(reference))?.gift_id || null;
  const saved = await crm.saveGift({
    giftId, donorId, giftDate: day(c.paid_at ?? c.ordered_at), amount: String(toDecimal(String(c.total_amount), str(c.currency_code))),
    glCode: str(c.gl_code), campaign: str(c.campaign), solicitCode: str(c.solicit), reference, narrative: `Almoner contribution #${number}`,
  });
  await db.execute(sql`update contributions set donor_id = ${donorId}, gift_id = ${saved} where id = ${Number(c.id)}`);
  return { donorId, giftId: saved, warning };
}

/** A refund goes to the CRM as a negative gift for the same donor, after the gift itself. */
async function sendRefund(db: Db, crm: DonorCrm, row: Row): Promise<Sent> {
  const contributionId = Number(row.contribution_id);
  const gift = await ensureSyncRow(db, 'gift', contributionId);
  const giftOutcome = await syncRecord(db, gift.id, { resync: false });
  if (!giftOutcome.ok || !giftOutcome.record.donor_id) throw new CrmError('unreachable', crmMessages.giftNotSynced);
  const c = await loadContribution(db, contributionId);
  const [refund] = await queryRows(db, sql`select id, amount, currency_code, created_at from refunds where id = ${Number(row.refund_id)}`);
  if (!refund) throw new CrmError('refused', 'The refund no longer exists.');
  const reference = `ALMONER-R-${Number(refund.id)}`;
  const existing = str(row.gift_id) || (await crm.findGiftByReference(reference))?.gift_id || null;
  const number = formatContributionNumber({ invoice_number: (c.invoice_number as string | null) ?? null, client_uuid: str(c.client_uuid) });
  const saved = await crm.saveGift({
    giftId: existing && (await crm.findGift(existing)) ? existing : null, donorId: giftOutcome.record.donor_id, giftDate: day(refund.created_at),
    // A payment that paid several contributions refunds each at most its own total.
    amount: String(-toDecimal(String(Math.min(Number(refund.amount), Number(c.total_amount))), str(refund.currency_code))), glCode: str(c.gl_code), campaign: str(c.campaign),
    solicitCode: str(c.solicit), reference, narrative: `Refund of Almoner contribution #${number} (gift ${giftOutcome.record.gift_id})`,
  });
  return { donorId: giftOutcome.record.donor_id, giftId: saved, warning: null };
}

/** Background sends: a network failure is tried again with backoff; a refusal waits for staff to retry. */
export const crmSyncJob = defineJob<{ sync_id: number }>({
  name: 'crm_sync_record',
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 300,
  handler: async (run) => {
    const outcome = await syncRecord(run.database.db, run.data.sync_id, { resync: false });
    if (outcome.ok || outcome.record.status === 'sending') return;
    if (!outcome.retryable) await run.giveUp();
    throw new Error('The donor CRM sync failed; see the record for the reason.');
  },
});

/** Events handled per transaction: a bulk change (an import batch) is a few transactions, not one per gift. */
const SYNC_CHUNK = 100;

/**
 * Paid contributions and their refunds go to the CRM while the DP edition is on: one record
 * each (the unique index), queued in the same transaction that notes the event as handled.
 * With the edition off, a chunk of events is noted as handled in one transaction, and nothing else.
 */
registerBatchConsumer('crm_sync', ['contribution.paid', 'contribution.refunded'], SYNC_CHUNK, async (events, run) => {
  await onceEachEvent(run, 'crm_sync', events, async (tx, fresh) => {
    if (!(await crmEnabled(tx))) return;
    const jobs: { sync_id: number }[] = [];
    for (const event of fresh) {
      const refundId = event.type === 'contribution.refunded' ? (event.payload as { refund_id: number }).refund_id : 0;
      const row = await ensureSyncRow(tx, refundId ? 'refund' : 'gift', event.payload.contribution_id, refundId);
      if (row.created) jobs.push({ sync_id: row.id });
    }
    await enqueueMany(tx, crmSyncJob, jobs);
  });
});

export async function syncRecordsOf(db: Queryable, contributionId: number): Promise<CrmSync[]> {
  const rows = await queryRows(db, sql`select * from crm_syncs where contribution_id = ${contributionId} order by refund_id, id`);
  return rows.map(toCrmSync);
}

