import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createPglite, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

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
      await dropper.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await dropper.end();
    };
  }
  const pglite = await createPglite();
  const database = await openDatabase({ pglite });
  await migrateDatabase(database);
  const dump = await pglite.dumpDataDir('none');
  const file = join(mkdtempSync(join(tmpdir(), 'almoner-test-')), 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDump', file);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}
