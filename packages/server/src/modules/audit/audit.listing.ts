import {
  AUDIT_LOG_DEFAULT_SORT,
  AUDIT_LOG_PAGE_SIZE,
  type AuditLogFilters,
  type HistoryField,
  ORG_CURRENCY,
  auditLogColumns,
  auditLogFiltersSchema,
  auditRecordTypes,
  historyCatalogues,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { decimalSql, orgDateTimeTextSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { likeAnywhere } from '../../listing/search-words.ts';

/** A constant of this file as an SQL literal (the catalogues are code, never input). */
const literal = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

/** Every catalogued field: its label, its kind and (money) the column holding its currency. */
const fieldRows = Object.entries(historyCatalogues as Record<string, Record<string, HistoryField>>).flatMap(([table, fields]) =>
  Object.entries(fields).map(([key, f]) => `(${[table, key, f.label, f.kind, f.kind === 'money' ? f.currency : null].map(literal).join(', ')})`),
);
const typeRows = Object.entries(auditRecordTypes as Record<string, { label: string; path?: string }>).map(
  ([table, t]) => `(${[table, t.label, t.path ?? null].map(literal).join(', ')})`,
);

/**
 * A money field's currency: the one the same entry set, else the row's own now. Only the tables
 * whose catalogue has money; the record id is their serial id.
 */
const moneyTables = Object.entries(historyCatalogues as Record<string, Record<string, HistoryField>>).flatMap(([table, fields]) => {
  const money = Object.values(fields).find((f) => f.kind === 'money');
  return money?.kind === 'money' ? [[table, money.currency] as const] : [];
});
// A table without a currency column keeps money in the organisation's (ORG_CURRENCY).
const orgCurrency = `coalesce((select value #>> '{}' from settings where key = 'site_currency'), 'USD')`;
const rowCurrency = sql.raw(`case a.table_name ${moneyTables
  .map(([table, column]) => `when ${literal(table)} then ${column === ORG_CURRENCY ? orgCurrency : `(select "${column}"::text from "${table}" where id = a.record_id::int)`}`)
  .join(' ')} end`);
const currency = sql`case when f.kind = 'money' then coalesce(a.changes -> f.currency ->> 1, a.changes -> f.currency ->> 0,
  case when a.record_id ~ '^\\d{1,9}$' then ${rowCurrency} end) end`;

/** One side of a change as text: money as a decimal in its currency, the rest as the trail holds it. */
const side = (index: 0 | 1): SQL => {
  const raw = sql.raw(`(c.pair ->> ${index})`);
  return sql`case when f.kind = 'money' and ${raw} ~ '^-?\\d{1,18}$' and (${currency}) is not null
                  then (${decimalSql(sql`${raw}::numeric`, currency)})::text else ${raw} end`;
};

const typeLabel = sql`coalesce(rt.label, initcap(replace(a.table_name, '_', ' ')))`;
const fieldLabel = sql`coalesce(f.label, initcap(replace(c.field_name, '_', ' ')))`;
const record = sql`${typeLabel} || ' ' || case when a.record_id ~ '^\\d+$' then '#' || a.record_id else a.record_id end`;
const actor = sql`case when a.actor_user_id is null then null
  else coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), 'User #' || a.actor_user_id) end`;


/**
 * The whole trail as a listing, one row per changed field (an entry's fields, in the trail's key
 * order, numbered so each row has one id). Fields a catalogue hides are left out, as on a record's
 * own history. Page, count and CSV come from this one definition.
 */
export const auditLogListing: ListingDefinition<AuditLogFilters> = {
  columns: auditLogColumns,
  fields: {
    // Trail ids rise with time, and one transaction's entries share a time: the id orders them.
    occurred_at: { select: sql`a.occurred_at`, sort: sql`a.id` },
    record_type: { select: typeLabel },
    record: { select: record },
    field: { select: fieldLabel },
    actor: { select: actor, sort: sql`lower(${actor})` },
    ip: { select: sql`host(a.actor_ip)` },
  },
  rowExtras: {
    id: sql`(a.id * 10000 + c.n)`,
    action: sql`a.action`,
    table_name: sql`a.table_name`,
    record_id: sql`a.record_id`,
    field_name: sql`c.field_name`,
    kind: sql`coalesce(f.kind, 'text')`,
    before: side(0),
    after: side(1),
    currency,
    actor_id: sql`a.actor_user_id`,
    _url: sql`case when a.action <> 'delete' then replace(rt.path, ':id', a.record_id) end`,
  },
  from: sql`audit_log a
    cross join lateral jsonb_each(a.changes) with ordinality as c(field_name, pair, n)
    left join (values ${sql.raw(fieldRows.join(', '))}) as f(table_name, field, label, kind, currency)
      on f.table_name = a.table_name and f.field = c.field_name
    left join (values ${sql.raw(typeRows.join(', '))}) as rt(table_name, label, path) on rt.table_name = a.table_name
    left join users u on u.id = a.actor_user_id`,
  baseWhere: sql`f.kind is distinct from 'hidden'`,
  filters: auditLogFiltersSchema,
  where: (f) => [
    f.record_type ? sql`a.table_name = ${f.record_type}` : undefined,
    f.user_id ? sql`a.actor_user_id = ${f.user_id}` : undefined,
    f.from ? sql`a.occurred_at >= ${startOfOrgDaySql(f.from)}` : undefined,
    f.to ? sql`a.occurred_at < ${startOfOrgDaySql(f.to, 1)}` : undefined,
  ],
  search: (term) => {
    const words = term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    return sql.join(words.map((w) => sql`lower(concat_ws(' ', a.record_id, ${fieldLabel}, c.pair::text)) like ${likeAnywhere(w)}`), sql` and `);
  },
  tiebreak: sql`(a.id * 10000 + c.n)`,
  defaultOrder: [...AUDIT_LOG_DEFAULT_SORT],
  pageSize: AUDIT_LOG_PAGE_SIZE,
  csv: () => [
    { header: 'When', value: orgDateTimeTextSql(sql`a.occurred_at`), kind: 'text' },
    { header: 'Action', value: sql`a.action`, kind: 'text' },
    { header: 'Record type', value: typeLabel, kind: 'text' },
    { header: 'Record', value: record, kind: 'text' },
    { header: 'Field', value: fieldLabel, kind: 'text' },
    { header: 'From', value: side(0), kind: 'text' },
    { header: 'To', value: side(1), kind: 'text' },
    { header: 'Currency', value: currency, kind: 'text' },
    { header: 'Who', value: actor, kind: 'text' },
    { header: 'IP', value: sql`host(a.actor_ip)`, kind: 'text' },
  ],
};
