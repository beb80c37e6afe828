import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';

/**
 * How long a count answers for the same statement. Clients that count on every page (the
 * DataTables library) pay for one count per filter in this window instead of one per request;
 * bulk actions forget every count at once, so their own result shows straight away.
 */
export const COUNT_TTL_SECONDS = 30;

const dialect = new PgDialect();

/** The statement and its parameters identify the count: listing, filter, search, any row scope. */
export function countKey(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return createHash('sha256').update(text).update('\u0000').update(JSON.stringify(params)).digest('hex');
}

const rowsOf = async (db: Queryable, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Runs a `select … as n` count, or answers it from the shared cache while it is fresh. */
export async function cachedCount(db: Queryable, query: SQL): Promise<{ n: number; cached: boolean }> {
  const key = countKey(query);
  const [hit] = await rowsOf(db, sql`select n from listing_counts where key = ${key} and expires_at > now()`);
  if (hit) return { n: Number(hit.n), cached: true };
  const n = Number((await rowsOf(db, query))[0]?.n ?? 0);
  // Long-expired rows go on the next miss, so the table stays as small as the live filters.
  try {
    await db.execute(sql`with purged as (delete from listing_counts where expires_at < now() - interval '5 minutes')
                         insert into listing_counts (key, n, expires_at) values (${key}, ${n}, now() + make_interval(secs => ${COUNT_TTL_SECONDS}))
                         on conflict (key) do update set n = excluded.n, expires_at = excluded.expires_at`);
  } catch (error) {
    // A read replica (DATABASE_READ_URL: reports, exports) cannot keep the count: it is answered
    // all the same, counted afresh next time. Anything else is a real failure.
    if (!isReadOnly(error)) throw error;
  }
  return { n, cached: false };
}

/** PostgreSQL's "cannot execute … in a read-only transaction" (a hot standby), however wrapped. */
function isReadOnly(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) if (e.code === '25006') return true;
  return false;
}

/** After rows change in bulk, every listing counts afresh. */
export async function forgetListingCounts(db: Queryable): Promise<void> {
  await db.execute(sql`delete from listing_counts`);
}
