import { ATTENTION_DEFAULT_SORT, ATTENTION_PAGE_SIZE, type AttentionFilters, CARD_EXPIRING_DAYS, attentionColumns, attentionFiltersSchema } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { decimalNumberSql, decimalSql } from '../money/money.sql.ts';
import { likeAnywhere } from '../../listing/search-words.ts';

/** A saved card's last valid day (the end of its expiry month); two-digit years are this century. */
const cardLastDay = sql`(make_date(case when pm.card_expiry_year < 100 then 2000 + pm.card_expiry_year else pm.card_expiry_year end, pm.card_expiry_month, 1) + interval '1 month' - interval '1 day')::date`;
const expiring = sql`(pm.type = 'card' and pm.card_expiry_month between 1 and 12 and pm.card_expiry_year > 0
  and ${cardLastDay} < current_date + ${CARD_EXPIRING_DAYS}::int)`;

/** Why a profile needs attention, most urgent first; null: it does not. */
const reason = sql`case when rp.status = 'Suspended' then 'suspended'
  when rp.status = 'Active' and rp.authentication_required_at is not null then 'authentication'
  when rp.status = 'Active' and rp.failed_payment_count > 0 then 'failing'
  when rp.status = 'Active' and ${expiring} then 'expiring' end`;


/** The "needs attention" list: one definition for the page, its count and its CSV. */
export const attentionListing: ListingDefinition<AttentionFilters> = {
  columns: attentionColumns,
  fields: {
    profile_id: { select: sql`rp.profile_id` },
    supporter: { select: sql`coalesce(s.display_name, rp.subscriber_name)`, sort: sql`lower(coalesce(s.display_name, rp.subscriber_name))` },
    reason: { select: reason },
    amount: { select: decimalNumberSql(sql`rp.amount`, sql`rp.currency_code`), sort: sql`rp.amount` },
    next_billing_date: { select: sql`coalesce(rp.next_attempt_date, rp.next_billing_date)::text`, sort: sql`coalesce(rp.next_attempt_date, rp.next_billing_date)` },
    failed_payment_count: { select: sql`rp.failed_payment_count` },
    card: { select: sql`case when pm.id is null then null else trim(concat_ws(' ', coalesce(pm.card_brand, initcap(pm.type)), 'ending', pm.account_last_four)) end` },
    last_failure: {
      select: sql`(select t.reason_code from recurring_transactions t where t.recurring_payment_profile_id = rp.id and t.payment_status = 'failed'
                    order by t.ordered_at desc, t.id desc limit 1)`,
    },
  },
  rowExtras: {
    id: sql`rp.id`,
    _url: sql`'/jpanel/recurring/' || rp.id`,
    supporter_id: sql`rp.supporter_id`,
    currency_code: sql`rp.currency_code`,
    max_failed_payments: sql`rp.max_failed_payments`,
    card_expires: sql`case when pm.type = 'card' and pm.card_expiry_month between 1 and 12 and pm.card_expiry_year > 0 then ${cardLastDay}::text end`,
  },
  from: sql`recurring_payment_profiles rp left join supporters s on s.id = rp.supporter_id
            left join payment_methods pm on pm.id = rp.payment_method_id and pm.deleted_at is null`,
  baseWhere: sql`rp.deleted_at is null and (${reason}) is not null`,
  filters: attentionFiltersSchema,
  where: (f) => [f.reason ? sql`(${reason}) = ${f.reason}` : undefined],
  search: (term) => sql`lower(concat_ws(' ', rp.profile_id, s.display_name, rp.subscriber_name, s.email)) like ${likeAnywhere(term.trim().toLowerCase())}`,
  tiebreak: sql`rp.id`,
  defaultOrder: [...ATTENTION_DEFAULT_SORT],
  pageSize: ATTENTION_PAGE_SIZE,
  csv: () => [
    { header: 'Profile', value: sql`rp.profile_id`, kind: 'text' },
    { header: 'Supporter', value: sql`coalesce(s.display_name, rp.subscriber_name)`, kind: 'text' },
    { header: 'Needs attention', value: reason, kind: 'text' },
    { header: 'Amount', value: decimalSql(sql`rp.amount`, sql`rp.currency_code`), kind: 'number' },
    { header: 'Currency', value: sql`rp.currency_code`, kind: 'text' },
    { header: 'Next billing', value: sql`coalesce(rp.next_attempt_date, rp.next_billing_date)::text`, kind: 'text' },
    { header: 'Failures', value: sql`rp.failed_payment_count`, kind: 'number' },
  ],
};
