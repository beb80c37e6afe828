import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { PassThrough, type Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import * as schema from './schema.ts';
import { type ListenHandlers, type Unlisten, listenOnPostgres } from './listen.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string, for the few parts that need a connection of their own. */
  url?: string | undefined;
  /** Run raw SQL with positional parameters; used by migrations, pg-boss and benchmarks. */
  execute: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** PostgreSQL only: stream `COPY … TO STDOUT` output after `prefix` (exports). */
  copyOut?: (text: string, prefix: string) => Readable;
  /** Run several statements in one round trip (no parameters). */
  exec: (text: string) => Promise<void>;
  /** Hears NOTIFY on `channel` (from any process on PostgreSQL) until the returned stop is called. */
  listen: (channel: string, handlers: ListenHandlers) => Promise<Unlisten>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  url?: string | undefined;
  dataDir?: string | undefined;
  pglite?: PGlite;
  /**
   * PostgreSQL only: the longest one statement may run (statement_timeout, which also bounds a
   * wait for a lock) before PostgreSQL cancels it and the request answers 503. Absent means no
   * bound (tools, benchmarks); the server sets it from config. PGlite has one process and no
   * other session to wait on, so it is not applied there.
   */
  statementTimeoutMs?: number | undefined;
};

/**
 * Opens the embedded PGlite database (a folder on disk, or memory) or a real PostgreSQL server
 * when a postgres:// URL is given. Both speak the same SQL, so one set of migrations serves both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // A stopped or restarting server refuses connections at once, and that request answers 503.
    // The timeout covers the wait for a free pooled connection too: requests queued behind
    // row locks (parallel bulk actions on the same rows) wait their turn rather than fail, so
    // it is long enough for a busy moment and short of a client's patience.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: 20_000,
      // Sent in the startup packet, so every pooled connection (requests and the jobs that share
      // this pool) starts with the bound; exports lift it on their own connection (copyOutOfPool).
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // When PostgreSQL restarts or the network drops, every open connection emits 'error', idle
    // in the pool or checked out between two queries of a transaction. Unheard, that event ends
    // the process. The pool drops a broken connection and the next query opens a new one; the
    // query that was using it fails, and that request answers 503 (see isDatabaseUnavailable).
    pool.on('error', ignoreConnectionError);
    pool.on('connect', (client) => client.on('error', ignoreConnectionError));
    const db = drizzlePg({ client: pool, schema, casing: undefined }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      execute: async (text, params) => {
        const result = await pool.query(text, params);
        return { rows: result.rows as Record<string, unknown>[] };
      },
      exec: async (text) => {
        await pool.query(text);
      },
      copyOut: (text, prefix) => copyOutOfPool(pool, text, prefix),
      listen: (channel, handlers) => listenOnPostgres(options.url as string, channel, handlers),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = await createPglite(options.dataDir ? { dataDir: options.dataDir } : {});
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
    // One process owns the embedded database, so its notifications cannot be missed.
    listen: async (channel, handlers) => {
      const stop = await pglite.listen(channel, handlers.message);
      handlers.ready();
      return () => stop();
    },
    close: () => pglite.close(),
  };
}

const ignoreConnectionError = (): void => {};

/** Node's socket errors and PostgreSQL's codes for "no server to talk to right now". */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '53300', '57P01', '57P02', '57P03']);
/** node-postgres reports a dropped or timed-out connection by message alone. */
const UNAVAILABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether a failure means the database cannot be reached (stopped, restarting, unreachable)
 * rather than that the query was wrong: such a request may simply be tried again shortly.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  // SQLSTATE class 08 is "connection exception".
  if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_MESSAGE.test(error.message)) return true;
  const inner = [(error as { cause?: unknown }).cause, ...(error instanceof AggregateError ? error.errors : [])];
  return inner.some((e) => isDatabaseUnavailable(e, depth + 1));
}

/**
 * SQLSTATEs of a statement PostgreSQL stopped because it ran too long: statement_timeout (57014
 * query_canceled), lock_timeout (55P03) and idle_in_transaction_session_timeout (25P03). The
 * request may be tried again later; it answers 503, not 500.
 */
const TIMED_OUT_CODES = new Set(['57014', '55P03', '25P03']);

/** Whether a failure is a statement the database cancelled for running past its bound. */
export function isStatementTimedOut(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  if (TIMED_OUT_CODES.has(String((error as { code?: unknown }).code ?? ''))) return true;
  return isStatementTimedOut((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * Streams a COPY from one pooled connection; a client that stops reading ends the COPY.
 * A COPY lasts as long as the client takes to download it, so it runs without the pool's
 * statement_timeout; the connection is then discarded rather than returned with that lifted.
 */
function copyOutOfPool(pool: pg.Pool, text: string, prefix: string): Readable {
  const out = new PassThrough();
  out.write(prefix);
  pool.connect().then(
    async (client) => {
      try {
        // In a transaction of its own, and SET LOCAL: behind PgBouncer in transaction mode a
        // plain SET would stay on the server connection for whoever is handed it next. The
        // transaction only reads, and ends with the connection (discarded below).
        await client.query('BEGIN READ ONLY');
        await client.query('SET LOCAL statement_timeout = 0');
      } catch (error) {
        client.release(error as Error);
        out.destroy(error as Error);
        return;
      }
      const copy = client.query(copyTo(text));
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        // Handed back as broken either way: mid-COPY it cannot be reused, and after it the
        // connection has no statement bound any more.
        client.release(error ?? true);
      };
      copy.on('error', (error: Error) => {
        release(error);
        out.destroy(error);
      });
      copy.on('end', () => release());
      out.on('close', () => {
        if (!copy.readableEnded) {
          copy.destroy();
          release(new Error('export abandoned'));
        }
      });
      copy.pipe(out);
    },
    (error: Error) => out.destroy(error),
  );
  return out;
}

/**
 * PGlite with the extensions the migrations use (trigram search for the listings).
 * `postgresqlconf`: settings added to the database's postgresql.conf for this start.
 */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob; postgresqlconf?: string } = {}): Promise<PGlite> {
  return PGlite.create({ ...options, ...pgliteAssets(), extensions: { pg_trgm } });
}

let fsBundle: Blob | undefined;

/**
 * PGlite's file bundle (6 MB of share/ and lib/ files), read once per process. A server starts
 * one database, but the tests start one per file (about 190 a run) and each start read it again
 * (issue 29). Its WebAssembly modules need no such help: V8 keeps one compiled copy per process.
 */
function pgliteAssets(): { fsBundle: Blob } {
  fsBundle ??= new BytesBlob(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.data')));
  return { fsBundle };
}

/**
 * A Blob whose `arrayBuffer()` is one copy of the bytes it was made from. Node 20's Blob reads
 * its stored parts back in chunks and joins them: 0.4–0.5 s of CPU for a test database's 50 MB
 * data folder, a quarter of a test file's start (measured 2026-12-07, issue 29). PGlite reads
 * `loadDataDir` and `fsBundle` only through `arrayBuffer()`; every other read is the Blob's own.
 */
export class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}
