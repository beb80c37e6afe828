import { IMPACT_DEFAULT_SORT, type ImpactFilters, REPORT_PAGE_SIZE, impactColumns, impactFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { digitsSql, minorFromDecimalSql } from '../money/money.sql.ts';
import { COUNTED as COUNTED_GIVING } from '../supporters/supporters.giving.ts';
import { csvOrgMoney, orgCurrencySql, personSql } from './report-sql.ts';
import { orgMinorSql, type TotalsSpec, wordsSearch } from './reports.totals.ts';

/** What counts toward lifetime giving: the supporters' own rule (paid, live, not test or spam, keeping something). */
const COUNTED = sql.raw(COUNTED_GIVING);
const lineOrg = orgMinorSql(sql`i.total`, sql`c.functional_exchange_rate`, sql`c.currency_code`, digitsSql(orgCurrencySql));
/** A gift (a donation product, a sponsorship or a gift to a fundraising page); anything else is a purchase. */
const isGift = sql`(i.is_donation or i.sponsorship_id is not null or i.fundraising_page_id is not null)`;

/** Each supporter's own giving, in the organisation currency (each line at its contribution's rate). */
const giving = sql`(select c.supporter_id,
    coalesce(sum(${lineOrg}) filter (where ${isGift}), 0) as donation_amount,
    count(distinct c.id) filter (where ${isGift})::int as donation_count,
    coalesce(sum(${lineOrg}) filter (where not ${isGift}), 0) as purchase_amount,
    count(distinct c.id) filter (where not ${isGift})::int as purchase_count
  from contributions c join contribution_items i on i.contribution_id = c.id
  where ${COUNTED} and c.supporter_id is not null group by c.supporter_id)`;

/** Gifts to the pages a supporter organises, their own gifts left out. */
const fundraising = sql`(select fp.author_supporter_id as supporter_id, coalesce(sum(${lineOrg}), 0) as amount
  from contribution_items i join contributions c on c.id = i.contribution_id join fundraising_pages fp on fp.id = i.fundraising_page_id
  where ${COUNTED} and c.supporter_id is distinct from fp.author_supporter_id group by fp.author_supporter_id)`;

/** The supporters each one referred, and what those gave. */
const referred = sql`(select r.referred_by_supporter_id as supporter_id, count(*)::int as n, coalesce(sum(rg.donation_amount), 0) as amount
  from supporters r left join ${giving} rg on rg.supporter_id = r.id
  where r.referred_by_supporter_id is not null group by r.referred_by_supporter_id)`;

const name = personSql('s');
const money = (minor: SQL) => sql`round(${minor}::numeric / power(10::numeric, ${digitsSql(orgCurrencySql)}), ${digitsSql(orgCurrencySql)})::float8`;

function where(f: ImpactFilters): (SQL | undefined)[] {
  return [f.min_donation !== undefined ? sql`coalesce(g.donation_amount, 0) >= ${minorFromDecimalSql(f.min_donation, orgCurrencySql)}` : undefined];
}

/** Impact by supporter: lifetime giving and the giving of those they referred, in the organisation currency. */
export const impactReport: ListingDefinition<ImpactFilters> = {
  columns: impactColumns,
  fields: {
    supporter: { select: name, sort: sql`lower(${name})` },
    email: { select: sql`s.email`, sort: sql`lower(s.email)` },
    donation_amount: { select: money(sql`coalesce(g.donation_amount, 0)`), sort: sql`coalesce(g.donation_amount, 0)` },
    donation_count: { select: sql`coalesce(g.donation_count, 0)` },
    purchase_amount: { select: money(sql`coalesce(g.purchase_amount, 0)`), sort: sql`coalesce(g.purchase_amount, 0)` },
    purchase_count: { select: sql`coalesce(g.purchase_count, 0)` },
    fundraising_amount: { select: money(sql`coalesce(f.amount, 0)`), sort: sql`coalesce(f.amount, 0)` },
    referred_count: { select: sql`coalesce(rf.n, 0)` },
    referred_amount: { select: money(sql`coalesce(rf.amount, 0)`), sort: sql`coalesce(rf.amount, 0)` },
  },
  rowExtras: { id: sql`s.id`, _url: sql`'/jpanel/supporters/' || s.id`, org_currency: orgCurrencySql },
  from: sql`supporters s left join ${giving} g on g.supporter_id = s.id left join ${fundraising} f on f.supporter_id = s.id
            left join ${referred} rf on rf.supporter_id = s.id`,
  baseWhere: sql`not s.is_spam`,
  filters: impactFiltersSchema,
  where,
  search: (term) => wordsSearch(sql`lower(concat_ws(' ', s.display_name, s.first_name, s.last_name, s.email))`, term),
  tiebreak: sql`s.id`,
  defaultOrder: [...IMPACT_DEFAULT_SORT],
  pageSize: REPORT_PAGE_SIZE,
  csv: () => [
    { header: 'Supporter ID', value: sql`s.id`, kind: 'number' },
    { header: 'Name', value: name, kind: 'text' },
    { header: 'Email', value: sql`s.email`, kind: 'text' },
    { header: 'Email Opt-in', value: sql`case when s.email_opt_in then 'Y' else 'N' end`, kind: 'text' },
    { header: 'Lifetime Donation Amount', value: csvOrgMoney(sql`coalesce(g.donation_amount, 0)`), kind: 'number' },
    { header: 'Lifetime Donation Count', value: sql`coalesce(g.donation_count, 0)`, kind: 'number' },
    { header: 'Lifetime Purchase Amount', value: csvOrgMoney(sql`coalesce(g.purchase_amount, 0)`), kind: 'number' },
    { header: 'Lifetime Purchase Count', value: sql`coalesce(g.purchase_count, 0)`, kind: 'number' },
    { header: 'Lifetime Fundraising Amount', value: csvOrgMoney(sql`coalesce(f.amount, 0)`), kind: 'number' },
    { header: 'Referred Supporters', value: sql`coalesce(rf.n, 0)`, kind: 'number' },
    { header: 'Referred Donation Amount', value: csvOrgMoney(sql`coalesce(rf.amount, 0)`), kind: 'number' },
    { header: 'Currency', value: orgCurrencySql, kind: 'text' },
  ],
};

/** Already in the organisation currency: one "currency", rate 1. */
export const impactTotals: TotalsSpec = {
  currency: orgCurrencySql,
  rate: sql`1`,
  measures: [
    { key: 'donation', label: 'Donations', amount: sql`coalesce(g.donation_amount, 0)` },
    { key: 'purchase', label: 'Purchases', amount: sql`coalesce(g.purchase_amount, 0)` },
    { key: 'fundraising', label: 'Fundraising', amount: sql`coalesce(f.amount, 0)` },
  ],
};
