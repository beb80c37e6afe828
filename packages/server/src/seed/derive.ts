import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';

// What counts towards giving is defined once, by the production code that keeps it up to date.
import { COUNTED, FUNCTIONAL_ITEM_TOTAL } from '../modules/supporters/supporters.giving.ts';
import { recountSponsorships } from '../modules/sponsorships/sponsors.service.ts';

/**
 * Every stored aggregate, recomputed from the rows it summarises: supporters' lifetime
 * giving, recurring profiles, sponsors and sponsees, fundraising pages, promo usage.
 */
export async function deriveAggregates(q: Queryable): Promise<void> {
  await q.execute(sql.raw(SUPPORTER_GIVING));
  await q.execute(sql.raw(SUPPORTER_FUNDRAISING));
  await q.execute(sql.raw(PROFILES));
  await q.execute(sql.raw(SPONSORS));
  await q.execute(sql.raw(SPONSORSHIPS));
  await recountSponsorships(q);
  await q.execute(sql.raw(PAGES));
  await q.execute(sql.raw(PROMOS));
}

const SUPPORTER_GIVING = `
with per_contribution as (
  select c.supporter_id, c.paid_at,
         sum(${FUNCTIONAL_ITEM_TOTAL}) filter (where i.is_donation) as donation,
         sum(${FUNCTIONAL_ITEM_TOTAL}) filter (where not i.is_donation) as purchase
    from contributions c join contribution_items i on i.contribution_id = c.id
   where c.supporter_id is not null and ${COUNTED}
   group by c.id, c.supporter_id, c.paid_at
), per_supporter as (
  select supporter_id,
         coalesce(sum(donation), 0) as donation_amount, count(donation) as donation_count,
         coalesce(sum(purchase), 0) as purchase_amount, count(purchase) as purchase_count,
         min(paid_at) as first_at, max(paid_at) as last_at
    from per_contribution group by supporter_id
)
update supporters s
   set lifetime_donation_amount = p.donation_amount, lifetime_donation_count = p.donation_count,
       lifetime_purchase_amount = p.purchase_amount, lifetime_purchase_count = p.purchase_count,
       first_payment_at = p.first_at, last_payment_at = p.last_at
  from per_supporter p where s.id = p.supporter_id`;

/** Gifts others made through the supporter's fundraising pages. */
const SUPPORTER_FUNDRAISING = `
update supporters s set lifetime_fundraising_amount = f.amount, lifetime_fundraising_count = f.gifts
  from (select fp.author_supporter_id as id, sum(${FUNCTIONAL_ITEM_TOTAL}) as amount, count(distinct c.id) as gifts
          from fundraising_pages fp
          join contribution_items i on i.fundraising_page_id = fp.id
          join contributions c on c.id = i.contribution_id
         where ${COUNTED} and c.supporter_id is distinct from fp.author_supporter_id
         group by fp.author_supporter_id) f
 where s.id = f.id`;

const PROFILES = `
update recurring_payment_profiles p
   set num_cycles_completed = a.paid, aggregate_amount = a.net, last_payment_at = a.last_at, last_payment_amount = a.last_amount
  from (select recurring_payment_profile_id as id,
               count(*) filter (where paid_at is not null) as paid,
               coalesce(sum(total_amount - refunded_amount) filter (where paid_at is not null), 0) as net,
               max(paid_at) as last_at,
               (array_agg(total_amount order by paid_at desc) filter (where paid_at is not null))[1] as last_amount
          from contributions
         where recurring_payment_profile_id is not null and deleted_at is null
         group by recurring_payment_profile_id) a
 where p.id = a.id`;

const SPONSORS = `
update sponsors s set lifetime_amount = p.aggregate_amount, last_payment_at = p.last_payment_at, last_payment_amount = p.last_payment_amount
  from recurring_payment_profiles p where p.contribution_item_id = s.contribution_item_id`;

/** Sponsor counts and the sponsored status come from the production recount (sponsors.service). */
const SPONSORSHIPS = `
update sponsorships sp
   set last_timeline_update_on = (select max(posted_on) from timeline_posts t
                                   where t.parent_type = 'sponsorship' and t.parent_id = sp.id and not t.is_private and t.deleted_at is null)`;

const PAGES = `
update fundraising_pages f set amount_raised = a.amount, donation_count = a.gifts
  from (select i.fundraising_page_id as id, sum(${FUNCTIONAL_ITEM_TOTAL}) as amount, count(distinct c.id) as gifts
          from contribution_items i join contributions c on c.id = i.contribution_id
         where i.fundraising_page_id is not null and ${COUNTED}
         group by i.fundraising_page_id) a
 where f.id = a.id`;

const PROMOS = `
update promo_codes p set usage_count = a.uses
  from (select l.promo_code_id as id, count(*) as uses
          from contribution_promo_codes l join contributions c on c.id = l.contribution_id
         where c.paid_at is not null and c.deleted_at is null
         group by l.promo_code_id) a
 where p.id = a.id`;
