import { getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../db/client.ts';

/** Runs one unit of seeding work in a transaction (one per call, or one shared by all calls). */
export type Runner = <T>(work: (q: Queryable) => Promise<T>) => Promise<T>;

/**
 * Seeding is bulk bookkeeping, not a staff action: the audit trail is switched off for the
 * transaction only, and commits need not wait for the disk (a crash just means re-seeding).
 * When the role may (a superuser, as on a local server or PGlite), row triggers are skipped
 * altogether for the transaction, as pg_restore does: foreign-key checks and the search-text
 * and name triggers would double the load time. The
 * generator only writes complete parent-first data, and its tests check every foreign key.
 */
export async function quietTransaction(q: Queryable): Promise<void> {
  await q.execute(sql`select set_config('almoner.audit', 'off', true), set_config('synchronous_commit', 'off', true),
    case when current_setting('is_superuser') = 'on' then set_config('session_replication_role', 'replica', true) end`);
}

/** A runner that opens one quiet transaction per call (the CLI: many medium transactions). */
export function transactionPerCall(db: Db): Runner {
  return (work) =>
    db.transaction(async (tx) => {
      await quietTransaction(tx);
      return work(tx);
    });
}

const MAX_ROWS_PER_STATEMENT = 20_000;

/**
 * Inserts rows with one `INSERT … SELECT FROM unnest($1::text[], …)` per batch: one parameter
 * per column whatever the row count, so a batch of thousands of rows is a single round trip.
 * Rows are typed by the table, so the generator cannot drift from the schema.
 */
export async function insertRows<T extends PgTable>(q: Queryable, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_STATEMENT) {
    await q.execute(insertStatement(table, rows.slice(start, start + MAX_ROWS_PER_STATEMENT)));
  }
}

function insertStatement(table: PgTable, rows: Record<string, unknown>[]): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  // Columns no row sets are left to their defaults.
  const keys = Object.keys(columns).filter((key) => !columns[key]?.generated && rows.some((row) => row[key] !== undefined));
  const names = keys.map((key) => `"${(columns[key] as PgColumn).name}"`).join(', ');
  const selects = keys.map((key, i) => selectFor(columns[key] as PgColumn, `u.c${i}${castFor(columns[key] as PgColumn)}`));
  const aliases = keys.map((_, i) => `c${i}`).join(', ');
  const params = keys.map((key) => sql`${sql.param(columnLiteral(rows, key, columns[key] as PgColumn))}::text[]`);
  return sql`insert into ${sql.raw(`"${getTableName(table)}" (${names})`)} select ${sql.join(selects, sql`, `)}
    from unnest(${sql.join(params, sql`, `)}) as ${sql.raw(`u(${aliases})`)}`;
}

/** One column of every row as a text[] literal, built here in one pass (the driver's array encoder is slower). */
function columnLiteral(rows: Record<string, unknown>[], key: string, column: PgColumn): string {
  const fallback = column.default === undefined || is(column.default, SQL) ? undefined : column.default;
  const parts: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const value = (rows[i] as Record<string, unknown>)[key];
    const text = toText(value === undefined ? fallback : value, column);
    parts[i] = text === null ? 'NULL' : quoteElement(text);
  }
  return `{${parts.join(',')}}`;
}

const NEEDS_ESCAPE = /[\\"]/;
function quoteElement(text: string): string {
  return `"${NEEDS_ESCAPE.test(text) ? text.replace(/[\\"]/g, '\\$&') : text}"`;
}

/**
 * A row that leaves out a column gets the column's default, as a plain INSERT would: JS
 * defaults are filled in above, SQL defaults (now()) through coalesce here.
 */
function selectFor(column: PgColumn, value: string): SQL {
  if (is(column.default, SQL)) return sql`coalesce(${sql.raw(value)}, ${column.default})`;
  return sql.raw(value);
}

/** Text columns take the text as is (so over-long values fail instead of being truncated). */
function castFor(column: PgColumn): string {
  const type = column.getSQLType();
  if (/^(varchar|char|text)(\(|$)/.test(type)) return '';
  if (type === 'serial') return '::integer';
  if (type === 'bigserial') return '::bigint';
  return `::${type}`;
}

function toText(value: unknown, column: PgColumn): string | null {
  if (value === null || value === undefined) return null;
  if (column.dataType === 'json') return JSON.stringify(value);
  if (column.columnType === 'PgArray') return arrayLiteral(value as unknown[]);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

/** A PostgreSQL array literal (array columns travel as text inside the text[] parameter). */
function arrayLiteral(items: unknown[]): string {
  return `{${items.map((item) => (item === null ? 'NULL' : quoteElement(String(item)))).join(',')}}`;
}

/**
 * Hands out primary keys before rows are written, so parents and children can be built in
 * memory and written in one go. Starts after any rows a table already has.
 */
export class IdAllocator {
  private readonly last = new Map<string, number>();

  static async load(q: Queryable, tables: PgTable[]): Promise<IdAllocator> {
    const allocator = new IdAllocator();
    const selects = tables.map((t) => `select '${getTableName(t)}' as name, coalesce(max(id), 0)::bigint as last from "${getTableName(t)}"`);
    const result = await q.execute(sql.raw(selects.join(' union all ')));
    for (const row of rowsOf(result)) allocator.last.set(String(row.name), Number(row.last));
    return allocator;
  }

  next(table: PgTable): number {
    const name = getTableName(table);
    const id = (this.last.get(name) ?? 0) + 1;
    this.last.set(name, id);
    return id;
  }

  /** The id the next call would return, without taking it. */
  peek(table: PgTable): number {
    return (this.last.get(getTableName(table)) ?? 0) + 1;
  }
}

/** After explicit ids, moves each table's id sequence past the highest id. */
export async function resetSequences(q: Queryable, tables: PgTable[]): Promise<void> {
  const statements = tables.map((t) => {
    const name = getTableName(t);
    return `select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce(max(id), 0) + 1, false) from "${name}"`;
  });
  await q.execute(sql.raw(statements.join(' union all ')));
}

/** Rows of a raw `execute` answer on either driver (node-postgres and PGlite both use `.rows`). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows;
  return rows ?? (result as Record<string, unknown>[]);
}
