import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { JobQueue, defineJob } from './jobs.queue.ts';

/**
 * `stop()` returns only once nothing of the queue still uses the database. pg-boss 10 marks a
 * finished job complete without awaiting that statement, so a queue stopped just after a handler
 * ended could return while it ran, and a database closed then rejected it with nobody listening
 * (the PostgreSQL CI stage once failed on "Cannot use a pool after calling end on the pool").
 */
const stopProbe = defineJob<Record<string, never>>({ name: 'test_stop_probe', retryLimit: 0, handler: async () => {} });

let database: Database;
const order: string[] = [];
let completeSent: () => void = () => {};
const completeArrived = new Promise<void>((resolve) => (completeSent = resolve));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The app's database, with pg-boss's "mark complete" statement held back a second (a slow statement on a busy machine). */
function slowToComplete(inner: Database): Database {
  return {
    ...inner,
    execute: async (text, params) => {
      if (!/SET completed_on = now\(\)/.test(text)) return inner.execute(text, params);
      completeSent();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const result = await inner.execute(text, params);
      order.push('job marked complete');
      return result;
    },
  };
}

describe(`stopping the job queue on ${process.env.ALMONER_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('waits for pg-boss\'s own last statement, so the database can be closed after it', async () => {
    const queue = new JobQueue(slowToComplete(database), { work: true, pollingIntervalSeconds: 0.5 });
    await queue.start();
    const id = await withActor(database.db, { userId: null, ip: null }, (tx) => queue.enqueue(tx, stopProbe, {}));
    await completeArrived;
    await queue.stop();
    order.push('queue stopped');
    expect(order).toEqual(['job marked complete', 'queue stopped']);
    const [job] = await queryRows(database.db, sql`select state::text as state from pgboss.job where id = ${id}::uuid`);
    expect(job?.state).toBe('completed');
  }, 60_000);
});
