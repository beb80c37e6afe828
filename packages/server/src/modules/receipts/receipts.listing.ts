import { RECEIPTS_DEFAULT_SORT, RECEIPTS_PAGE_SIZE, type ReceiptFilters, receiptColumns, receiptFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { decimalNumberSql, decimalSql, orgDateTimeTextSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { likeAnywhere } from '../../listing/search-words.ts';


function where(f: ReceiptFilters): (SQL | undefined)[] {
  return [
    f.status ? sql`r.status = ${f.status}` : undefined,
    f.filter_by === 'no_name' ? sql`coalesce(r.name, '') = ''` : undefined,
    f.filter_by === 'no_email' ? sql`coalesce(r.email, '') = ''` : undefined,
    f.filter_by === 'incomplete_address'
      ? sql`(coalesce(r.address_01, '') = '' or coalesce(r.city, '') = '' or coalesce(r.state, '') = '' or coalesce(r.zip, '') = '')`
      : undefined,
    f.from ? sql`r.issued_at >= ${startOfOrgDaySql(f.from)}` : undefined,
    f.to ? sql`r.issued_at < ${startOfOrgDaySql(f.to, 1)}` : undefined,
  ];
}

/** `receipts:N1,N2` finds exact numbers; otherwise every word in the name, email, address, phone or number. */
function search(term: string): SQL {
  const exact = /^receipts:(.+)$/i.exec(term.trim());
  if (exact?.[1]) {
    const numbers = exact[1].split(',').map((n) => n.trim()).filter(Boolean).slice(0, 100);
    return sql`r.number in (${sql.join(numbers.map((n) => sql`${n}`), sql`, `)})`;
  }
  const words = term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  return sql.join(
    words.map((w) => sql`lower(concat_ws(' ', r.number, r.name, r.first_name, r.last_name, r.email, r.address_01, r.city, r.zip, r.phone)) like ${likeAnywhere(w)}`),
    sql` and `,
  );
}

/** One definition for the page, its count, the bulk "whole filter" target and the CSV. */
export const receiptsListing: ListingDefinition<ReceiptFilters> = {
  columns: receiptColumns,
  fields: {
    number: { select: sql`r.number` },
    name: { select: sql`r.name`, sort: sql`lower(r.name)` },
    email: { select: sql`r.email`, sort: sql`lower(r.email)` },
    amount: { select: decimalNumberSql(sql`r.amount`, sql`r.currency_code`), sort: sql`r.amount` },
    issued_at: { select: sql`r.issued_at` },
    status: { select: sql`r.status` },
  },
  rowExtras: { id: sql`r.id`, _url: sql`'/jpanel/tax-receipts/' || r.id`, currency_code: sql`r.currency_code`, supporter_id: sql`r.supporter_id` },
  from: sql`tax_receipts r`,
  baseWhere: sql`r.deleted_at is null`,
  filters: receiptFiltersSchema,
  where,
  search,
  tiebreak: sql`r.id`,
  defaultOrder: [...RECEIPTS_DEFAULT_SORT],
  pageSize: RECEIPTS_PAGE_SIZE,
  csv: () => [
    { header: 'Number', value: sql`r.number`, kind: 'text' },
    { header: 'Amount', value: decimalSql(sql`r.amount`, sql`r.currency_code`), kind: 'number' },
    { header: 'Issued At', value: orgDateTimeTextSql(sql`r.issued_at`), kind: 'text' },
    { header: 'Name', value: sql`r.name`, kind: 'text' },
    { header: 'Address', value: sql`r.address_01`, kind: 'text' },
    { header: 'Address 2', value: sql`r.address_02`, kind: 'text' },
    { header: 'City', value: sql`r.city`, kind: 'text' },
    { header: 'State', value: sql`r.state`, kind: 'text' },
    { header: 'ZIP', value: sql`r.zip`, kind: 'text' },
    { header: 'Phone', value: sql`r.phone`, kind: 'text' },
    { header: 'Email', value: sql`r.email`, kind: 'text' },
  ],
};
