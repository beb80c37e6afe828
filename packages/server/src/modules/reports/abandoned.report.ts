import { ABANDONED_CARTS_DEFAULT_SORT, type AbandonedCartFilters, REPORT_PAGE_SIZE, abandonedCartColumns, abandonedCartFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { numberSql } from '../contributions/contributions.status.ts';
import { amountRange, apiMoney, csvMoney, csvTime, dayRange } from './report-sql.ts';
import { type TotalsSpec, wordsSearch } from './reports.totals.ts';

const cur = sql`c.currency_code`;

function where(f: AbandonedCartFilters): (SQL | undefined)[] {
  return [
    ...dayRange(sql`c.started_at`, f),
    f.currency ? sql`c.currency_code = ${f.currency}` : undefined,
    ...amountRange(sql`c.total_amount`, cur, f.amount_min, undefined),
    f.with_email ? sql`c.bill_email is not null and c.bill_email <> ''` : undefined,
  ];
}

/** Abandoned carts: started with items, never paid, not at the point of sale; newest first. */
export const abandonedCartsReport: ListingDefinition<AbandonedCartFilters> = {
  columns: abandonedCartColumns,
  fields: {
    started_at: { select: sql`c.started_at`, sort: sql`c.started_at` },
    supporter: { select: sql`c.supporter_name`, sort: sql`lower(c.supporter_name)` },
    email: { select: sql`c.bill_email`, sort: sql`lower(c.bill_email)` },
    items: { select: sql`c.total_qty` },
    amount: { select: apiMoney(sql`c.total_amount`, cur), sort: sql`c.total_amount` },
    response: { select: sql`c.response_text` },
  },
  rowExtras: { id: sql`c.id`, _url: sql`'/jpanel/contributions/' || c.id`, currency_code: cur },
  from: sql`contributions c`,
  baseWhere: sql`c.paid_at is null and not c.is_pos and c.deleted_at is null and not c.is_spam and c.total_items > 0`,
  filters: abandonedCartFiltersSchema,
  where,
  search: (term) => wordsSearch(sql`c.searchable_text`, term),
  tiebreak: sql`c.id`,
  defaultOrder: [...ABANDONED_CARTS_DEFAULT_SORT],
  pageSize: REPORT_PAGE_SIZE,
  csv: () => [
    { header: 'Cart', value: numberSql, kind: 'text' },
    { header: 'Started At', value: csvTime(sql`c.started_at`), kind: 'text' },
    { header: 'Supporter', value: sql`c.supporter_name`, kind: 'text' },
    { header: 'Email', value: sql`c.bill_email`, kind: 'text' },
    { header: 'Items', value: sql`c.total_qty`, kind: 'number' },
    { header: 'Total', value: csvMoney(sql`c.total_amount`, cur), kind: 'number' },
    { header: 'Currency', value: cur, kind: 'text' },
    { header: 'Last Response', value: sql`c.response_text`, kind: 'text' },
  ],
};

export const abandonedCartsTotals: TotalsSpec = {
  currency: cur,
  rate: sql`c.functional_exchange_rate`,
  measures: [{ key: 'amount', label: 'Total', amount: sql`c.total_amount` }],
};
