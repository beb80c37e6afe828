import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createPglite, openDatabase } from '../db/client.ts';
import { migrateDatabase, migrationsFolder } from '../db/migrate.ts';

/** One template per run, so two runs on one server (CI and a developer) never drop each other's. */
const TEMPLATE_DB = `almoner_template_${randomBytes(4).toString('hex')}`;
export const pgAdminUrl = process.env.ALMONER_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Migrates one template database per run. PGlite: a data-dir dump every test file loads;
 * PostgreSQL: a template database every test file copies. Creating either per file from
 * scratch would cost seconds each.
 */
export default async function setup(project: TestProject) {
  if (process.env.ALMONER_TEST_DB === 'postgres') {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ url: pgAdminUrl.replace(/\/[^/]*$/, `/${TEMPLATE_DB}`) });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplate', TEMPLATE_DB);
    return async () => {
      const dropper = new pg.Client({ connectionString: pgAdminUrl });
      await dropper.connect();
      // The seeded templates made from this one (test-db.ts, createSeededTestDatabase), then it.
      const { rows } = await dropper.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEMPLATE_DB}\\_s\\_%`]);
      for (const { datname } of rows) await dropper.query(`drop database if exists ${datname} with (force)`);
      await dropper.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await dropper.end();
    };
  }
  project.provide('pgliteDump', await migratedPgliteDump());
  // The seeded demos of this run (test-db.ts, createSeededTestDatabase): made by the first file
  // that asks for each scale, removed when the run ends.
  const seedCache = mkdtempSync(join(tmpdir(), 'almoner-seeded-'));
  project.provide('seedCache', seedCache);
  return () => rmSync(seedCache, { recursive: true, force: true });
}

const root = join(import.meta.dirname, '..', '..', '..', '..');
const cacheFolder = join(root, 'node_modules', '.cache', 'almoner-test');

/**
 * The migrated PGlite data folder as a tarball, made once for this set of migrations and this
 * PGlite: CI starts vitest on PGlite six times (the unit lane, reliability twice, the calendar
 * edges three times), and each run made it afresh (initdb and every migration, about 5–10 s of
 * CPU). Kept in node_modules/.cache, so a reinstall starts over; written under a temporary name
 * and renamed, so two runs starting together never read half a file.
 */
async function migratedPgliteDump(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  }
  const file = join(cacheFolder, `pglite-slim-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  const pglite = await createPglite();
  const database = await openDatabase({ pglite });
  await migrateDatabase(database);
  // template0 and template1 are copied only by CREATE DATABASE, which no test runs on PGlite;
  // without them every file's start unpacks 15 MB less: 0.42 s against 0.58 s a start, measured
  // on this machine (issue 29). DROP DATABASE runs outside a transaction, so one statement each.
  for (const statement of ['alter database template0 with is_template false', 'drop database template0', 'alter database template1 with is_template false', 'drop database template1']) {
    await pglite.query(statement);
  }
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  mkdirSync(cacheFolder, { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
    seedCache: string;
  }
}
