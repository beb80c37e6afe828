import { contributionEditMessages as m, formatDate, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';
import { receiptDonorJoinSql, receiptDonorName, receiptDonorSql, reviseReceipt } from '../receipts/receipts.service.ts';

type Row = Record<string, unknown>;
type What = { moved: boolean; dated: boolean };
/** The revised receipt's number and what staff are told about it. */
export type ReceiptFollowed = { number: string; message: string };

const SNAPSHOT = ['name', 'first_name', 'last_name', 'email', 'address_01', 'address_02', 'city', 'state', 'zip', 'country', 'phone'] as const;

/**
 * The gift's live receipt follows a new donor or date, in the edit's transaction. A draft is
 * simply updated; an issued receipt is revised through the receipts module (its previous
 * version frozen, the number -R{k}), never edited in place.
 *
 * A receipt the gift shares with others (a year-end one) keeps the others' donor: a gift given
 * to someone else leaves it, as does one dated outside the period it covers; the receipt is
 * revised without it (its line kept, marked removed) and the gift may have a receipt of its own.
 * A new date inside the period only revises it. Answers null when no issued receipt changed.
 */
export async function followReceipt(tx: Tx, contributionId: number, actorId: number, what: What): Promise<ReceiptFollowed | null> {
  const [receipt] = await queryRows(tx, sql`
    select r.id, r.status, r.number, r.amount, r.currency_code, to_char(r.issued_at at time zone 'UTC', 'YYYY-MM-DD') as issued_day,
           l.id as line_id, l.amount as line_amount, l.description,
           run.period_from::text as period_from, run.period_to::text as period_to,
           (select count(*)::int from tax_receipt_lines o where o.tax_receipt_id = r.id and o.removed_at is null) as lines
      from tax_receipt_lines l join tax_receipts r on r.id = l.tax_receipt_id
      left join tax_receipt_runs run on run.id = r.year_end_run_id
     where l.contribution_id = ${contributionId} and l.live and r.deleted_at is null
       for update of r`);
  if (!receipt) return null;
  const [gift] = await queryRows(tx, sql`
    select ${receiptDonorSql}, c.supporter_id, c.ordered_at,
           to_char((c.ordered_at at time zone ${orgTimeZoneSql})::date, 'YYYY-MM-DD') as local_day
      from contributions c ${receiptDonorJoinSql} where c.id = ${contributionId}`);
  if (!gift) return null;
  if (Number(receipt.lines) > 1) return followSharedReceipt(tx, receipt, gift, actorId, what);

  const receiptId = Number(receipt.id);
  await tx.execute(sql`update tax_receipt_lines set donated_at = ${gift.ordered_at} where id = ${Number(receipt.line_id)}`);
  const snapshot = Object.fromEntries(SNAPSHOT.map((f) => [f, f === 'name' ? receiptDonorName(gift) : ((gift[f] ?? null) as string | null)]));
  if (receipt.status === 'draft') {
    if (what.moved) {
      await tx.execute(sql`update tax_receipts set supporter_id = ${gift.supporter_id}, name = ${snapshot.name}, first_name = ${snapshot.first_name},
        last_name = ${snapshot.last_name}, email = ${snapshot.email}, address_01 = ${snapshot.address_01}, address_02 = ${snapshot.address_02},
        city = ${snapshot.city}, state = ${snapshot.state}, zip = ${snapshot.zip}, country = ${snapshot.country}, phone = ${snapshot.phone},
        updated_at = now() where id = ${receiptId}`);
    }
    return null;
  }
  if (receipt.status !== 'issued') return null;
  const reason = [what.moved ? 'The gift was moved to another supporter.' : '', what.dated ? 'The gift’s date was corrected.' : ''].filter(Boolean).join(' ');
  // The receipt's own fields keep theirs unless the donor changed; its line carries the gift's date.
  const number = await revise(tx, receipt, what.moved ? snapshot : null, Number(receipt.amount), reason, actorId);
  if (what.moved) await tx.execute(sql`update tax_receipts set supporter_id = ${gift.supporter_id} where id = ${receiptId}`);
  return { number, message: m.receiptRevised(number) };
}

/** A receipt of several gifts: the gift leaves it (another donor, a date outside its period) or its date is corrected on it. */
async function followSharedReceipt(tx: Tx, receipt: Row, gift: Row, actorId: number, what: What): Promise<ReceiptFollowed | null> {
  const day = String(gift.local_day);
  const from = receipt.period_from as string | null;
  const to = receipt.period_to as string | null;
  const outside = from !== null && to !== null && (day < from || day > to);
  const named = String(receipt.description);
  const lineId = Number(receipt.line_id);
  if (!what.moved && !outside) {
    await tx.execute(sql`update tax_receipt_lines set donated_at = ${gift.ordered_at} where id = ${lineId}`);
    if (receipt.status !== 'issued') return null;
    const number = await revise(tx, receipt, null, Number(receipt.amount), `The date of ${named} was corrected to ${formatDate(day)}.`, actorId);
    return { number, message: m.receiptRevised(number) };
  }
  // The line stays as what the receipt said; the trigger takes it off the live lines.
  await tx.execute(sql`update tax_receipt_lines set removed_at = now() where id = ${lineId}`);
  const amount = Number(receipt.amount) - Number(receipt.line_amount);
  if (receipt.status !== 'issued') {
    await tx.execute(sql`update tax_receipts set amount = ${amount}, updated_at = now() where id = ${Number(receipt.id)}`);
    return null;
  }
  const reason = what.moved
    ? `${named} was moved to another supporter and is no longer on this receipt.`
    : `${named} is now dated ${formatDate(day)}, outside this receipt’s period (${formatDate(from)} to ${formatDate(to)}), and is no longer on this receipt.`;
  const number = await revise(tx, receipt, null, amount, reason, actorId);
  return { number, message: m.leftSharedReceipt(String(receipt.number), number) };
}

/** Revises an issued receipt with a new amount (minor units) and, if given, a new donor's details; answers its new number. */
async function revise(tx: Tx, receipt: Row, donor: Record<string, string | null> | null, amount: number, reason: string, actorId: number): Promise<string> {
  const receiptId = Number(receipt.id);
  const currency = String(receipt.currency_code);
  const [current] = donor ? [donor] : await queryRows(tx, sql`select ${sql.raw(SNAPSHOT.join(', '))} from tax_receipts where id = ${receiptId}`);
  const revised = await reviseReceipt(tx, receiptId, {
    ...(current as Record<string, string | null>),
    amount: toDecimal(String(amount), currency),
    issued_at: String(receipt.issued_day),
    reason,
  }, actorId);
  return revised.number as string;
}
