import pg from 'pg';

/** Names of the session locks processes take one at a time (arbitrary numbers, distinct). */
export const SESSION_LOCKS = { migrations: 715_016, jobQueues: 715_017 } as const;

/**
 * Runs `work` while holding a PostgreSQL session advisory lock on a connection of its own, so
 * processes that start together (several web and worker processes after a deploy) do it one after
 * the other; ending the session frees the lock, whatever happened. Without a URL (the embedded
 * database, one process) it simply runs.
 */
export async function oneAtATime<T>(url: string | undefined, lock: number, work: () => Promise<T>): Promise<T> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url, application_name: 'almoner-startup-lock' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lock]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
