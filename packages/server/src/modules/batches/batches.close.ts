import { batchDifference, batchMessages as m, posAddItemRequestSchema, posCompleteSchema, posUpdateRequestSchema, toDecimal, type BatchGift } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../db/actor.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { deleteContributions } from '../contributions/contributions.bulk.ts';
import { recordContributionEvents } from '../domain-events/domain-events.service.ts';
import { completeInTransaction, type CompleteDeps } from '../pos/pos.complete.ts';
import { addItem } from '../pos/pos.items.ts';
import { startOrder, updateOrder } from '../pos/pos.orders.ts';
import { checkGift } from './batches.gifts.ts';
import { lockBatch } from './batches.service.ts';

type Row = Record<string, unknown>;
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * Closing a batch posts every gift in it, in the caller's ONE transaction, through the point of
 * sale's own path for a gift paid by cheque or cash (no second way of recording a gift): an order
 * started for the supporter and dated the day the gift was received, the designation's donation
 * line at the typed amount, then the POS completion (payment with the cheque number, receipt by
 * the receipt rules, lifetime giving, `contribution.paid`). Anything refused or failing half-way
 * rolls the whole batch back: nothing is posted and the batch stays open.
 *
 * The batch's row is locked first, so two closes of one batch queue; the second (a double click,
 * a retry after a lost answer) finds it closed and answers the same, posting nothing again.
 */
export async function closeBatch(tx: Tx, deps: CompleteDeps, actor: Actor, id: number): Promise<{ posted: number; already: boolean }> {
  const batch = await lockBatch(tx, id);
  const gifts = await queryRows(tx, sql`select *, amount::bigint as amount_minor from gift_batch_gifts where batch_id = ${id} order by position, id`);
  if (batch.status === 'closed') return { posted: gifts.length, already: true };
  const currency = String(batch.currency_code);
  const entered = gifts.reduce((sum, g) => sum + Number(g.amount_minor), 0);
  const difference = batchDifference({
    currency_code: currency,
    expected: { count: Number(batch.expected_count), total: toDecimal(String(batch.expected_total), currency) },
    entered: { count: gifts.length, total: toDecimal(entered, currency) },
  });
  if (difference) throw new AppError('validation', difference, { batch: [difference] });

  for (const [index, gift] of gifts.entries()) {
    // Checked again: a supporter archived or a fund withdrawn since the row was keyed.
    await checkGift(tx, batch, asInput(gift, currency), `gifts.${index}.`);
    const contributionId = await postGift(tx, deps, actor, currency, gift);
    await tx.execute(sql`update gift_batch_gifts set contribution_id = ${contributionId}, updated_at = now() where id = ${Number(gift.id)}`);
  }
  await tx.execute(sql`update gift_batches set status = 'closed', closed_at = now(), closed_by = ${actor.userId}, updated_at = now() where id = ${id}`);
  return { posted: gifts.length, already: false };
}

function asInput(g: Row, currency: string): BatchGift {
  return {
    supporter_id: g.supporter_id === null ? null : Number(g.supporter_id),
    amount: toDecimal(String(g.amount_minor), currency),
    currency_code: currency,
    payment_type: g.payment_type === 'cash' ? 'cash' : 'check',
    check_number: (g.check_number as string | null) ?? null,
    variant_id: Number(g.variant_id),
    received_on: day(g.received_on),
    note: (g.note as string | null) ?? null,
    campaign_id: g.campaign_id === null ? null : Number(g.campaign_id),
    appeal_id: g.appeal_id === null ? null : Number(g.appeal_id),
  };
}

/** One gift through the POS: start, fill, add the donation, complete by cheque or cash. */
async function postGift(tx: Tx, deps: CompleteDeps, actor: Actor, currency: string, g: Row): Promise<number> {
  const amount = toDecimal(String(g.amount_minor), currency);
  const received = day(g.received_on);
  const orderId = await startOrder(tx, actor, { currency_code: currency, use_defaults: false });
  await updateOrder(tx, orderId, posUpdateRequestSchema.parse({
    ...(g.supporter_id === null ? {} : { member_id: Number(g.supporter_id) }),
    // A named donor's cheque is not an anonymous gift (the POS starts orders anonymous).
    is_anonymous: g.supporter_id === null,
    ordered_at: received,
    comments: (g.note as string | null) ?? null,
    send_confirmation_emails: false,
    // The POS's own crediting (the order carries it onto the contribution).
    campaign_id: g.campaign_id === null ? null : Number(g.campaign_id),
    appeal_id: g.appeal_id === null ? null : Number(g.appeal_id),
  }));
  await addItem(tx, orderId, posAddItemRequestSchema.parse({ variant_id: Number(g.variant_id), qty: 1, amount }));
  const cheque = g.payment_type === 'check';
  await completeInTransaction(tx, deps, actor, orderId, posCompleteSchema.parse({
    payment_type: cheque ? 'check' : 'cash',
    check_number: cheque ? g.check_number : null,
    check_date: cheque ? received : null,
    check_amt: cheque ? amount : 0,
    cash_received: cheque ? 0 : amount,
    cash_change: 0,
    // The batch is thanked by its receipts; confirmation e-mails are for gifts given online or in person.
    send_confirmation_emails: false,
  }));
  return orderId;
}

/**
 * Reopens a closed batch, reversing its posting honestly in the caller's transaction: refused
 * while any of its gifts is on a receipt that is not void (the reason names them); otherwise
 * the posted gifts are deleted through the contributions' own delete (status history "deleted",
 * the audit trail, lifetime giving recomputed, `contribution.deleted`), their cheque and cash
 * payments stay as the money trail as for any deleted gift, and the rows are unlinked so closing
 * again posts them afresh.
 */
export async function reopenBatch(tx: Tx, actor: Actor, id: number): Promise<number> {
  const batch = await lockBatch(tx, id);
  if (batch.status !== 'closed') throw new AppError('conflict', m.alreadyOpen(String(batch.name)));
  const receipts = await queryRows(tx, sql`
    select distinct r.number from tax_receipts r join tax_receipt_lines l on l.tax_receipt_id = r.id
      join gift_batch_gifts g on g.contribution_id = l.contribution_id
     where g.batch_id = ${id} and r.status <> 'void' and r.deleted_at is null order by r.number`);
  if (receipts.length) {
    const message = m.receipted(receipts.map((r) => String(r.number ?? 'draft')));
    throw new AppError('conflict', message);
  }
  const posted = await queryRows(tx, sql`
    select c.id, c.supporter_id from gift_batch_gifts g join contributions c on c.id = g.contribution_id
     where g.batch_id = ${id} and c.deleted_at is null`);
  if (posted.length) {
    const ids = sql`select contribution_id from gift_batch_gifts where batch_id = ${id} and contribution_id is not null`;
    await deleteContributions(tx, actor.userId ?? 0, ids);
    await recordContributionEvents(tx, posted.map((p) => ({ id: Number(p.id), supporter_id: p.supporter_id === null ? null : Number(p.supporter_id) })), { deleted: true });
  }
  await tx.execute(sql`update gift_batch_gifts set contribution_id = null, updated_at = now() where batch_id = ${id}`);
  await tx.execute(sql`update gift_batches set status = 'open', closed_at = null, closed_by = null, updated_at = now() where id = ${id}`);
  return posted.length;
}
