import { formatMoney, moneyMessages, recurringMessages, recurringRecordMessages, toMinor, type RecurringRecordPayment } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { dayInZone } from '../money/money.convert.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { chargeProfile, type RecordedPayment } from './recurring.billing.ts';
import { whyNotCharged, type ChargeNowAnswer } from './recurring.charge.ts';
import { billingDepsFor } from './recurring.job.ts';

const ROW_TYPE: Record<RecurringRecordPayment['payment_type'], RecordedPayment['type']> = { cash: 'cash', check: 'cheque', other: 'unknown' };

/**
 * Staff's "record a payment" (`recurringpaymentprofile.charge`) on a manual profile with no
 * saved method: an instalment the donor paid in cash, by check or otherwise. It is written by
 * the renewal's own path (chargeProfile), so it is the same contribution, payment, recurring
 * transaction, counters, next billing date, receipt and `contribution.paid` as a paid charge of
 * that billing date; asking again for the same date finds it paid and refuses (409).
 */
export async function recordPayment(database: Database, tx: Tx, id: number, input: RecurringRecordPayment): Promise<ChargeNowAnswer> {
  const [p] = await queryRows(tx, sql`select profile_id, currency_code, (amount + dcc_amount + shipping_amount + tax_amount)::bigint as total,
    is_manual, payment_method_id from recurring_payment_profiles where id = ${id} and deleted_at is null`);
  if (!p) throw new AppError('not_found', recurringMessages.notFound);
  const ref = String(p.profile_id);
  if (!p.is_manual || p.payment_method_id !== null) throw new AppError('conflict', recurringRecordMessages.notManual(ref));
  const currency = String(p.currency_code);
  const amount = input.amount === undefined ? Number(p.total) : minorOf(input.amount, currency);
  const { timeZone } = await getOrgMoneySettings(tx);
  const today = dayInZone(new Date(), timeZone);
  const receivedOn = input.received_on ?? today;
  if (receivedOn > today) throw fieldError('received_on', recurringRecordMessages.futureDate);
  const recorded: RecordedPayment = {
    type: ROW_TYPE[input.payment_type],
    amount,
    receivedAt: await receivedAt(tx, receivedOn, today, timeZone),
    chequeNumber: input.payment_type === 'check' ? input.check_number : null,
    chequeDate: input.payment_type === 'check' ? input.check_date : null,
    reference: input.payment_type === 'other' ? input.payment_other_reference : null,
    note: input.payment_type === 'other' ? input.payment_other_note : null,
  };
  const result = await chargeProfile(tx, billingDepsFor(database), id, today, { billingDate: input.billing_date }, recorded);
  if (result.outcome === 'skipped') throw await whyNotCharged(tx, id, input.billing_date);
  return { id, outcome: 'charged', contribution_id: result.contributionId, message: recurringRecordMessages.recorded(ref, formatMoney(amount, currency)) };
}

/** The amount in minor units; more decimals than the currency has, or too large a figure, is refused, not rounded. */
function minorOf(amount: number, currency: string): number {
  try {
    return toMinor(amount, currency);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw fieldError('amount', error.message.includes('decimal') ? error.message : moneyMessages.amount);
  }
}

/** Received today: now. An earlier day: noon of it on the organisation's calendar (the day is what staff know). */
async function receivedAt(tx: Tx, day: string, today: string, timeZone: string): Promise<Date> {
  if (day === today) return new Date();
  const [row] = await queryRows(tx, sql`select ((${day}::date + time '12:00') at time zone ${timeZone}) as at`);
  return new Date(String(row?.at instanceof Date ? row.at.toISOString() : row?.at));
}
