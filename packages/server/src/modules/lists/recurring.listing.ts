import {
  RECURRING_LIST_DEFAULT_SORT,
  RECURRING_LIST_PAGE_SIZE,
  type RecurringListFilters,
  recurringListColumns,
  recurringListFiltersSchema,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { decimalNumberSql, decimalSql } from '../money/money.sql.ts';
import { everyWordIn } from '../../listing/search-words.ts';

const subscriber = sql`coalesce(nullif(r.subscriber_name, ''), nullif(p.display_name, ''), person_name(p.first_name, p.last_name), p.email, 'Unnamed supporter')`;

function where(f: RecurringListFilters): (SQL | undefined)[] {
  return [
    f.status ? sql`r.status = ${f.status}` : undefined,
    f.billing_period ? sql`r.billing_period = ${f.billing_period}` : undefined,
    f.currency_code ? sql`r.currency_code = ${f.currency_code}` : undefined,
    f.supporter_id ? sql`r.supporter_id = ${f.supporter_id}` : undefined,
  ];
}

/** Every word in the profile reference, description, or the supporter's name or e-mail. */
function search(term: string): SQL {
  return everyWordIn(sql`lower(concat_ws(' ', r.profile_id, r.subscriber_name, r.description, p.first_name, p.last_name, p.display_name, p.email))`, term);
}

/** The recurring payments list: every profile (not deleted); a row opens the profile's page. */
export const recurringListing: ListingDefinition<RecurringListFilters> = {
  columns: recurringListColumns,
  fields: {
    profile_id: { select: sql`r.profile_id` },
    subscriber_name: { select: subscriber, sort: sql`lower(${subscriber})` },
    description: { select: sql`r.description`, sort: sql`lower(r.description)` },
    amount: { select: decimalNumberSql(sql`r.amount`, sql`r.currency_code`), sort: sql`r.amount` },
    billing_period: { select: sql`r.billing_period` },
    next_billing_date: { select: sql`r.next_billing_date::text`, sort: sql`r.next_billing_date` },
    aggregate_amount: { select: decimalNumberSql(sql`r.aggregate_amount`, sql`r.currency_code`), sort: sql`r.aggregate_amount` },
    status: { select: sql`r.status` },
    created_at: { select: sql`r.created_at`, sort: sql`r.created_at` },
  },
  rowExtras: {
    id: sql`r.id`,
    _url: sql`'/jpanel/recurring/' || r.id`,
    currency_code: sql`r.currency_code`,
    supporter_id: sql`r.supporter_id`,
  },
  from: sql`recurring_payment_profiles r left join supporters p on p.id = r.supporter_id`,
  baseWhere: sql`r.deleted_at is null`,
  filters: recurringListFiltersSchema,
  where,
  search,
  tiebreak: sql`r.id`,
  defaultOrder: [...RECURRING_LIST_DEFAULT_SORT],
  pageSize: RECURRING_LIST_PAGE_SIZE,
  csv: () => [
    { header: 'Profile', value: sql`r.profile_id`, kind: 'text' },
    { header: 'Supporter', value: subscriber, kind: 'text' },
    { header: 'Email', value: sql`p.email`, kind: 'text' },
    { header: 'Description', value: sql`r.description`, kind: 'text' },
    { header: 'Currency', value: sql`r.currency_code`, kind: 'text' },
    { header: 'Amount', value: decimalSql(sql`r.amount`, sql`r.currency_code`), kind: 'number' },
    { header: 'Frequency', value: sql`r.billing_period`, kind: 'text' },
    { header: 'Start Date', value: sql`r.start_date::text`, kind: 'text' },
    { header: 'Next Payment', value: sql`r.next_billing_date::text`, kind: 'text' },
    { header: 'Payments Made', value: sql`r.num_cycles_completed`, kind: 'number' },
    { header: 'Total Paid', value: decimalSql(sql`r.aggregate_amount`, sql`r.currency_code`), kind: 'number' },
    { header: 'Status', value: sql`r.status`, kind: 'text' },
    { header: 'Cancel Reason', value: sql`r.cancel_reason`, kind: 'text' },
    { header: 'Created', value: sql`to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`, kind: 'text' },
  ],
};
