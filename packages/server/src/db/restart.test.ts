import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { Agent, buildUser, testConfig } from '../test/test-app.ts';
import { type Database, isDatabaseUnavailable, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/**
 * This test stops and starts a PostgreSQL cluster of its own, on its own port, so the shared
 * server the other tests use is never touched. It needs the server binaries (initdb, pg_ctl).
 */
const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : [];
const bin = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => existsSync(`${dir}/pg_ctl`));
// PostgreSQL refuses to run as root: as root (CI, containers), run it as the postgres user.
const asRoot = process.getuid?.() === 0;

function run(tool: string, args: string[]): void {
  const [command, prefix] = asRoot ? ['runuser', ['-u', 'postgres', '--', `${bin}/${tool}`]] : [`${bin}/${tool}`, []];
  execFileSync(command, [...prefix, ...args], { stdio: 'pipe', timeout: 60_000 });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!bin)(`the app while its PostgreSQL restarts (needs initdb and pg_ctl under /usr/lib/postgresql/*/bin${bin ? '' : ': not installed, skipped'})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'almoner-pg-restart-'));
  const data = join(dir, 'data');
  let app: FastifyInstance | undefined;
  let database: Database | undefined;

  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    try {
      pgCtl('stop', '-m', 'immediate');
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while the database is down, stays up, and serves again within 5 s of its return', async () => {
    if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    const port = await freePort();
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    const start = () => pgCtl('start', '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`);
    start();

    database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await migrateDatabase(database);
    app = await buildApp({ database, config: testConfig });
    const user = await buildUser(database);
    const agent = new Agent(app);
    await agent.login(user.email);
    // Several requests at once leave several idle connections in the pool.
    const warm = await Promise.all([1, 2, 3].map(() => agent.get('/jpanel/auth/session')));
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200]);

    // A transaction holds its connection between two statements while the server stops.
    const open = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(1500);
      await tx.execute(sql`select 1`);
    });
    const outcome = open.then(
      () => 'committed',
      (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : String(error)),
    );
    await sleep(200);

    pgCtl('stop', '-m', 'fast');
    // Idle connections are told the server is shutting down (57P01); give them time to hear it.
    await sleep(500);
    expect(await outcome).toBe('unavailable');

    const whileDown = [
      await agent.get('/jpanel/auth/session'),
      await agent.post('/jpanel/login', { email: user.email, password: 'whatever-1' }),
      await agent.post('/jpanel/supporters.listing', { draw: 1, start: 0, length: 10 }),
      await new Agent(app).post('/jpanel/login', { email: user.email, password: 'whatever-1' }),
    ];
    for (const response of whileDown) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: messages.unavailable, code: 'unavailable' });
    }

    start();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 5000) {
      status = (await agent.get('/jpanel/auth/session')).statusCode;
      if (status === 200) break;
      await sleep(100);
    }
    expect(status).toBe(200);
    expect(Date.now() - back).toBeLessThan(5000);
  }, 120_000);
});
