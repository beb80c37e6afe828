import {
  TRIBUTES_DEFAULT_SORT,
  TRIBUTES_PAGE_SIZE,
  type TributeListFilters,
  tributeListColumns,
  tributeListFiltersSchema,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { decimalNumberSql, decimalSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { everyWordIn } from '../../listing/search-words.ts';

const donor = sql`nullif(person_name(coalesce(s.first_name, c.bill_first_name), coalesce(s.last_name, c.bill_last_name)), '')`;
const unsent = sql`t.notify is not null and t.notified_at is null`;

function where(f: TributeListFilters): (SQL | undefined)[] {
  const state =
    f.state === 'unsent' ? unsent : f.state === 'notified' ? sql`t.notified_at is not null` : f.state === 'none' ? sql`t.notify is null` : undefined;
  return [
    state,
    f.notify ? sql`t.notify = ${f.notify}` : undefined,
    f.tribute_type_id ? sql`t.tribute_type_id = ${f.tribute_type_id}` : undefined,
    // Days are the organisation's days, like every other date filter.
    f.from ? sql`t.created_at >= ${startOfOrgDaySql(f.from)}` : undefined,
    f.to ? sql`t.created_at < ${startOfOrgDaySql(f.to, 1)}` : undefined,
  ];
}

/** Every word in the tribute's name, the recipient's name or e-mail, or the donor's name. */
function search(term: string): SQL {
  return everyWordIn(sql`lower(concat_ws(' ', t.name, t.notify_name, t.notify_email, s.first_name, s.last_name, c.bill_first_name, c.bill_last_name))`, term);
}

/** The tributes list, 40 a page; a row opens the tribute modal (no page of its own). */
export const tributesListing: ListingDefinition<TributeListFilters> = {
  columns: tributeListColumns,
  fields: {
    created_at: { select: sql`t.created_at`, sort: sql`t.created_at` },
    type: { select: sql`tt.label`, sort: sql`lower(tt.label)` },
    name: { select: sql`t.name`, sort: sql`lower(t.name)` },
    donor: { select: donor, sort: sql`lower(${donor})` },
    amount: { select: decimalNumberSql(sql`t.amount`, sql`t.currency_code`), sort: sql`t.amount` },
    notify: { select: sql`t.notify` },
    notify_name: { select: sql`t.notify_name`, sort: sql`lower(t.notify_name)` },
    notified_at: { select: sql`t.notified_at`, sort: sql`t.notified_at` },
  },
  rowExtras: { id: sql`t.id`, currency_code: sql`t.currency_code` },
  from: sql`tributes t left join tribute_types tt on tt.id = t.tribute_type_id
            left join contribution_items i on i.id = t.contribution_item_id
            left join contributions c on c.id = i.contribution_id
            left join supporters s on s.id = c.supporter_id`,
  baseWhere: sql`t.deleted_at is null`,
  filters: tributeListFiltersSchema,
  where,
  search,
  tiebreak: sql`t.id`,
  defaultOrder: [...TRIBUTES_DEFAULT_SORT],
  pageSize: TRIBUTES_PAGE_SIZE,
  csv: () => [
    { header: 'Date', value: sql`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`, kind: 'text' },
    { header: 'Type', value: sql`tt.label`, kind: 'text' },
    { header: 'In Name Of', value: sql`t.name`, kind: 'text' },
    { header: 'Donor', value: donor, kind: 'text' },
    { header: 'Currency', value: sql`t.currency_code`, kind: 'text' },
    { header: 'Amount', value: decimalSql(sql`t.amount`, sql`t.currency_code`), kind: 'number' },
    { header: 'Message', value: sql`t.message`, kind: 'text' },
    { header: 'Notify By', value: sql`t.notify`, kind: 'text' },
    { header: 'Recipient', value: sql`t.notify_name`, kind: 'text' },
    { header: 'Recipient Email', value: sql`t.notify_email`, kind: 'text' },
    { header: 'Address', value: sql`t.notify_address`, kind: 'text' },
    { header: 'City', value: sql`t.notify_city`, kind: 'text' },
    { header: 'State', value: sql`t.notify_state`, kind: 'text' },
    { header: 'Zip', value: sql`t.notify_zip`, kind: 'text' },
    { header: 'Country', value: sql`t.notify_country`, kind: 'text' },
    { header: 'Notify On', value: sql`t.notify_on::text`, kind: 'text' },
    { header: 'Notified', value: sql`to_char(t.notified_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`, kind: 'text' },
  ],
};
