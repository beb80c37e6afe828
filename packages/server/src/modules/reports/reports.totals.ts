import { currencyDigits, type ListingResponse, type ReportTotals, toDecimal } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type ListingDefinition, type ListingQuery, queryRows, runListing, whereClause } from '../../listing/engine.ts';
import { digitsSql } from '../money/money.sql.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';

/** An amount a report adds up: minor units of the row's own currency. */
export type Measure = { key: string; label: string; amount: SQL };

/**
 * What a report's totals add: each row's currency, the rate stored with the row (one unit of
 * its currency in the organisation currency; null when the row has none) and its measures.
 * `source` replaces the listing's own rows when they are not the rows to add (grouped reports).
 */
export type TotalsSpec = { currency: SQL; rate: SQL; measures: Measure[]; source?: { from: SQL; where: SQL } };

/**
 * Minor units at a stored rate into minor units of the organisation currency, rounded half away
 * from zero: the SQL twin of money.convert's `applyRate` (numeric `round` rounds the same way).
 */
export function orgMinorSql(minor: SQL, rate: SQL, currency: SQL, orgDigits: number | SQL): SQL {
  return sql`round((${minor})::numeric * (${rate})::numeric * power(10::numeric, (${orgDigits})::int) / power(10::numeric, ${digitsSql(currency)}))`;
}

export async function orgCurrencyOf(q: Queryable): Promise<{ currency: string; digits: number }> {
  const { currency } = await getOrgMoneySettings(q);
  return { currency, digits: currencyDigits(currency) };
}

/**
 * Per currency: the count, each measure in that currency, each measure in the organisation
 * currency (row by row at the row's own rate) and the lowest and highest rate used. Only the
 * organisation-currency figures are added across currencies.
 */
/** The one statement a report's totals run (also run directly by the benchmark). */
export function totalsSql<F>(def: ListingDefinition<F>, query: ListingQuery<F>, spec: TotalsSpec, orgDigits: number): SQL {
  const from = spec.source?.from ?? def.from;
  const where = spec.source?.where ?? whereClause(def, query.filters, query.page.search);
  const inner = sql.join(spec.measures.map((m, i) => sql`(${m.amount})::bigint as ${sql.identifier(`m${i}`)}`), sql`, `);
  const outer = sql.join(
    spec.measures.map((_, i) => {
      const m = sql.identifier(`m${i}`);
      return sql`coalesce(sum(${m}), 0)::text as ${sql.identifier(`a${i}`)},
                 coalesce(sum(${orgMinorSql(sql`${m}`, sql`rate`, sql`cur`, orgDigits)}), 0)::text as ${sql.identifier(`o${i}`)}`;
    }),
    sql`, `,
  );
  return sql`select cur, count(*)::int as n, count(*) filter (where rate is null)::int as unconverted,
                    min(rate)::text as rate_min, max(rate)::text as rate_max, ${outer}
               from (select (${spec.currency})::text as cur, (${spec.rate})::numeric as rate, ${inner} from ${from} where ${where}) t
              group by cur order by cur`;
}

export async function reportTotals<F>(q: Queryable, def: ListingDefinition<F>, query: ListingQuery<F>, spec: TotalsSpec): Promise<ReportTotals> {
  const org = await orgCurrencyOf(q);
  const rows = await queryRows(q, totalsSql(def, query, spec, org.digits));
  const orgSums = spec.measures.map(() => 0n);
  const currencies = rows.map((row) => {
    const cur = String(row.cur);
    const measures = spec.measures.map((m, i) => {
      orgSums[i] = (orgSums[i] ?? 0n) + BigInt(String(row[`o${i}`]));
      return { key: m.key, amount: toDecimal(String(row[`a${i}`]), cur), org_amount: toDecimal(String(row[`o${i}`]), org.currency) };
    });
    const rate = (v: unknown) => (v === null ? null : String(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));
    return { currency: cur, count: Number(row.n), measures, rate_min: rate(row.rate_min), rate_max: rate(row.rate_max), unconverted: Number(row.unconverted) };
  });
  return {
    org_currency: org.currency,
    measures: spec.measures.map(({ key, label }) => ({ key, label })),
    currencies,
    org: spec.measures.map((m, i) => ({ key: m.key, amount: toDecimal(orgSums[i] ?? 0n, org.currency) })),
    count: currencies.reduce((n, c) => n + c.count, 0),
  };
}

export type ReportAnswer = ListingResponse<never> & { totals?: ReportTotals };

/** A report page: the listing's rows and counts, and its totals whenever the counts are run. */
export async function runReport<F>(q: Queryable, def: ListingDefinition<F>, query: ListingQuery<F>, spec: TotalsSpec): Promise<ReportAnswer> {
  // The rows are the definition's own select list, checked against the route's row schema by test.
  const listing = (await runListing(q, def, query)) as ListingResponse<never>;
  if (!query.page.count) return listing;
  return { ...listing, totals: await reportTotals(q, def, query, spec) };
}

/** Every word must appear in `text` (lower-cased). */
export function wordsSearch(text: SQL, term: string): SQL {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  return sql.join(
    words.map((w) => sql`${text} like ${`%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`),
    sql` and `,
  );
}
