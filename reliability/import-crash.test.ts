import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../packages/server/src/app.ts';
import { queryRows } from '../packages/server/src/listing/engine.ts';
import { pgBin } from '../packages/server/src/test/pg-cluster.ts';
import { Agent, buildUser, testConfig } from '../packages/server/src/test/test-app.ts';
import { SEED, SHORT, printFigures, prng } from './support/figures.ts';
import { BAD_EVERY, giftRow } from './support/gift-rows.ts';
import { ownCluster } from './support/own-cluster.ts';

/**
 * Issue 15, crash safety of the import job, on a PostgreSQL cluster of the suite's own: a worker
 * process applying a contributions import is killed with SIGKILL at random moments and started
 * again each time. The import must end completed with every valid row applied exactly once and
 * the bad rows rejected, or failed with none applied; never stuck at "processing".
 * RELIABILITY_IMPORT_ROWS sets the row count (full form 100,000: at today's apply speed, over an hour).
 */
const ROWS = Number(process.env.RELIABILITY_IMPORT_ROWS ?? (SHORT ? 6_000 : 100_000));
const KILLS = SHORT ? 3 : 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const root = join(import.meta.dirname, '..');

describe.skipIf(!pgBin)('import crash safety', () => {
  const own = ownCluster();
  let app: FastifyInstance | undefined;
  let worker: ChildProcess | undefined;

  afterAll(async () => {
    worker?.kill('SIGKILL');
    await app?.close();
  });

  /** A worker process (ALMONER_ROLE=worker runs the jobs, no HTTP), resolved once it is running. */
  async function startWorker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: own.current().cluster.url, ALMONER_ROLE: 'worker', ALMONER_SCHEDULE: '0', ALMONER_DATA_DIR: '/tmp/almoner-import-crash', ALMONER_APP_KEY: Buffer.alloc(32, 6).toString('base64'), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.resume();
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('worker is running')) resolve();
      });
    });
    child.removeAllListeners('exit');
    return child;
  }

  it(`applies a ${ROWS.toLocaleString('en-US')}-row contributions import exactly once through ${KILLS} kill -9s of its worker`, async () => {
    const { database } = await own.open();
    app = await buildApp({ database, config: testConfig });
    const user = await buildUser(database);
    const agent = new Agent(app);
    await agent.login(user.email);

    // Staged and started through the routes the import screen calls.
    const rows = Array.from({ length: ROWS }, (_, i) => giftRow(i));
    const bad = rows.filter((_, i) => i % BAD_EVERY === BAD_EVERY - 1).length;
    const workbookId = `crash-${SEED}`;
    const submitted = await agent.post('/flatfile/imports/contributions', { external_reference: workbookId, mode: 'create', rows });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const importId = (submitted.json() as { id: number }).id;
    const started = await agent.post('/flatfile/webhook/contributions', { workbookId });
    expect(started.statusCode, started.body).toBe(200);

    const db = database.db;
    const status = async () => (await queryRows(db, sql`select status from imports where id = ${importId}`))[0]?.status as string;
    const applied = async () => Number((await queryRows(db, sql`select count(*)::int as n from import_rows where import_id = ${importId} and outcome = 'created'`))[0]?.n);

    const rng = prng(SEED);
    const killedAt: number[] = [];
    worker = await startWorker();
    for (let k = 0; k < KILLS && (await status()) === 'processing'; k += 1) {
      // Random moments, somewhere inside the apply (the first batches take a few seconds).
      await sleep(rng.int(1_500, SHORT ? 8_000 : 60_000));
      worker.kill('SIGKILL');
      await once(worker, 'exit');
      killedAt.push(await applied());
      worker = await startWorker();
    }
    const lastRestart = Date.now();
    const limit = SHORT ? 180_000 : 4 * 60 * 60_000;
    while ((await status()) === 'processing' && Date.now() - lastRestart < limit) await sleep(500);
    const finishMs = Date.now() - lastRestart;
    worker.kill('SIGTERM');
    await once(worker, 'exit');

    const final = await status();
    const [check] = await queryRows(db, sql`
      select (select count(*)::int from import_rows where import_id = ${importId} and outcome = 'created') as created,
             (select count(*)::int from import_rows where import_id = ${importId} and outcome = 'rejected') as rejected,
             (select count(*)::int from import_rows where import_id = ${importId} and outcome = 'pending') as pending,
             (select count(*)::int from contributions where source = 'Import') as contributions,
             (select count(*)::int from contributions c join import_rows r on r.record_id = c.id and r.import_id = ${importId}) as linked,
             (select count(*)::int from payments p join import_rows r on p.id = (r.previous->>'payment_id')::int and r.import_id = ${importId}) as payments,
             (select count(*)::int from (select gift_id from contributions group by gift_id having count(*) > 1) d) as duplicate_gifts,
             (select count(distinct supporter_id)::int from contributions where source = 'Import') as donors`);
    printFigures('import crash safety', {
      rows: ROWS,
      'bad rows': bad,
      kills: killedAt.length,
      'rows applied at each kill': killedAt.join(', ') || '(finished before the first kill)',
      'final status': final,
      'rows applied': Number(check?.created),
      'finish after last restart': `${(finishMs / 1000).toFixed(1)} s`,
      seed: SEED,
    });

    expect(['completed', 'failed']).toContain(final);
    if (final === 'completed') {
      expect(check).toMatchObject({ created: ROWS - bad, rejected: bad, pending: 0, contributions: ROWS - bad, linked: ROWS - bad, payments: ROWS - bad, duplicate_gifts: 0 });
      // Every other row names the donor of the row before: one supporter each, however the kills fell.
      expect(check?.donors).toBe(Math.ceil(ROWS / 2));
    } else {
      expect(check).toMatchObject({ created: 0, contributions: 0 });
    }
    expect(killedAt.length).toBeGreaterThan(0);
  }, SHORT ? 300_000 : 5 * 60 * 60_000);
});
