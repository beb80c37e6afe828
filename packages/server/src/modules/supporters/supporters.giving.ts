import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { KEPT_AMOUNT } from '../contributions/contributions.status.ts';

/**
 * Contributions that count towards a supporter's giving: paid, not test, not spam, not
 * deleted and keeping something (KEPT_AMOUNT: not fully refunded, nor taken back by a dispute
 * open or lost; partial refunds and disputes are not apportioned to items).
 */
export const COUNTED = `c.paid_at is not null and not c.is_test and not c.is_spam and c.deleted_at is null
  and ${KEPT_AMOUNT} > 0`;

/**
 * A contribution item's total in the organisation currency: its share of the contribution's
 * functional total (the same rate, and no currency's decimals to know in SQL). Lifetime giving
 * adds these, so gifts in several currencies add up in one.
 */
export const FUNCTIONAL_ITEM_TOTAL = `(case when c.total_amount = 0 then 0
  else round(i.total::numeric * c.functional_total_amount / c.total_amount) end)`;

/**
 * Recomputes lifetime giving for the supporters behind `contributionIds` (after a contribution
 * is deleted, marked spam or refunded). Supporters left with nothing counted go back to zero.
 */
export async function refreshSupporterGiving(q: Queryable, supporterIdsQuery: SQL): Promise<void> {
  await q.execute(sql`
    with targets as (${supporterIdsQuery}),
    per_contribution as (
      select c.supporter_id, c.paid_at,
             sum(${sql.raw(FUNCTIONAL_ITEM_TOTAL)}) filter (where i.is_donation) as donation,
             sum(${sql.raw(FUNCTIONAL_ITEM_TOTAL)}) filter (where not i.is_donation) as purchase
        from contributions c join contribution_items i on i.contribution_id = c.id
       where c.supporter_id in (select supporter_id from targets) and ${sql.raw(COUNTED)}
       group by c.id, c.supporter_id, c.paid_at
    ), per_supporter as (
      select t.supporter_id,
             coalesce(sum(p.donation), 0) as donation_amount, count(p.donation) as donation_count,
             coalesce(sum(p.purchase), 0) as purchase_amount, count(p.purchase) as purchase_count,
             min(p.paid_at) as first_at, max(p.paid_at) as last_at
        from (select distinct supporter_id from targets where supporter_id is not null) t
        left join per_contribution p on p.supporter_id = t.supporter_id
       group by t.supporter_id
    )
    update supporters s
       set lifetime_donation_amount = p.donation_amount, lifetime_donation_count = p.donation_count,
           lifetime_purchase_amount = p.purchase_amount, lifetime_purchase_count = p.purchase_count,
           first_payment_at = p.first_at, last_payment_at = p.last_at
      from per_supporter p where s.id = p.supporter_id`);
}
