import { formatDate, formatMoney, recurringChangeMessages, recurringMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { dayInZone } from '../money/money.convert.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { chargeProfile } from './recurring.billing.ts';
import { billingDepsFor } from './recurring.job.ts';

export type ChargeNowAnswer = { id: number; outcome: 'charged' | 'declined'; contribution_id: number | null; message: string };

/**
 * Staff's "charge now" (`recurringpaymentprofile.charge`): the period due on `billingDate` is
 * charged at once, exactly as the batch would charge it (same gateway key per period and attempt,
 * same records, the schedule moved on one period). Asking again for the same billing date — a
 * double click, a retry, a batch run in between — finds it charged and refuses (409); a decline
 * is recorded on the profile like the batch's and answered as such.
 */
export async function chargeNow(database: Database, tx: Tx, id: number, billingDate: string): Promise<ChargeNowAnswer> {
  const { timeZone } = await getOrgMoneySettings(tx);
  const result = await chargeProfile(tx, billingDepsFor(database), id, dayInZone(new Date(), timeZone), { billingDate });
  if (result.outcome === 'skipped') throw await whyNotCharged(tx, id, billingDate);
  const [p] = await queryRows(tx, sql`select profile_id from recurring_payment_profiles where id = ${id}`);
  const ref = String(p?.profile_id);
  return {
    id,
    outcome: result.outcome,
    contribution_id: result.contributionId,
    message: result.outcome === 'charged' ? recurringChangeMessages.charged(ref, formatMoney(result.total, String(result.currency))) : recurringChangeMessages.declined(ref, (result.reason ?? 'Declined').replace(/\.$/, '')),
  };
}

/** The refusal that says why a profile was not charged for that date. */
export async function whyNotCharged(tx: Tx, id: number, billingDate: string): Promise<AppError> {
  const [p] = await queryRows(tx, sql`select profile_id, status, is_locked from recurring_payment_profiles where id = ${id} and deleted_at is null`);
  if (!p) return new AppError('not_found', recurringMessages.notFound);
  const ref = String(p.profile_id);
  if (p.is_locked) return new AppError('conflict', recurringMessages.locked(ref));
  if (p.status !== 'Active') return new AppError('conflict', recurringChangeMessages.notChargeable(ref, String(p.status)));
  return new AppError('conflict', recurringChangeMessages.alreadyCharged(ref, formatDate(billingDate)));
}
