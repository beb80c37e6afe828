import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { EditionFlags } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { type CsvColumn, type ListingDefinition, type ListingQuery, orderClause, queryRows, whereClause } from './engine.ts';

const FETCH_SIZE = 2000;

/**
 * A text cell that starts with = + - @ tab or CR would run as a formula in a spreadsheet;
 * prefixing a quote makes it plain text. Done in SQL so PostgreSQL's own COPY can stream it.
 * Number columns are left alone so they stay numbers.
 */
const neutralised = (column: CsvColumn): SQL =>
  column.kind === 'number'
    ? sql`${column.value}`
    : sql`(select case when left(v, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || v else v end
             from (select (${column.value})::text as v) cell)`;

export function csvQuery<F>(def: ListingDefinition<F>, query: ListingQuery<F>, flags: EditionFlags): { sql: SQL; headers: string[] } {
  const columns = def.csv(flags);
  const select = sql.join(columns.map((c, i) => sql`${neutralised(c)} as ${sql.identifier(`c${i}`)}`), sql`, `);
  return {
    headers: columns.map((c) => c.header),
    sql: sql`select ${select} from ${def.from} where ${whereClause(def, query.filters, query.page.search)}
             order by ${orderClause(def, query.page.order)}`,
  };
}

/** RFC 4180 quoting, the same rule COPY … CSV applies. */
export function csvLine(values: unknown[]): string {
  return (
    values
      .map((v) => {
        if (v === null || v === undefined) return '';
        const text = v instanceof Date ? v.toISOString() : String(v);
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(',') + '\n'
  );
}

/**
 * Streams every matching row in the listing's order, in flat memory: PostgreSQL's COPY on a
 * server, a cursor read in batches on the embedded database.
 */
export function streamCsv<F>(database: Database, def: ListingDefinition<F>, query: ListingQuery<F>, flags: EditionFlags): Readable {
  const { sql: select, headers } = csvQuery(def, query, flags);
  if (database.copyOut) {
    const text = new PgDialect().sqlToQuery(select.inlineParams()).sql;
    return database.copyOut(`copy (${text}) to stdout with (format csv, header false)`, csvLine(headers));
  }
  return cursorCsv(database, select, csvLine(headers));
}

function cursorCsv(database: Database, select: SQL, header: string): Readable {
  const out = new PassThrough();
  out.write(header);
  void database.db
    .transaction(async (tx) => {
      await tx.execute(sql`declare csv_export no scroll cursor for ${select}`);
      while (!out.destroyed) {
        const rows = await queryRows(tx, sql.raw(`fetch ${FETCH_SIZE} from csv_export`));
        if (rows.length === 0) break;
        const chunk = rows.map((row) => csvLine(Object.values(row))).join('');
        if (!out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
    })
    .then(
      () => out.end(),
      (error: Error) => out.destroy(error),
    );
  return out;
}
