import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';
import { installAuditTriggers } from '../modules/audit/audit.sql.ts';
import { SESSION_LOCKS, oneAtATime } from './session-lock.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies committed migrations, then (re)attaches the audit trigger to every audited table. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    // Processes starting together migrate one after the other: the first applies what is new, the
    // others find nothing to do (two at once died on "relation already exists").
    await oneAtATime(database.url, SESSION_LOCKS.migrations, () => migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder }));
  }
  await installAuditTriggers(database);
}
