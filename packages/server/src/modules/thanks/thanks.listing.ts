import { UNACKNOWLEDGED_DEFAULT_SORT, UNACKNOWLEDGED_PAGE_SIZE, type UnacknowledgedFilters, unacknowledgedColumns, unacknowledgedFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { decimalNumberSql, decimalSql, minorFromDecimalSql, orgDateTimeTextSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { inLedgerSql, numberSql } from '../contributions/contributions.status.ts';
import { likeAnywhere } from '../../listing/search-words.ts';

const currency = sql`c.currency_code`;
const campaignName = sql`(select k.name from campaigns k where k.id = c.campaign_id)`;
const email = sql`coalesce(c.bill_email, (select s.email from supporters s where s.id = c.supporter_id))`;

function where(f: UnacknowledgedFilters): (SQL | undefined)[] {
  return [
    // Days are the organisation's days.
    f.from ? sql`c.ordered_at >= ${startOfOrgDaySql(f.from)}` : undefined,
    f.to ? sql`c.ordered_at < ${startOfOrgDaySql(f.to, 1)}` : undefined,
    f.campaign_id ? sql`c.campaign_id = ${f.campaign_id}` : undefined,
    // Typed as a decimal; each gift compares in its own currency's minor units.
    f.min_amount !== undefined ? sql`c.total_amount >= ${minorFromDecimalSql(f.min_amount, currency)}` : undefined,
  ];
}

/**
 * Gifts to thank (issue 37 item 4): paid, in the books, not spam nor wholly refunded, with no
 * acknowledgement date. One definition for the page, its count, the CSV and the letters run
 * on "every row matching", so they cannot disagree.
 */
export const unacknowledgedListing: ListingDefinition<UnacknowledgedFilters> = {
  columns: unacknowledgedColumns,
  fields: {
    number: { select: numberSql, sort: sql`c.id` },
    ordered_at: { select: sql`c.ordered_at` },
    supporter: { select: sql`c.supporter_name`, sort: sql`lower(c.supporter_name)` },
    total_amount: { select: decimalNumberSql(sql`c.total_amount`, currency), sort: sql`c.total_amount` },
    campaign: { select: campaignName, sort: sql`lower(${campaignName})` },
    email: { select: email, sort: sql`lower(${email})` },
  },
  rowExtras: { id: sql`c.id`, _url: sql`'/jpanel/contributions/' || c.id`, currency_code: currency },
  from: sql`contributions c`,
  baseWhere: sql`${inLedgerSql} and c.acknowledged_on is null and c.paid_at is not null and not c.is_spam and c.status <> 'refunded'`,
  filters: unacknowledgedFiltersSchema,
  where,
  search: (term) =>
    sql.join(
      term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8).map((w) => sql`lower(concat_ws(' ', ${numberSql}, c.supporter_name, c.bill_email)) like ${likeAnywhere(w)}`),
      sql` and `,
    ),
  tiebreak: sql`c.id`,
  defaultOrder: [...UNACKNOWLEDGED_DEFAULT_SORT],
  pageSize: UNACKNOWLEDGED_PAGE_SIZE,
  csv: () => [
    { header: 'Contribution ID', value: sql`c.id`, kind: 'number' },
    { header: 'Number', value: numberSql, kind: 'text' },
    { header: 'Date', value: orgDateTimeTextSql(sql`c.ordered_at`), kind: 'text' },
    { header: 'Supporter', value: sql`c.supporter_name`, kind: 'text' },
    { header: 'Email', value: email, kind: 'text' },
    { header: 'Amount', value: decimalSql(sql`c.total_amount`, currency), kind: 'number' },
    { header: 'Currency', value: currency, kind: 'text' },
    { header: 'Campaign', value: campaignName, kind: 'text' },
  ],
};
