import { contributionNumber, messages, type RefundRun, refundRunMessage } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { forgetListingCounts } from '../../listing/count-cache.ts';
import { queryRows, readListingQuery, whereClause } from '../../listing/engine.ts';
import { refundPayment } from '../payments/refunds.service.ts';
import { cancelHeldRenewalsAfterCommit, heldRenewalsOfProfiles } from '../recurring/recurring.held-renewals.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { changeWithHistory } from './contributions.change.ts';
import { markFulfilment } from './contributions.fulfilment.ts';
import { contributionsListing } from './contributions.listing.ts';

/** The rows a bulk action works on: picked ids, or every row matching the listing's filter. */
export const bulkTargetSchema = z.object({
  ids: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.coerce.number().int().positive().max(2 ** 31 - 1)).max(10_000))
    .optional(),
  all: z.union([z.boolean(), z.enum(['1', 'true'])]).optional(),
});

/** A subquery of contribution ids; 'There are no items selected.' when there is nothing. */
function targetQuery(body: Record<string, unknown>): SQL {
  const target = bulkTargetSchema.parse(body);
  if (target.all === true || target.all === '1' || target.all === 'true') {
    const query = readListingQuery(contributionsListing, body);
    return sql`select c.id from ${contributionsListing.from} where ${whereClause(contributionsListing, query.filters, query.page.search)}`;
  }
  if (!target.ids?.length) throw new AppError('validation', messages.noItemsSelected, { ids: [messages.noItemsSelected] });
  return sql`select c.id from contributions c where c.deleted_at is null and c.id in (${sql.join(target.ids.map((id) => sql`${id}`), sql`, `)})`;
}

/**
 * Fixes the target rows in a temporary table first: the actions change the very columns a
 * filter may test (spam, deleted), so re-reading the filter afterwards would find other rows.
 * Then locks them in id order: parallel actions on the same rows queue up behind each other
 * instead of locking in different orders and deadlocking. Cached counts are forgotten, since
 * the action changes what the filters match.
 */
export async function materialiseTarget(tx: Tx, body: Record<string, unknown>): Promise<SQL> {
  await tx.execute(sql`create temporary table bulk_target on commit drop as ${targetQuery(body)}`);
  await tx.execute(sql`select id from contributions where id in (select id from bulk_target) order by id for update`);
  await forgetListingCounts(tx);
  return sql`select id from bulk_target`;
}

export const batchActions = ['complete', 'incomplete', 'spam', 'spam_and_refund', 'not_spam'] as const;
export type BatchAction = (typeof batchActions)[number];

const count = async (tx: Tx, query: SQL) => Number((await queryRows(tx, sql`select count(*)::int as n from (${query}) t`))[0]?.n ?? 0);

/**
 * Fulfilment and spam marking (incumbent §2.3). Spam also cancels the contributions' active
 * recurring profiles ("Spam/Fraud") and archives supporters whose every gift is spam.
 */
async function runBatch(tx: Tx, actorId: number, action: BatchAction, ids: SQL): Promise<string> {
  const n = await count(tx, ids);
  switch (action) {
    case 'complete':
      return markFulfilment(tx, actorId, ids, 'fulfilled');
    case 'incomplete':
      return markFulfilment(tx, actorId, ids, 'unfulfilled');
    case 'not_spam':
      await changeWithHistory(tx, sql`update contributions set is_spam = false, spam_marked_at = null, spam_marked_by = null, updated_at = now() where id in (${ids}) and is_spam`, 'unmarked_spam', actorId);
      await tx.execute(sql`update supporters set is_spam = false, is_active = true, archived_at = null where id in (select supporter_id from contributions where id in (${ids})) and is_spam`);
      break;
    case 'spam':
    case 'spam_and_refund':
      // Spam & refund refunds after this transaction commits (see refundEach).
      await markSpam(tx, actorId, ids);
      break;
  }
  await refreshSupporterGiving(tx, sql`select supporter_id from contributions where id in (${ids})`);
  return processed(n);
}

const processed = (n: number) => `Successfully processed ${n} ${n === 1 ? 'item' : 'items'}.`;

