// npm run seed -- --contributions 1000000 [--supporters 250000] [--reset]
// Seeds the database main.ts would use (DATABASE_URL, else the PGlite folder in ALMONER_DATA_DIR).
import { parseArgs } from 'node:util';
import { getTableName, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { storageFor } from '../integrations/storage/index.ts';
import { GENERATED_TABLES, generateOrganisation } from './generate.ts';
import { scaleFor } from './scale.ts';
import { rowsOf, transactionPerCall } from './writer.ts';

const { values } = parseArgs({
  options: {
    contributions: { type: 'string', default: '2400' },
    supporters: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});

const contributions = Number(values.contributions);
const supporters = values.supporters === undefined ? undefined : Number(values.supporters);
if (!Number.isInteger(contributions) || contributions < 100 || (supporters !== undefined && (!Number.isInteger(supporters) || supporters < 50))) {
  console.error('Usage: npm run seed -- --contributions <n ≥ 100> [--supporters <n ≥ 50>] [--reset]');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
try {
  await migrateDatabase(database);
  if (values.reset) await resetSeededTables(database);
  else if (await hasSupporters(database)) {
    console.error('This database already has supporters. Use --reset to replace every generated table, or point DATABASE_URL / ALMONER_DATA_DIR at an empty database.');
    process.exitCode = 1;
  }
  if (process.exitCode !== 1) {
    const started = Date.now();
    const scale = scaleFor(contributions, supporters);
    console.log(`Seeding ${scale.contributions.toLocaleString('en-US')} contributions and ${scale.supporters.toLocaleString('en-US')} supporters into ${database.kind}…`);
    await generateOrganisation(database, { scale, run: transactionPerCall(database.db), concurrent: true, appKey: config.appKey, storage: storageFor(config), log: (line) => console.log(`  ${line}`) });
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} finally {
  await database.close();
}

async function hasSupporters(db: Database): Promise<boolean> {
  const [row] = rowsOf(await db.db.execute(sql`select exists (select 1 from supporters) as seeded`));
  return row?.seeded === true;
}

/** Empties every generated table (users, sessions, settings and the audit log stay). */
async function resetSeededTables(db: Database): Promise<void> {
  const names = GENERATED_TABLES.map((t) => `"${getTableName(t)}"`).join(', ');
  await db.exec(`truncate table ${names} restart identity`);
}
