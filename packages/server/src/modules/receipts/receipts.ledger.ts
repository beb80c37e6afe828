import { DEFAULT_RECEIPT_NUMBER_FORMAT, LEDGER_DEFAULT_SORT, LEDGER_PAGE_SIZE, type LedgerFilters, ledgerColumns, ledgerFiltersSchema, parseNumberFormat, sequenceKey, sequencePattern } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type ListingDefinition, queryRows } from '../../listing/engine.ts';
import { decimalNumberSql, decimalSql, orgDateTimeTextSql, orgTimeZoneSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { getSettings } from '../settings/settings.service.ts';
import { likeAnywhere } from '../../listing/search-words.ts';

/** One number sequence and the stretch of it the ledger accounts for. */
type SequenceRange = { key: string; prefix: string; width: number; suffix: string; low: number; high: number };

/**
 * The sequences to account for: every counter in use, and the number format's sequence for each
 * year a receipt was issued in (numbers given before the counter existed). Each runs from its
 * lowest number on file (or 1) to the highest given out or on file; numbers below the first were
 * never this system's to give.
 */
export async function sequenceRanges(q: Queryable): Promise<SequenceRange[]> {
  const { tax_receipt_number_format: stored } = await getSettings(q, ['tax_receipt_number_format']);
  const format = parseNumberFormat(stored) ? stored : DEFAULT_RECEIPT_NUMBER_FORMAT;
  const [counters, years] = await Promise.all([
    queryRows(q, sql`select key, last_value from tax_receipt_number_sequences`),
    queryRows(q, sql`select distinct extract(year from issued_at at time zone ${orgTimeZoneSql})::int as y from tax_receipts where issued_at is not null`),
  ]);
  const last = new Map(counters.map((c) => [String(c.key), Number(c.last_value)]));
  for (const y of years) {
    const key = sequenceKey(format, Number(y.y));
    if (!last.has(key)) last.set(key, 0);
  }
  const ranges: SequenceRange[] = [];
  for (const [key, given] of last) {
    const pattern = sequencePattern(key);
    const [used] = await queryRows(q, sql`
      select min(n) as low, max(n) as high from (
        select substring(number from ${pattern})::bigint as n from tax_receipts where number ~ ${pattern}
        union all select substring(previous_number from ${pattern})::bigint from tax_receipt_revisions where previous_number ~ ${pattern}) u`);
    const [prefix, zeros, suffix] = key.split(/\[(0+)\]/) as [string, string, string];
    const low = used?.low === null || used?.low === undefined ? 1 : Number(used.low);
    const high = Math.max(given, used?.high === null || used?.high === undefined ? 0 : Number(used.high));
    if (high >= low) ranges.push({ key, prefix, width: zeros.length, suffix, low, high });
  }
  return ranges;
}

/** Numbers of a range that no receipt and no revision ever carried. */
const skippedSql = (r: SequenceRange): SQL => sql`
  select 's:' || ${r.key} || ':' || n as id, f.number::varchar, 'skipped'::text as kind, null::timestamptz as at, null::bigint as amount,
         null::text as currency_code, null::text as name, ${`Never given out by the ${r.key} sequence`}::text as detail, null::int as receipt_id
    from generate_series(${r.low}::bigint, ${r.high}::bigint) n
   cross join lateral (select ${r.prefix} || case when length(n::text) >= ${r.width} then n::text else lpad(n::text, ${r.width}, '0') end || ${r.suffix} as number) f
   where not exists (select 1 from tax_receipts t where t.number = f.number)
     and not exists (select 1 from tax_receipt_revisions v where v.previous_number = f.number)`;

function ledgerFrom(ranges: SequenceRange[]): SQL {
  const parts: SQL[] = [
    sql`select 'v:' || r.id as id, r.number, 'void'::text as kind, r.voided_at as at, r.amount::bigint as amount, r.currency_code::text as currency_code, r.name::text as name,
               coalesce('Voided by ' || nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), 'Voided') as detail, r.id as receipt_id
          from tax_receipts r left join users u on u.id = r.voided_by where r.status = 'void'`,
    sql`select 'r:' || v.id, v.previous_number, 'replaced', v.revised_at, null::bigint, r.currency_code::text, r.name::text,
               'Replaced by ' || v.number || coalesce(': ' || v.reason, ''), v.tax_receipt_id
          from tax_receipt_revisions v join tax_receipts r on r.id = v.tax_receipt_id`,
    ...ranges.map(skippedSql),
  ];
  return sql`(${sql.join(parts.map((p) => sql`(${p})`), sql` union all `)}) l`;
}


/** The number ledger as a listing: page, count and CSV from one definition (built per request: the sequences change). */
export function ledgerListing(ranges: SequenceRange[]): ListingDefinition<LedgerFilters> {
  return {
    columns: ledgerColumns,
    fields: {
      number: { select: sql`l.number` },
      kind: { select: sql`l.kind` },
      at: { select: sql`l.at` },
      amount: { select: sql`case when l.amount is null then null else ${decimalNumberSql(sql`l.amount`, sql`l.currency_code`)} end`, sort: sql`l.amount` },
      name: { select: sql`l.name`, sort: sql`lower(l.name)` },
      detail: { select: sql`l.detail` },
    },
    rowExtras: { id: sql`l.id`, currency_code: sql`l.currency_code`, receipt_id: sql`l.receipt_id`, _url: sql`case when l.receipt_id is not null then '/jpanel/tax-receipts/' || l.receipt_id end` },
    from: ledgerFrom(ranges),
    baseWhere: sql`true`,
    filters: ledgerFiltersSchema,
    where: (f) => [
      f.kind ? sql`l.kind = ${f.kind}` : undefined,
      f.from ? sql`l.at >= ${startOfOrgDaySql(f.from)}` : undefined,
      f.to ? sql`l.at < ${startOfOrgDaySql(f.to, 1)}` : undefined,
    ],
    search: (term) => sql`lower(concat_ws(' ', l.number, l.name, l.detail)) like ${likeAnywhere(term.trim().toLowerCase())}`,
    tiebreak: sql`l.id`,
    defaultOrder: [...LEDGER_DEFAULT_SORT],
    pageSize: LEDGER_PAGE_SIZE,
    csv: () => [
      { header: 'Number', value: sql`l.number`, kind: 'text' },
      { header: 'What happened', value: sql`l.kind`, kind: 'text' },
      { header: 'When', value: orgDateTimeTextSql(sql`l.at`), kind: 'text' },
      { header: 'Amount', value: sql`case when l.amount is null then null else ${decimalSql(sql`l.amount`, sql`l.currency_code`)} end`, kind: 'number' },
      { header: 'Currency', value: sql`l.currency_code`, kind: 'text' },
      { header: 'Donor', value: sql`l.name`, kind: 'text' },
      { header: 'Detail', value: sql`l.detail`, kind: 'text' },
    ],
  };
}
