import {
  FUNDRAISE_PAGE_SIZE,
  FUNDRAISE_PAGES_DEFAULT_SORT,
  FUNDRAISE_PREVIEWABLE,
  FUNDRAISE_SPARK_DAYS,
  FUNDRAISERS_DEFAULT_SORT,
  type FundraisePageFilters,
  type FundraiserFilters,
  fundraisePageColumns,
  fundraisePageFiltersSchema,
  fundraiserColumns,
  fundraiserFiltersSchema,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { decimalNumberSql, decimalSql, orgTimeZoneSql } from '../money/money.sql.ts';

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(${alias}.display_name, ''), person_name(${alias}.first_name, ${alias}.last_name), ${alias}.email, 'Unnamed supporter')`);
const today = sql`(now() at time zone ${orgTimeZoneSql})::date`;

/** Views of each of the last days for the pages `pages` selects (oldest first, 0 for none). */
const dailyViews = (pages: SQL) => sql`array(
  select coalesce(sum(v.views), 0)::int
    from generate_series(${today} - ${FUNDRAISE_SPARK_DAYS - 1}::int, ${today}, interval '1 day') d
    left join fundraising_page_views v on v.day = d::date and v.fundraising_page_id in (${pages})
   group by d order by d)`;

const words = (term: string) => term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
const like = (text: SQL, term: string) =>
  sql.join(
    words(term).map((w) => sql`${text} like ${`%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`),
    sql` and `,
  );

const previewable = sql`f.status in (${sql.join(FUNDRAISE_PREVIEWABLE.map((s) => sql`${s}`), sql`, `)})`;

/** The Pages tab: every fundraising page; a row opens its preview (or its fundraiser). */
export const fundraisePagesListing: ListingDefinition<FundraisePageFilters> = {
  columns: fundraisePageColumns,
  fields: {
    title: { select: sql`f.title`, sort: sql`lower(f.title)` },
    fundraiser: { select: personName('a'), sort: sql`lower(${personName('a')})` },
    status: { select: sql`f.status` },
    amount_raised: { select: decimalNumberSql(sql`f.amount_raised`, sql`f.currency_code`), sort: sql`f.amount_raised` },
    goal_amount: { select: decimalNumberSql(sql`f.goal_amount`, sql`f.currency_code`), sort: sql`f.goal_amount` },
    donation_count: { select: sql`f.donation_count` },
    views: { select: sql`f.views` },
    created_at: { select: sql`f.created_at`, sort: sql`f.created_at` },
  },
  rowExtras: {
    id: sql`f.id`,
    _url: sql`'/jpanel/supporters/' || f.author_supporter_id`,
    previewable,
    currency_code: sql`f.currency_code`,
    daily_views: dailyViews(sql`f.id`),
  },
  from: sql`fundraising_pages f join supporters a on a.id = f.author_supporter_id`,
  baseWhere: sql`f.deleted_at is null`,
  filters: fundraisePageFiltersSchema,
  where: (f) => [f.status ? sql`f.status = ${f.status}` : undefined, f.category ? sql`lower(f.category) = lower(${f.category})` : undefined],
  search: (term) => like(sql`lower(concat_ws(' ', f.title, f.url, f.category, a.first_name, a.last_name, a.display_name, a.email))`, term),
  tiebreak: sql`f.id`,
  defaultOrder: [...FUNDRAISE_PAGES_DEFAULT_SORT],
  pageSize: FUNDRAISE_PAGE_SIZE,
  csv: () => [
    { header: 'Page', value: sql`f.title`, kind: 'text' },
    { header: 'URL', value: sql`f.url`, kind: 'text' },
    { header: 'Fundraiser', value: personName('a'), kind: 'text' },
    { header: 'Fundraiser Email', value: sql`a.email`, kind: 'text' },
    { header: 'Status', value: sql`f.status`, kind: 'text' },
    { header: 'Category', value: sql`f.category`, kind: 'text' },
    { header: 'Currency', value: sql`f.currency_code`, kind: 'text' },
    { header: 'Raised', value: decimalSql(sql`f.amount_raised`, sql`f.currency_code`), kind: 'number' },
    { header: 'Goal', value: decimalSql(sql`f.goal_amount`, sql`f.currency_code`), kind: 'number' },
    { header: 'Donations', value: sql`f.donation_count`, kind: 'number' },
    { header: 'Views', value: sql`f.views`, kind: 'number' },
    { header: 'Created', value: sql`to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`, kind: 'text' },
  ],
};

/** One row per supporter who has a page (not deleted); counts are over their pages. */
const fundraiserFrom = sql`supporters s join lateral (
    select count(*)::int as page_count,
           count(*) filter (where f.status = 'active')::int as active_count,
           sum(f.donation_count)::int as donation_count,
           sum(f.views)::int as views,
           max(f.created_at) as last_created_at
      from fundraising_pages f where f.author_supporter_id = s.id and f.deleted_at is null) g on g.page_count > 0`;

/** The Fundraisers tab: supporters with pages; a row opens the supporter. */
export const fundraisersListing: ListingDefinition<FundraiserFilters> = {
  columns: fundraiserColumns,
  fields: {
    name: { select: personName('s'), sort: sql`lower(${personName('s')})` },
    email: { select: sql`s.email`, sort: sql`lower(s.email)` },
    page_count: { select: sql`g.page_count` },
    active_count: { select: sql`g.active_count` },
    donation_count: { select: sql`g.donation_count` },
    views: { select: sql`g.views` },
    last_created_at: { select: sql`g.last_created_at`, sort: sql`g.last_created_at` },
  },
  rowExtras: {
    id: sql`s.id`,
    _url: sql`'/jpanel/supporters/' || s.id`,
    daily_views: dailyViews(sql`select f.id from fundraising_pages f where f.author_supporter_id = s.id and f.deleted_at is null`),
  },
  from: fundraiserFrom,
  baseWhere: sql`true`,
  filters: fundraiserFiltersSchema,
  where: (f) => [f.has_active === '1' ? sql`g.active_count > 0` : f.has_active === '0' ? sql`g.active_count = 0` : undefined],
  search: (term) => like(sql`lower(concat_ws(' ', s.first_name, s.last_name, s.display_name, s.email))`, term),
  tiebreak: sql`s.id`,
  defaultOrder: [...FUNDRAISERS_DEFAULT_SORT],
  pageSize: FUNDRAISE_PAGE_SIZE,
  csv: () => [
    { header: 'Fundraiser', value: personName('s'), kind: 'text' },
    { header: 'Email', value: sql`s.email`, kind: 'text' },
    { header: 'Pages', value: sql`g.page_count`, kind: 'number' },
    { header: 'Active Pages', value: sql`g.active_count`, kind: 'number' },
    { header: 'Donations', value: sql`g.donation_count`, kind: 'number' },
    { header: 'Views', value: sql`g.views`, kind: 'number' },
    { header: 'Latest Page', value: sql`to_char(g.last_created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`, kind: 'text' },
  ],
};
