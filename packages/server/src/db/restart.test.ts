import { messages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type PgCluster, pgBin, startPgCluster } from '../test/pg-cluster.ts';
import { Agent, buildUser, testConfig } from '../test/test-app.ts';
import { type Database, isDatabaseUnavailable, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/** This test stops and starts a PostgreSQL cluster of its own (see pg-cluster.ts). */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!pgBin)(`the app while its PostgreSQL restarts (needs initdb and pg_ctl under /usr/lib/postgresql/*/bin${pgBin ? '' : ': not installed, skipped'})`, () => {
  let cluster: PgCluster | undefined;
  let app: FastifyInstance | undefined;
  let database: Database | undefined;

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    cluster?.remove();
  });

  it('answers 503 with Retry-After while the database is down, stays up, and serves again within 5 s of its return', async () => {
    cluster = await startPgCluster();
    const { start } = cluster;
    database = await openDatabase({ url: cluster.url });
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

    cluster.stop('fast');
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
