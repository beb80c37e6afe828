import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { join } from 'node:path';
import { messages } from '@almoner/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../packages/server/src/app.ts';
import { freePort, pgBin } from '../packages/server/src/test/pg-cluster.ts';
import { Agent, buildUser, testConfig } from '../packages/server/src/test/test-app.ts';
import { SHORT, percentile, printFigures } from './support/figures.ts';
import { ownCluster } from './support/own-cluster.ts';

/**
 * Item 5 of issue 17 (faults), on a PostgreSQL cluster of the suite's own (the shared server is
 * never stopped): the database stopped under load answers 503 with Retry-After, never 500, the
 * process stays up and serves again within 5 s of the database's return; SIGTERM lets the
 * requests in flight finish, takes no new connection and exits 0.
 */
const OUTAGE_MS = SHORT ? 5_000 : 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const root = join(import.meta.dirname, '..');

describe.skipIf(!pgBin)('faults', () => {
  const own = ownCluster();
  let app: FastifyInstance | undefined;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    await app?.close();
  });

  it(`answers 503 with Retry-After through a ${OUTAGE_MS / 1000} s database outage under load, then serves again within 5 s`, async () => {
    const { cluster, database } = await own.open();
    app = await buildApp({ database, config: testConfig });
    const user = await buildUser(database);
    const agent = new Agent(app);
    await agent.login(user.email);

    const statuses = new Map<number, number>();
    const bad: string[] = [];
    let phase: 'up' | 'down' | 'back' = 'up';
    let firstOkAfterBack = 0;
    let running = true;
    const latencies: number[] = [];
    // Eight clients, each calling a listing and the session check back to back.
    const clients = Array.from({ length: 8 }, async (_, i) => {
      while (running) {
        const started = performance.now();
        const response = i % 2 ? await agent.post('/jpanel/supporters.listing', { draw: 1, start: 0, length: 25 }) : await agent.get('/jpanel/auth/session');
        latencies.push(performance.now() - started);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 503) {
          if (response.headers['retry-after'] !== '5' || (response.json() as { message?: string }).message !== messages.unavailable) bad.push('a 503 without Retry-After or its message');
        } else if (response.statusCode !== 200) bad.push(`${response.statusCode} while the database was ${phase}`);
        else if (phase === 'back' && !firstOkAfterBack) firstOkAfterBack = Date.now();
        if (phase === 'down') await sleep(20);
      }
    });
    await sleep(2_000);
    phase = 'down';
    cluster.stop('fast');
    const downAt = Date.now();
    await sleep(OUTAGE_MS);
    cluster.start();
    const backAt = Date.now();
    phase = 'back';
    while (!firstOkAfterBack && Date.now() - backAt < 10_000) await sleep(50);
    await sleep(2_000);
    running = false;
    await Promise.all(clients);
    const recoveryMs = firstOkAfterBack ? firstOkAfterBack - backAt : Infinity;
    printFigures('database outage under load', {
      'outage (s)': ((backAt - downAt) / 1000).toFixed(1),
      'requests made': [...statuses.values()].reduce((a, b) => a + b, 0),
      'by status': [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' '),
      'answers other than 200 or 503 with Retry-After': bad.length,
      'served again after the database came back (ms)': recoveryMs,
      'p99 latency, whole run (ms)': percentile(latencies, 99).toFixed(1),
      'process restarted': 'no (the same app served before, during and after)',
    });
    expect(bad).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(recoveryMs).toBeLessThan(5_000);
  }, 120_000);

  it('drains the requests in flight on SIGTERM, takes no new connection and exits 0', async () => {
    const { cluster } = own.current();
    const port = await freePort();
    const email = 'faults-admin@example.org';
    const password = 'Faults-Admin-7731';
    child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: cluster.url, PORT: String(port), HOST: '127.0.0.1', ALMONER_ROLE: 'web', ALMONER_SEED: '0', ALMONER_DATA_DIR: '/tmp/almoner-faults', ALMONER_APP_KEY: Buffer.alloc(32, 5).toString('base64'), ALMONER_ADMIN_EMAIL: email, ALMONER_ADMIN_PASSWORD: password, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      child?.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
      child?.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Almoner is running')) resolve();
      });
    });

    // One keep-alive connection per request in flight, and a fresh one for the probe.
    const cookies: Record<string, string> = {};
    const call = (method: string, path: string, body?: unknown, agent: http.Agent | false = false) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1', port, method, path, agent,
            headers: {
              'x-requested-with': 'XMLHttpRequest',
              'x-csrf-token': cookies['XSRF-TOKEN'] ?? '',
              cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; '),
              ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            },
          },
          (res) => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const [k, v] = (pair ?? '').split('=');
              if (k) cookies[k] = v ?? '';
            }
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    await call('GET', '/jpanel/login');
    expect((await call('POST', '/jpanel/login', { email, password })).status).toBe(200);

    // A lock another session holds keeps five listing requests waiting: requests in flight.
    const locker = new pg.Client({ connectionString: cluster.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table supporters in access exclusive mode');
    const inFlight = Array.from({ length: 5 }, () => call('POST', '/jpanel/supporters.listing', { draw: 1, start: 0, length: 10 }, new http.Agent({ keepAlive: true })));
    await sleep(700);
    const exited = once(child, 'exit') as Promise<[number | null]>;
    const signalled = Date.now();
    child.kill('SIGTERM');
    await sleep(500);
    const probe = await call('GET', '/jpanel/auth/session').then(
      (r) => `answered ${r.status}`,
      (error: NodeJS.ErrnoException) => error.code ?? 'error',
    );
    await locker.query('commit');
    await locker.end();
    const answers = await Promise.all(inFlight);
    const [code] = await exited;
    printFigures('SIGTERM', {
      'requests in flight at SIGTERM': answers.length,
      'of them answered 200': answers.filter((a) => a.status === 200).length,
      'a new connection after SIGTERM': probe,
      'exit code': String(code),
      'SIGTERM to exit (ms)': Date.now() - signalled,
    });
    const exitMs = Date.now() - signalled;
    child = undefined;
    expect(exitMs).toBeLessThan(10_000);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(probe).toBe('ECONNREFUSED');
    expect(code).toBe(0);
  }, 120_000);
});
