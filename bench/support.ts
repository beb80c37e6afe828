import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { type Database, type Tx, openDatabase } from '../packages/server/src/db/client.ts';
import { migrateDatabase } from '../packages/server/src/db/migrate.ts';
import { ensureAdmin } from '../packages/server/src/modules/auth/auth.service.ts';
import { generateOrganisation } from '../packages/server/src/seed/generate.ts';
import { quietTransaction, rowsOf } from '../packages/server/src/seed/writer.ts';
import { scaleFor } from '../packages/server/src/seed/scale.ts';

export const BENCH_EMAIL = 'bench@almoner.test';
export const BENCH_PASSWORD = 'bench-password-1';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** Opens (and if empty, seeds) a benchmark database of about `contributions` rows. */
export async function benchDatabase(url: string, contributions: number, supporters: number): Promise<Database> {
  const name = url.split('/').pop() as string;
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  const [row] = (await database.execute('select count(*)::int as n from contributions')).rows;
  if (Number(row?.n) === 0) {
    console.log(`seeding ${url.split('/').pop()} with ${contributions.toLocaleString('en-US')} contributions (once)…`);
    await generateOrganisation(database, {
      scale: scaleFor(contributions, supporters),
      run: (work) => database.db.transaction(async (tx) => { await quietTransaction(tx); return work(tx); }),
      log: (line) => console.log(`  ${line}`),
    });
    await database.execute('analyze');
  }
  return database;
}

/** A real HTTP server on loopback and a signed-in client, as a browser would use it. */
export async function benchServer(database: Database): Promise<{ app: FastifyInstance; call: (path: string, body?: unknown) => Promise<Response> }> {
  const config = { ...loadConfig({ ...process.env, ALMONER_DATA_DIR: '/tmp/almoner-bench', ALMONER_APP_KEY: Buffer.alloc(32, 3).toString('base64') }), adminEmail: BENCH_EMAIL, adminPassword: BENCH_PASSWORD };
  const app = await buildApp({ database, config });
  await ensureAdmin(app.ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  let cookies: Record<string, string> = {};
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair as string).split('=') as [string, string];
      cookies = { ...cookies, [name]: value };
    }
  };
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${address}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
        'x-csrf-token': cookies['XSRF-TOKEN'] ?? '',
        cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; '),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    remember(response);
    return response;
  };
  await (await call('/jpanel/login')).text();
  const login = await call('/jpanel/login', { email: BENCH_EMAIL, password: BENCH_PASSWORD });
  if (!login.ok) throw new Error(`bench sign-in failed: ${await login.text()}`);
  return { app, call };
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped and built again afterwards, in one
 * quiet transaction (no audit rows). Keeping 20-odd indexes (one of them a trigram GIN) up to date
 * row by row is most of a million-row insert's time; building each once at the end is a sort.
 * Indexes that back a constraint (keys, unique) stay, so the load is still checked.
 */
export async function bulkLoad(database: Database, tables: string[], load: (tx: Tx) => Promise<void>): Promise<void> {
  await database.db.transaction(async (tx) => {
    await quietTransaction(tx);
    const found = await tx.execute(sql`select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${sql.join(tables.map((t) => sql`${t}`), sql`, `)})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
    const indexes = rowsOf(found) as { name: string; def: string }[];
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await load(tx);
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    for (const index of indexes) await tx.execute(sql.raw(index.def));
  });
}
