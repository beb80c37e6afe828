import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, createPglite, openDatabase } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { KILLED_JOB_OPTIONS } from './jobs.kill.shared.ts';
import { JobQueue, defineJob } from './jobs.queue.ts';

/** Issue 7 item 1: a worker killed with SIGKILL mid-job; a new worker completes the job, once. */
const onPostgres = process.env.ALMONER_TEST_DB === 'postgres';
let effects = 0;

defineJob<{ n: number }>({
  ...KILLED_JOB_OPTIONS,
  handler: async (run) => {
    await run.once(`killed:${run.id}`, async () => {
      effects += 1;
    });
    await run.progress(100);
  },
});

const dir = mkdtempSync(join(tmpdir(), 'almoner-kill-'));
let child: ChildProcess | undefined;
let database: Database | undefined;
let queue: JobQueue | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  await queue?.stop();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves with the job id once the child's handler is running. */
function startChild(env: NodeJS.ProcessEnv): Promise<string> {
  const entry = fileURLToPath(new URL('./jobs.kill-worker.ts', import.meta.url));
  child = spawn(process.execPath, ['--import', 'tsx', entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child?.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const started = /started ([0-9a-f-]{36})/.exec(out);
      if (started) resolve(started[1] as string);
    });
    child?.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child?.on('exit', (code) => reject(new Error(`worker exited (${code}) before starting the job: ${err.slice(-2000)}`)));
  });
}

describe(`a worker killed mid-job on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('leaves the job to the next worker, which completes it once', async () => {
    let env: NodeJS.ProcessEnv;
    if (onPostgres) {
      // The test database this file owns; the child connects to it as a second process would.
      database = await createTestDatabase();
      const [row] = await queryRows(database.db, sql`select current_database() as name`);
      const url = (process.env.ALMONER_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, `/${String(row?.name)}`);
      env = { DATABASE_URL: url };
    } else {
      // PGlite is one process's database: the child owns the folder until it is killed.
      env = { KILL_TEST_PGLITE_DIR: join(dir, 'db'), DATABASE_URL: '' };
    }
    const id = await startChild(env);
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child?.kill('SIGKILL');
    await exited;

    database ??= await openDatabase({ pglite: await createPglite({ dataDir: join(dir, 'db') }) });
    const [before] = await queryRows(database.db, sql`select state::text as state from pgboss.job where id = ${id}::uuid`);
    expect(before?.state).toBe('active');

    queue = new JobQueue(database, { work: true, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    await queue.start();
    const deadline = Date.now() + 30_000;
    let state: unknown;
    while (Date.now() < deadline) {
      [{ state } = { state: undefined }] = await queryRows(database.db, sql`select state::text as state from pgboss.job where id = ${id}::uuid`);
      if (state === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(state).toBe('completed');
    expect(effects).toBe(1);
    const [keys] = await queryRows(database.db, sql`select count(*)::int as n from job_once_keys where key = ${`killed:${id}`}`);
    expect(keys?.n).toBe(1);
  }, 90_000);
});
