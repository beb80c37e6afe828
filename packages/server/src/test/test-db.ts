import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, createPglite, openDatabase } from '../db/client.ts';
import { pgAdminUrl } from './global-setup.ts';
import { closeAfterFile } from './open-resources.ts';

/**
 * A fresh, migrated database for one test file: PGlite by default, PostgreSQL on request. Closed
 * after the file (setup.ts) unless the test closed it first; closing twice is harmless. Server test
 * files share one process (vitest.config.ts, `isolate: false`), so a database left open would keep
 * its embedded PostgreSQL's memory (about 125 MB) until the worker ends.
 */
export async function createTestDatabase(): Promise<Database> {
  const database = await openTestDatabase();
  return { ...database, close: closeAfterFile(database.close) };
}

async function openTestDatabase(): Promise<Database> {
  if (process.env.ALMONER_TEST_DB === 'postgres') {
    const name = `almoner_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    await admin.end();
    const database = await openDatabase({ url: pgAdminUrl.replace(/\/[^/]*$/, `/${name}`) });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: pgAdminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  const pglite = await createPglite({ loadDataDir: dump });
  return openDatabase({ pglite });
}
