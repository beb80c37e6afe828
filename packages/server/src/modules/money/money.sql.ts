import { currencyDigits } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';

/**
 * SQL twins of the contracts' money helpers, for listings and CSVs that convert in the query.
 * The decimals per currency come from the same Intl table as `currencyDigits`, so the database
 * and the helpers cannot disagree; the arithmetic is `numeric`, exact like the helpers'.
 */
const oddDigits = Intl.supportedValuesOf('currency')
  .map((code) => [code, currencyDigits(code)] as const)
  .filter(([, digits]) => digits !== 2);

export function digitsSql(currency: SQL): SQL {
  const cases = oddDigits.map(([code, digits]) => `when '${code}' then ${digits}`).join(' ');
  return sql`(case ${currency} ${sql.raw(cases)} else 2 end)`;
}

/** Minor units as exact decimal `numeric` with the currency's decimals (CSV text: "12.34", "1234"). */
export function decimalSql(minor: SQL, currency: SQL): SQL {
  return sql`round(${minor}::numeric / power(10::numeric, ${digitsSql(currency)}), ${digitsSql(currency)})`;
}

/** The same as a JSON number for the API: float8 prints the shortest text, which reads back exactly. */
export function decimalNumberSql(minor: SQL, currency: SQL): SQL {
  return sql`(${decimalSql(minor, currency)})::float8`;
}

/** A decimal typed by staff, as minor units of each row's own currency (exact; no `* 100`). */
export function minorFromDecimalSql(decimal: number, currency: SQL): SQL {
  return sql`(${String(decimal)}::numeric * power(10::numeric, ${digitsSql(currency)}))`;
}

/** The organisation's time zone, read once per statement (an init plan), UTC when never set. */
export const orgTimeZoneSql = sql`coalesce((select value #>> '{}' from settings where key = 'time_zone'), 'UTC')`;

/** The organisation's today: the database's clock (the app's one clock) read in its time zone. */
export const orgTodaySql = sql`(now() at time zone ${orgTimeZoneSql})::date`;

/** The organisation's today as 'YYYY-MM-DD': what forms start on and what "in the future" means. */
export async function orgToday(q: Queryable): Promise<string> {
  const [row] = await queryRows(q, sql`select ${orgTodaySql}::text as today`);
  return String(row?.today);
}

/**
 * The month (1–12) the organisation's financial year starts in, read once per statement; 1 (the
 * calendar year) when never set or not a month.
 */
export const fiscalYearStartSql = sql`coalesce((select case when jsonb_typeof(value) = 'number' and (value #>> '{}')::numeric between 1 and 12
                                                            then (value #>> '{}')::int end
                                                  from settings where key = 'fiscal_year_start_month'), 1)`;

/** Midnight starting `day` in the organisation's zone, as a timestamptz an index on the column can use. */
export function startOfOrgDaySql(day: string, plusDays = 0): SQL {
  return sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${orgTimeZoneSql})`;
}

/** A timestamp as the organisation's wall-clock time for CSVs ('YYYY-MM-DD HH24:MI:SS'). */
export function orgDateTimeTextSql(at: SQL): SQL {
  return sql`to_char(${at} at time zone ${orgTimeZoneSql}, 'YYYY-MM-DD HH24:MI:SS')`;
}
