import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { JOB_SCHEMA } from '../jobs/jobs.queue.ts';

/**
 * Who is applying an import right now. pg-boss only frees the job of a worker that died (kill -9,
 * out of memory, power) when the job's expiry passes, hours for an import, so the import would
 * sit at "processing" that long. Instead a running import holds a session advisory lock on a
 * connection of its own (PostgreSQL drops it the moment the process dies) and is listed in this
 * process; a worker starting, and every half minute after, hands back to the queue any active
 * import job that nobody holds.
 */
export const LOCK_CLASS = 715_015; // an arbitrary number that is this lock's namespace
const running = new Set<number>();

export type Held = { release: () => Promise<void> } | null;

/** Takes the import's lock; null when another live process already applies it. */
export async function holdImport(database: Database, importId: number): Promise<Held> {
  if (running.has(importId)) return null;
  let client: pg.Client | null = null;
  if (database.kind === 'postgres' && database.url) {
    client = new pg.Client({ connectionString: database.url, application_name: 'almoner-import-lock' });
    client.on('error', () => undefined);
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LOCK_CLASS, importId]);
    if (!rows[0]?.ok) {
      await client.end();
      return null;
    }
  }
  running.add(importId);
  return {
    release: async () => {
      running.delete(importId);
      // Ending the session frees its lock.
      await client?.end().catch(() => undefined);
    },
  };
}

/** Active import jobs whose process is gone, put back to be fetched again (an attempt spent). */
export async function recoverOrphanedImports(database: Database): Promise<number> {
  const { rows } = await database.execute(`select id, (data->>'importId')::int as import_id from ${JOB_SCHEMA}.job where name = 'import_apply' and state = 'active'`);
  let recovered = 0;
  for (const row of rows as { id: string; import_id: number }[]) {
    if (running.has(row.import_id)) continue;
    const held = await holdImport(database, row.import_id);
    if (!held) continue;
    try {
      const done = await database.execute(`update ${JOB_SCHEMA}.job set state = 'retry', start_after = now() where name = 'import_apply' and id = $1 and state = 'active' returning id`, [row.id]);
      recovered += done.rows.length;
    } finally {
      await held.release();
    }
  }
  return recovered;
}
