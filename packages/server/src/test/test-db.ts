import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { BytesBlob, type Database, createPglite, openDatabase } from '../db/client.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import type { Scale } from '../seed/scale.ts';
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

/**
 * A fresh database holding the small demo organisation `scale` describes, as `seedDemoIfEmpty`
 * makes it. Each scale is seeded once per run and copied for every file that asks for it: 21
 * files seed one of seven scales, and seeding took 4–10 s of a loaded lane each time (issue 29).
 * The demo is deterministic (seed.test.ts), so a copy holds what a seed of its own would.
 */
export async function createSeededTestDatabase(scale: Scale): Promise<Database> {
  const key = createHash('sha256').update(JSON.stringify(scale)).digest('hex').slice(0, 12);
  const database = process.env.ALMONER_TEST_DB === 'postgres' ? await openTestDatabase(await seededPgTemplate(key, scale)) : await seededPglite(key, scale);
  return { ...database, close: closeAfterFile(database.close) };
}

/**
 * PGlite: the first file to ask seeds its own database and leaves a dump of it in the run's
 * folder; the next files load that dump. Two files asking at once both seed (no lock across
 * workers): each dump is written under a name of its own and renamed, so none is read half-made.
 */
async function seededPglite(key: string, scale: Scale): Promise<Database> {
  const file = join(inject('seedCache'), `demo-${key}.tar`);
  if (existsSync(file)) return openDatabase({ pglite: await startPglite(new BytesBlob(readFileSync(file))) });
  const pglite = await startPglite(migratedDump());
  const database = await openDatabase({ pglite });
  await seedDemoIfEmpty(database, () => {}, scale);
  // The seed commits with synchronous_commit off, so its commit may not be in the WAL yet: a dump
  // taken now loaded as an empty organisation.
  await pglite.query('checkpoint');
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  renameSync(partial, file);
  return database;
}

/** The migrated database's dump, read once per worker (its files share the worker's modules). */
let dump: Buffer | undefined;
const migratedDump = () => new BytesBlob((dump ??= readFileSync(inject('pgliteDump'))));

/**
 * A test database's start, PGlite's default 128 MB of shared buffers made 16 MB: PostgreSQL
 * zeroes them as it starts, 0.4 s of CPU in each of the ~190 files' starts against 0.05 s, and a
 * test file's database is a few MB (measured 2026-12-07, issue 29).
 */
const startPglite = (loadDataDir: Blob) => createPglite({ loadDataDir, postgresqlconf: 'shared_buffers = 16MB' });

/**
 * PostgreSQL: a template database per scale, made from the migrated template and seeded under an
 * advisory lock, so the second worker waits for the first rather than seeding it twice. Dropped
 * with the migrated template when the run ends (global-setup.ts).
 */
async function seededPgTemplate(key: string, scale: Scale): Promise<string> {
  const name = `${inject('pgTemplate')}_s_${key}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
      const database = await openDatabase({ url: pgAdminUrl.replace(/\/[^/]*$/, `/${name}`) });
      await seedDemoIfEmpty(database, () => {}, scale);
      await database.close();
    }
  } finally {
    await admin.end();
  }
  return name;
}

async function openTestDatabase(template?: string): Promise<Database> {
  if (process.env.ALMONER_TEST_DB === 'postgres') {
    const name = `almoner_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template ?? inject('pgTemplate')}`);
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
  return openDatabase({ pglite: await startPglite(migratedDump()) });
}