async function markSpam(tx: Tx, actorId: number, ids: SQL) {
  await changeWithHistory(tx, sql`update contributions set is_spam = true, spam_marked_at = now(), spam_marked_by = ${actorId}, updated_at = now() where id in (${ids}) and not is_spam`, 'marked_spam', actorId);
  // Payments already marked are left alone (and unlocked), so a refund running on one does not wait for this.
  await tx.execute(sql`update payments set is_spam = true where id in (select payment_id from payment_links where contribution_id in (${ids})) and not is_spam`);
  await tx.execute(sql`update recurring_payment_profiles set status = 'Cancelled', cancel_reason = 'Spam/Fraud', cancelled_at = now()
                        where status = 'Active' and id in (select recurring_payment_profile_id from contributions where id in (${ids}))`);
  await tx.execute(sql`update supporters s set is_spam = true, is_active = false, archived_at = now()
                        where s.id in (select supporter_id from contributions where id in (${ids}))
                          and not exists (select 1 from contributions o where o.supporter_id = s.id and not o.is_spam and o.deleted_at is null)`);
}

/**
 * Runs a bulk action on the rows `body` targets, then what it asks of the gateways once the rows
 * are marked (committed), one at a time: spam cancels the renewals its gifts left waiting for the
 * donor's authentication (so nobody confirms them later), and Spam & refund refunds what is left.
 */
export async function runBulkAction(db: Db, actor: Actor, actorId: number, action: BatchAction, body: Record<string, unknown>): Promise<string> {
  const done = await withActor(db, actor, async (tx) => {
    const ids = await materialiseTarget(tx, body);
    const message = await runBatch(tx, actorId, action, ids);
    const spam = action === 'spam' || action === 'spam_and_refund';
    return {
      message,
      held: spam ? await heldRenewalsOfProfiles(tx, sql`select recurring_payment_profile_id from contributions where id in (${ids})`) : [],
      refunds: action === 'spam_and_refund' ? await paymentsToRefund(tx, ids) : [],
    };
  });
  await cancelHeldRenewalsAfterCommit(db, actor, done.held);
  const refunded = done.refunds.length ? await refundEach(db, actor, done.refunds) : '';
  return [done.message, refunded].filter(Boolean).join(' ');
}

type PaymentToRefund = { paymentId: number; contribution: string };

/** The succeeded payments of the rows with something left to refund, in id order. */
async function paymentsToRefund(tx: Tx, ids: SQL): Promise<PaymentToRefund[]> {
  const rows = await queryRows(tx, sql`
    select distinct on (p.id) p.id, c.id as contribution_id
      from payments p join payment_links l on l.payment_id = p.id join contributions c on c.id = l.contribution_id
     where l.contribution_id in (${ids}) and p.status = 'succeeded' and p.amount > p.amount_refunded
     order by p.id, c.id`);
  return rows.map((r) => ({
    paymentId: Number(r.id),
    contribution: contributionNumber(Number(r.contribution_id)),
  }));
}

/**
 * Refunds what is left on each payment through its gateway (refundPayment), each in a
 * transaction of its own: a gateway call never holds the batch's locks, a failure or a crash
 * half-way keeps the refunds already made, and running the action again refunds the rest
 * (the idempotency keys make a repeated call one refund). A payment another request refunded
 * meanwhile is skipped; every payment that could not be refunded is named with the reason.
 */
async function refundEach(db: Db, actor: Actor, payments: PaymentToRefund[]): Promise<string> {
  const run: RefundRun = { refunded: 0, byHand: 0, refused: [] };
  for (const payment of payments) {
    const result = await withActor(db, actor, (tx) => refundPayment(tx, { paymentId: payment.paymentId, reason: 'fraudulent', actorId: actor.userId }));
    if (result.ok) {
      if (result.byHand) run.byHand++;
      else run.refunded++;
    } else if (result.refusal.reason !== 'nothing_left') {
      run.refused.push({ contribution: payment.contribution, refusal: result.refusal });
    }
  }
  return refundRunMessage(run);
}

/** Soft delete: the row leaves every list but its payments and refunds stay (the money trail). */
export async function deleteContributions(tx: Tx, actorId: number, ids: SQL): Promise<string> {
  const n = await count(tx, ids);
  const supporters = sql`select supporter_id from contributions where id in (${ids})`;
  await changeWithHistory(tx, sql`update contributions set deleted_at = now(), deleted_by = ${actorId}, updated_at = now() where id in (${ids})`, 'deleted', actorId);
  await refreshSupporterGiving(tx, supporters);
  return `${n} ${n === 1 ? 'contribution' : 'contributions'} deleted.`;
}

