import { type HistoryEntry, type HistoryField, isCurrencyCode, ORG_CURRENCY, toDecimalString } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';

type RawChange = { field: string; before: unknown; after: unknown };
type Change = HistoryEntry['changes'][number];
/** The currency of each currency column before and after one entry. */
export type EntryCurrencies = Map<string, { before: string | null; after: string | null }>;

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The currency columns as they stood just after the page's newest entry: the old value of the
 * first later change to each, or the row's value now when none changed since. An entry that did
 * not touch a currency column is then read in the currency the row had at that time, not today's.
 */
async function currenciesAfter(db: Queryable, table: string, recordId: string, all: string[], newestId: number): Promise<Record<string, string | null>> {
  // The organisation's currency is no column of the row: a money field in it reads it from the settings.
  const org: Record<string, string | null> = all.includes(ORG_CURRENCY)
    ? { [ORG_CURRENCY]: text((await queryRows(db, sql`select coalesce((select value #>> '{}' from settings where key = 'site_currency'), 'USD') as c`))[0]?.c) }
    : {};
  const fields = all.filter((f) => f !== ORG_CURRENCY);
  if (fields.length === 0) return org;
  const now = /^\d+$/.test(recordId)
    ? ((await queryRows(db, sql`select ${sql.join(fields.map((f) => sql.identifier(f)), sql`, `)} from ${sql.identifier(table)} where id = ${Number(recordId)}`))[0] ?? {})
    : {};
  const entries = await Promise.all(fields.map(async (field) => {
    const [later] = await queryRows(db, sql`select changes -> ${field} ->> 0 as currency from audit_log
      where table_name = ${table} and record_id = ${recordId} and id > ${newestId} and changes -> ${field} is not null order by id limit 1`);
    return [field, later ? text(later.currency) : text(now[field])] as const;
  }));
  return { ...Object.fromEntries(entries), ...org };
}

/** Per entry (newest first), the currency each currency column had before and after it. */
export async function currenciesByEntry(
  db: Queryable,
  table: string,
  recordId: string,
  entries: { id: number; changes: RawChange[] }[],
  fields: Set<string>,
): Promise<EntryCurrencies[]> {
  const newest = entries[0];
  if (!newest || fields.size === 0) return entries.map(() => new Map());
  const running = await currenciesAfter(db, table, recordId, [...fields], newest.id);
  return entries.map(({ changes }) => {
    const out: EntryCurrencies = new Map();
    for (const field of fields) {
      const change = changes.find((c) => c.field === field);
      const after = change ? (text(change.after) ?? text(change.before)) : (running[field] ?? null);
      const before = change ? (text(change.before) ?? after) : after;
      out.set(field, { before, after });
      running[field] = before;
    }
    return out;
  });
}

/**
 * The trail keeps money as the row held it (minor units); the API speaks decimals, so each side
 * becomes decimal text in its currency. A value that is not whole minor units (never written by
 * Almoner) is passed through rather than failing the whole history.
 */
function decimalOf(value: unknown, currency: string | null): unknown {
  const whole = typeof value === 'number' ? Number.isSafeInteger(value) : typeof value === 'string' && /^-?\d{1,18}$/.test(value);
  return whole && currency && isCurrencyCode(currency) ? toDecimalString(value as number | string, currency) : value;
}

/** A money change as decimal text; `before_currency` only when the same entry changed the currency. */
export function presentMoney(c: RawChange, field: HistoryField & { kind: 'money' }, currencies: EntryCurrencies): Change {
  const { before = null, after = null } = currencies.get(field.currency) ?? {};
  return {
    field: c.field,
    label: field.label,
    kind: 'money',
    currency: after,
    ...(before !== null && before !== after ? { before_currency: before } : {}),
    before: decimalOf(c.before, before ?? after),
    after: decimalOf(c.after, after),
  };
}
