import {
  CONTRIBUTIONS_DEFAULT_SORT,
  CONTRIBUTIONS_PAGE_SIZE,
  type ContributionFilters,
  contributionColumns,
  contributionFiltersSchema,
  contributionIdFromSearch,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { decimalNumberSql, decimalSql, minorFromDecimalSql, orgDateTimeTextSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { inLedgerSql, keptAmountSql, numberSql, shortNumberSql, statusLabelSql, statusSql } from './contributions.status.ts';

/** Kept by the database from the supporter and billing names (migration 0011); indexed for the sort. */
const supporterName = sql`c.supporter_name`;
const paymentLabel = sql`case c.payment_type
  when 'card' then trim(concat_ws(' ', initcap(replace(coalesce(c.payment_wallet, c.payment_card_brand, 'card'), '_', ' ')), case when c.payment_card_last4 is not null then '•••• ' || c.payment_card_last4 end))
  when 'bank' then 'Bank (ACH)' when 'cheque' then 'Check' when 'cash' then 'Cash' when 'paypal' then 'PayPal'
  when 'unknown' then 'Other' else coalesce(c.payment_type, 'None') end`;

const currency = sql`c.currency_code`;
/** A minor-unit column as the API's decimal (or the CSV's exact text) in the row's currency. */
const decimal = (column: SQL) => decimalNumberSql(column, currency);
const csvDecimal = (column: SQL) => decimalSql(column, currency);

function where(f: ContributionFilters): (SQL | undefined)[] {
  return [
    f.status === 'spam' ? sql`c.is_spam` : sql`not c.is_spam`,
    f.status && f.status !== 'spam' ? sql`${statusSql} = ${f.status}` : undefined,
    // Days are the organisation's days: midnight in its zone, whatever the session's zone.
    f.from ? sql`c.ordered_at >= ${startOfOrgDaySql(f.from)}` : undefined,
    f.to ? sql`c.ordered_at < ${startOfOrgDaySql(f.to, 1)}` : undefined,
    f.payment_type?.length ? sql`c.payment_type in (${sql.join(f.payment_type.map((p) => sql`${p}`), sql`, `)})` : undefined,
    f.source?.length ? sql`c.source in (${sql.join(f.source.map((p) => sql`${p}`), sql`, `)})` : undefined,
    // Typed as decimals; each row compares in its own currency's minor units.
    f.amount_min !== undefined ? sql`c.total_amount >= ${minorFromDecimalSql(f.amount_min, currency)}` : undefined,
    f.amount_max !== undefined ? sql`c.total_amount <= ${minorFromDecimalSql(f.amount_max, currency)}` : undefined,
    f.supporter_id ? sql`c.supporter_id = ${f.supporter_id}` : undefined,
    f.product_id ? sql`exists (select 1 from contribution_items i where i.contribution_id = c.id and i.product_id = ${f.product_id})` : undefined,
    f.ids?.length ? sql`c.id in (${sql.join(f.ids.map((id) => sql`${id}`), sql`, `)})` : undefined,
    f.recurring === 'recurring' ? sql`c.is_recurring` : f.recurring === 'one_time' ? sql`not c.is_recurring` : undefined,
  ];
}

/**
 * Every word must appear (names, emails, numbers — see `searchable_text`), or the term is a
 * short number (`2401`, `#2401`) and names the contribution with that id.
 */
function search(term: string): SQL {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const text = sql.join(
    words.map((w) => sql`c.searchable_text like ${`%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`),
    sql` and `,
  );
  const id = contributionIdFromSearch(term);
  return id === undefined ? text : sql`(c.id = ${id} or (${text}))`;
}

/** contribution_counts holds a row per status per changing statement; fold them past this many. */
const FOLD_AFTER = 64;

/**
 * Every live contribution, from the counts the database keeps (migration 0013). Folds the rows
 * into one per status when they pile up, in the same statement: the sum reads the table as it
 * was when the statement began, so folding never changes the answer.
 */
const keptTotal = sql`with folded as (delete from contribution_counts where (select count(*) from contribution_counts) > ${FOLD_AFTER} returning status, n),
                           merged as (insert into contribution_counts (status, n) select status, sum(n) from folded group by status)
                      select coalesce(sum(n), 0)::int as n from contribution_counts`;

/** The kept counts answer a filter on status alone (no filter means every status but spam). */
function keptFiltered(f: ContributionFilters, search: string): SQL | undefined {
  // Without its status, a filter on status alone leaves only the spam condition every filter has.
  if (search || where({ ...f, status: undefined }).filter((part) => part !== undefined).length > 1) return undefined;
  return sql`select coalesce(sum(n), 0)::int as n from contribution_counts where ${f.status ? sql`status = ${f.status}` : sql`status <> 'spam'`}`;
}

export const contributionsListing: ListingDefinition<ContributionFilters> = {
  columns: contributionColumns,
  fields: {
    // Shown as the short number (short_number), so it sorts by the id that number is.
    number: { select: numberSql, sort: sql`c.id` },
    supporter: { select: supporterName },
    location: { select: sql`concat_ws(', ', nullif(c.bill_city, ''), nullif(c.bill_state, ''), nullif(c.bill_country, ''))`, sort: [sql`c.bill_country`, sql`c.bill_state`, sql`c.bill_city`] },
    status: { select: statusSql },
    // Sorts name the indexed expressions (migration 0009) whatever the shown value becomes.
    total: { select: decimal(sql`c.total_amount`), sort: sql`c.total_amount` },
    net: { select: decimal(keptAmountSql), sort: keptAmountSql },
    ordered_at: { select: sql`c.ordered_at` },
    payment: { select: paymentLabel, sort: sql`c.payment_type` },
    source: { select: sql`c.source` },
    dp_gift_id: { select: sql`c.gift_id` },
  },
  rowExtras: {
    id: sql`c.id`,
    short_number: shortNumberSql,
    _url: sql`'/jpanel/contributions/' || c.id`,
    currency_code: sql`c.currency_code`,
    is_recurring: sql`c.is_recurring`,
    is_pos: sql`c.is_pos`,
    is_test: sql`c.is_test`,
    supporter_id: sql`c.supporter_id`,
  },
  from: sql`contributions c`,
  baseWhere: inLedgerSql,
  filters: contributionFiltersSchema,
  where,
  search,
  tiebreak: sql`c.id`,
  defaultOrder: [...CONTRIBUTIONS_DEFAULT_SORT],
  pageSize: CONTRIBUTIONS_PAGE_SIZE,
  keptCounts: { total: keptTotal, filtered: keptFiltered },
  csv: (flags) => [
    { header: 'Contribution Number', value: numberSql, kind: 'text' },
    { header: 'Ordered At', value: orgDateTimeTextSql(sql`c.ordered_at`), kind: 'text' },
    { header: 'Status', value: statusLabelSql, kind: 'text' },
    { header: 'Source', value: sql`c.source`, kind: 'text' },
    { header: 'POS', value: sql`case when c.is_pos then 'Y' else 'N' end`, kind: 'text' },
    { header: 'Supporter ID', value: sql`c.supporter_id`, kind: 'number' },
    { header: 'Supporter', value: supporterName, kind: 'text' },
    { header: 'Billing First Name', value: sql`c.bill_first_name`, kind: 'text' },
    { header: 'Billing Last Name', value: sql`c.bill_last_name`, kind: 'text' },
    { header: 'Billing Email', value: sql`c.bill_email`, kind: 'text' },
    { header: 'Billing City', value: sql`c.bill_city`, kind: 'text' },
    { header: 'Billing State', value: sql`c.bill_state`, kind: 'text' },
    { header: 'Billing Country', value: sql`c.bill_country`, kind: 'text' },
    { header: 'Subtotal', value: csvDecimal(sql`c.subtotal_amount`), kind: 'number' },
    { header: 'Shipping', value: csvDecimal(sql`c.shipping_amount`), kind: 'number' },
    { header: 'Tax', value: csvDecimal(sql`c.tax_amount`), kind: 'number' },
    { header: 'DCC', value: csvDecimal(sql`c.dcc_amount`), kind: 'number' },
    { header: 'Total', value: csvDecimal(sql`c.total_amount`), kind: 'number' },
    { header: 'Refunded', value: csvDecimal(sql`c.refunded_amount`), kind: 'number' },
    // What open and lost card disputes took; Total − Refunded − Disputed is the list's Net.
    { header: 'Disputed', value: csvDecimal(sql`c.disputed_amount`), kind: 'number' },
    { header: 'Currency', value: sql`c.currency_code`, kind: 'text' },
    { header: 'Payment', value: paymentLabel, kind: 'text' },
    { header: 'Recurring', value: sql`case when c.is_recurring then 'Y' else 'N' end`, kind: 'text' },
    { header: 'Referral Source', value: sql`c.referral_source`, kind: 'text' },
    ...(flags.dp
      ? [
          { header: 'DP Donor ID', value: sql`c.donor_id`, kind: 'text' as const },
          { header: 'DP Gift IDs', value: sql`c.gift_id`, kind: 'text' as const },
        ]
      : []),
  ],
};
