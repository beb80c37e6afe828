import {
  SUPPORTERS_DEFAULT_SORT,
  SUPPORTERS_PAGE_SIZE,
  type SupporterFilters,
  supporterColumns,
  supporterFiltersSchema,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { canEmailSql, consentCsvColumns, consentRowExtras } from './supporters.consent.ts';
import { supporterTagNamesSql } from '../tags/tags.history.ts';
import { decimalNumberSql, decimalSql, minorFromDecimalSql, orgDateTimeTextSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { COUNTED } from './supporters.giving.ts';

/** 'Active' when any recurring profile is active, else 'Suspended' when any is, else none. */
const recurringSql = sql`(select case when bool_or(r.status = 'Active') then 'Active'
                                     when bool_or(r.status = 'Suspended') then 'Suspended' end
                            from recurring_payment_profiles r where r.supporter_id = s.id)`;
/** `person_name` (migration 0009) is concat_ws's words in an immutable function, so the sort has an index. */
const displayName = sql`coalesce(nullif(s.display_name, ''), person_name(s.first_name, s.last_name), s.email, 'Unnamed supporter')`;
const payments = sql`(s.lifetime_donation_count + s.lifetime_purchase_count)`;
const lifetime = sql`(s.lifetime_donation_amount + s.lifetime_purchase_amount)`;

/**
 * A counted gift (the rule lifetime giving follows) paid in the organisation's calendar year
 * `year`: from its 1 January's midnight to the next one's, in the organisation's zone.
 */
const gaveIn = (year: number) => sql`exists (select 1 from contributions c where c.supporter_id = s.id and ${sql.raw(COUNTED)}
  and c.paid_at >= ${startOfOrgDaySql(`${year}-01-01`)} and c.paid_at < ${startOfOrgDaySql(`${year + 1}-01-01`)})`;

function where(f: SupporterFilters): (SQL | undefined)[] {
  const status = f.status ?? 'active';
  return [
    status === 'active' ? sql`s.is_active and not s.is_spam` : undefined,
    status === 'archived' ? sql`not s.is_active and not s.is_spam` : undefined,
    status === 'spam' ? sql`s.is_spam` : undefined,
    f.from ? sql`s.created_at >= ${startOfOrgDaySql(f.from)}` : undefined,
    f.to ? sql`s.created_at < ${startOfOrgDaySql(f.to, 1)}` : undefined,
    f.account_type_id ? sql`s.account_type_id = ${f.account_type_id}` : undefined,
    f.referral_source ? sql`s.referral_source = ${f.referral_source}` : undefined,
    f.membership_number ? sql`lower(s.membership_number) = lower(${f.membership_number})` : undefined,
    f.recurring ? sql`exists (select 1 from recurring_payment_profiles r where r.supporter_id = s.id and r.status = ${f.recurring})` : undefined,
    f.can_email === '1' ? canEmailSql('s') : f.can_email === '0' ? sql`not ${canEmailSql('s')}` : undefined,
    f.tag_id ? sql`exists (select 1 from supporter_tags st where st.supporter_id = s.id and st.tag_id = ${f.tag_id})` : undefined,
    // The same figures the "Last gift" and "Lifetime" columns show, so a row matches what it says.
    f.last_gift_from ? sql`s.last_payment_at >= ${startOfOrgDaySql(f.last_gift_from)}` : undefined,
    f.last_gift_to ? sql`s.last_payment_at < ${startOfOrgDaySql(f.last_gift_to, 1)}` : undefined,
    f.lifetime_min !== undefined ? sql`${lifetime} >= ${minorFromDecimalSql(f.lifetime_min, sql`s.currency_code`)}` : undefined,
    f.lifetime_max !== undefined ? sql`${lifetime} <= ${minorFromDecimalSql(f.lifetime_max, sql`s.currency_code`)}` : undefined,
    f.gave_in_year !== undefined ? gaveIn(f.gave_in_year) : undefined,
    f.not_in_year !== undefined ? sql`not ${gaveIn(f.not_in_year)}` : undefined,
    f.appeal_id ? sql`exists (select 1 from appeal_supporters ap where ap.supporter_id = s.id and ap.appeal_id = ${f.appeal_id})` : undefined,
    f.has_email === '1' ? sql`s.email is not null and s.email <> ''` : f.has_email === '0' ? sql`(s.email is null or s.email = '')` : undefined,
  ];
}

function search(term: string): SQL {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  // An erased supporter is found by no search (their kept record still lists, nameless).
  return sql.join(
    [sql`s.erased_at is null`, ...words.map((w) => sql`s.searchable_text like ${`%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`)],
    sql` and `,
  );
}

export const supportersListing: ListingDefinition<SupporterFilters> = {
  columns: supporterColumns,
  fields: {
    display_name: { select: displayName, sort: sql`lower(${displayName})` },
    email: { select: sql`s.email`, sort: sql`lower(s.email)` },
    referral_source: { select: sql`s.referral_source` },
    recurring: { select: recurringSql },
    nps: { select: sql`s.nps` },
    account_type: { select: sql`t.name` },
    payments: { select: payments },
    // Lifetime giving is kept in the organisation currency (the supporter's currency_code).
    lifetime_total: { select: decimalNumberSql(lifetime, sql`s.currency_code`), sort: lifetime },
    last_payment_at: { select: sql`s.last_payment_at` },
    created_at: { select: sql`s.created_at` },
    donor_id: { select: sql`s.donor_id` },
    membership_number: { select: sql`s.membership_number`, sort: sql`lower(s.membership_number)` },
  },
  rowExtras: { id: sql`s.id`, _url: sql`'/jpanel/supporters/' || s.id`, currency_code: sql`s.currency_code`, is_organization: sql`coalesce(t.is_organization, false)`, ...consentRowExtras },
  from: sql`supporters s left join account_types t on t.id = s.account_type_id`,
  baseWhere: sql`true`,
  filters: supporterFiltersSchema,
  where,
  search,
  tiebreak: sql`s.id`,
  defaultOrder: [...SUPPORTERS_DEFAULT_SORT],
  pageSize: SUPPORTERS_PAGE_SIZE,
  csv: (flags) => [
    { header: 'Supporter ID', value: sql`s.id`, kind: 'number' },
    { header: 'Supporter Type', value: sql`t.name`, kind: 'text' },
    { header: 'Display Name', value: displayName, kind: 'text' },
    { header: 'First Name', value: sql`s.first_name`, kind: 'text' },
    { header: 'Last Name', value: sql`s.last_name`, kind: 'text' },
    { header: 'Organization', value: sql`s.bill_organization_name`, kind: 'text' },
    { header: 'Email', value: sql`s.email`, kind: 'text' },
    { header: 'Membership Number', value: sql`s.membership_number`, kind: 'text' },
    { header: 'Email Opt-in', value: sql`case when s.email_opt_in then 'Y' else 'N' end`, kind: 'text' },
    ...consentCsvColumns,
    { header: 'Billing Address', value: sql`s.bill_address_01`, kind: 'text' },
    { header: 'Billing City', value: sql`s.bill_city`, kind: 'text' },
    { header: 'Billing State', value: sql`s.bill_state`, kind: 'text' },
    { header: 'Billing ZIP', value: sql`s.bill_zip`, kind: 'text' },
    { header: 'Billing Country', value: sql`s.bill_country`, kind: 'text' },
    { header: 'Billing Phone', value: sql`s.bill_phone`, kind: 'text' },
    { header: 'Payments', value: payments, kind: 'number' },
    { header: 'Payments Total', value: decimalSql(lifetime, sql`s.currency_code`), kind: 'number' },
    { header: 'Recurring', value: recurringSql, kind: 'text' },
    ...(flags.referral_sources ? [{ header: 'Referral Source', value: sql`s.referral_source`, kind: 'text' as const }] : []),
    ...(flags.nps ? [{ header: 'NPS', value: sql`s.nps`, kind: 'number' as const }] : []),
    ...(flags.dp ? [{ header: 'DonorPerfect ID', value: sql`s.donor_id`, kind: 'text' as const }] : []),
    { header: 'Created on', value: orgDateTimeTextSql(sql`s.created_at`), kind: 'text' },
    { header: 'Tags', value: sql`array_to_string(${supporterTagNamesSql(sql`s.id`)}, ', ')`, kind: 'text' },
  ],
};
