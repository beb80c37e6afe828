import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL with positional parameters; used by migrations, pg-boss and benchmarks. */
  execute: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** Run several statements in one round trip (no parameters). */
  exec: (text: string) => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions = { url?: string | undefined; dataDir?: string | undefined; pglite?: PGlite };

/**
 * Opens the embedded PGlite database (a folder on disk, or memory) or a real PostgreSQL server
 * when a postgres:// URL is given. Both speak the same SQL, so one set of migrations serves both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg({ client: pool, schema, casing: undefined }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      execute: async (text, params) => {
        const result = await pool.query(text, params);
        return { rows: result.rows as Record<string, unknown>[] };
      },
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    execute: async (text, params) => {
      const result = await pglite.query(text, params);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    exec: async (text) => {
      await pglite.exec(text);
    },
    close: () => pglite.close(),
  };
}
