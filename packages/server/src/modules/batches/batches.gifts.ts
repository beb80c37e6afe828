import { batchMessages as m, posMessages, toMinor, type BatchGift } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { resolveAttribution } from '../campaigns/campaigns.service.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';
import { orderConverter } from '../pos/pos.currency.ts';
import { donationMinimum } from '../pos/pos.items.ts';
import { assertOpen, lockBatch } from './batches.service.ts';

type Row = Record<string, unknown>;

/**
 * The grid's rows: added, corrected and removed while the batch is open. Each is checked as it
 * is keyed (and again when the batch closes), so a refused row changes nothing and says why.
 */

/** A supporter a gift can be entered for: one who exists, is not archived and is not spam. */
export async function checkSupporter(q: Queryable, supporterId: number, field = 'supporter_id'): Promise<void> {
  const [s] = await queryRows(q, sql`
    select id, archived_at, is_spam, is_active,
           coalesce(nullif(display_name, ''), nullif(trim(concat_ws(' ', first_name, last_name)), ''), email, 'Supporter #' || id) as name
      from supporters where id = ${supporterId}`);
  if (!s) throw fieldError(field, m.supporterMissing);
  if (s.is_spam) throw fieldError(field, m.supporterSpam(String(s.name)));
  if (s.archived_at || !s.is_active) throw fieldError(field, m.supporterArchived(String(s.name)));
}

/**
 * Every rule of one row against its batch: the batch's currency, a supporter for a cheque, a
 * cheque number, a received day not in the future, a designation the POS sells and the
 * amount at least its minimum (the POS's own rule and message). Answers the amount in minor units.
 */
export async function checkGift(q: Queryable, batch: Row, v: BatchGift, prefix = ''): Promise<number> {
  const currency = String(batch.currency_code);
  const f = (field: string) => `${prefix}${field}`;
  if (v.currency_code !== undefined && v.currency_code !== currency) throw fieldError(f('currency_code'), m.currencyDiffers(currency));
  if (v.supporter_id !== null) await checkSupporter(q, v.supporter_id, f('supporter_id'));
  else if (v.payment_type === 'check') throw fieldError(f('supporter_id'), m.supporterRequired);
  if (v.payment_type === 'check' && !v.check_number) throw fieldError(f('check_number'), m.checkNumber);
  const [today] = await queryRows(q, sql`select ((now() at time zone ${orgTimeZoneSql})::date)::text as d`);
  if (v.received_on > String(today?.d)) throw fieldError(f('received_on'), m.futureDate);
  const [variant] = await queryRows(q, sql`
    select v.id, v.price_minimum, p.base_currency
      from product_variants v join products p on p.id = v.product_id
     where v.id = ${v.variant_id} and v.is_donation and v.billing_period = 'onetime' and p.show_in_pos and v.deleted_at is null and p.deleted_at is null`);
  if (!variant) throw fieldError(f('variant_id'), m.designationMissing);
  let amount: number;
  try {
    amount = toMinor(v.amount, currency);
  } catch (error) {
    if (error instanceof RangeError) throw fieldError(f('amount'), error.message);
    throw error;
  }
  const converter = await orderConverter(q, currency, new Date());
  const minimum = donationMinimum(converter, variant);
  if (minimum !== null && amount < minimum) throw fieldError(f('amount'), posMessages.amountMinimum(minimum, currency));
  return amount;
}

/** The row's values; the campaign and appeal as resolveAttribution checks them (left out: none). */
const values = async (q: Queryable, v: BatchGift, amount: number) => ({
  ...((await resolveAttribution(q, v)) ?? { campaign_id: null, appeal_id: null }),
  supporter: v.supporter_id,
  amount,
  type: v.payment_type,
  check: v.payment_type === 'check' ? v.check_number : null,
  variant: v.variant_id,
  received: v.received_on,
  note: v.note,
});

export async function addGift(tx: Tx, batchId: number, v: BatchGift): Promise<number> {
  const batch = await lockBatch(tx, batchId);
  assertOpen(batch);
  const amount = await checkGift(tx, batch, v);
  const x = await values(tx, v, amount);
  const [row] = await queryRows(tx, sql`
    insert into gift_batch_gifts (batch_id, position, supporter_id, amount, currency_code, payment_type, check_number, variant_id, received_on, note, campaign_id, appeal_id)
    values (${batchId}, (select coalesce(max(position), 0) + 1 from gift_batch_gifts where batch_id = ${batchId}), ${x.supporter}, ${x.amount},
            ${String(batch.currency_code)}, ${x.type}, ${x.check}, ${x.variant}, ${x.received}, ${x.note}, ${x.campaign_id}, ${x.appeal_id})
    returning id`);
  await touch(tx, batchId);
  return Number(row!.id);
}

export async function updateGift(tx: Tx, batchId: number, giftId: number, v: BatchGift): Promise<void> {
  const batch = await lockBatch(tx, batchId);
  assertOpen(batch);
  await giftOf(tx, batchId, giftId);
  const amount = await checkGift(tx, batch, v);
  const x = await values(tx, v, amount);
  await tx.execute(sql`
    update gift_batch_gifts set supporter_id = ${x.supporter}, amount = ${x.amount}, payment_type = ${x.type}, check_number = ${x.check},
           variant_id = ${x.variant}, received_on = ${x.received}, note = ${x.note}, campaign_id = ${x.campaign_id}, appeal_id = ${x.appeal_id}, updated_at = now()
     where id = ${giftId}`);
  await touch(tx, batchId);
}

export async function removeGift(tx: Tx, batchId: number, giftId: number): Promise<void> {
  const batch = await lockBatch(tx, batchId);
  assertOpen(batch);
  await giftOf(tx, batchId, giftId);
  await tx.execute(sql`delete from gift_batch_gifts where id = ${giftId}`);
  await touch(tx, batchId);
}

async function giftOf(q: Queryable, batchId: number, giftId: number): Promise<Row> {
  const [g] = await queryRows(q, sql`select * from gift_batch_gifts where id = ${giftId} and batch_id = ${batchId}`);
  if (!g) throw new AppError('not_found', m.giftNotFound);
  return g;
}

/** The batch's own updated_at follows its gifts (the list sorts and shows it). */
async function touch(tx: Tx, batchId: number): Promise<void> {
  await tx.execute(sql`update gift_batches set updated_at = now() where id = ${batchId}`);
}
