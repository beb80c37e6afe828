import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { JobQueue, defineJob, runOnce, runOnceEach } from './jobs.queue.ts';

/** Issue 7 item 1: enqueue in the change's transaction, and effects that happen once. */
const effects: string[] = [];
let failuresLeft = 0;

const probeJob = defineJob<{ tag: string }>({
  name: 'test_probe',
  retryLimit: 3,
  retryDelaySeconds: 0,
  retryBackoff: false,
  handler: async (job) => {
    await job.progress(50);
    await job.once(`probe:${job.data.tag}`, async (tx) => {
      await tx.execute(sql`insert into job_once_keys (key) values (${`effect:${job.data.tag}:${job.id}`})`);
      effects.push(job.data.tag);
    });
    // Fails after its effect is committed: the retry must find the effect done and skip it.
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('failing after the effect, on purpose');
    }
    await job.progress(100);
  },
});

let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = new JobQueue(database, { work: true, pollingIntervalSeconds: 0.5 });
  await queue.start();
});

afterAll(async () => {
  await queue.stop();
  await database.close();
});

const jobState = async (id: string) =>
  (await queryRows(database.db, sql`select state::text as state, retry_count from pgboss.job where id = ${id}::uuid`))[0] as
    | { state: string; retry_count: number }
    | undefined;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe(`job queue on ${process.env.ALMONER_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('never runs a job enqueued in a transaction that rolled back, and runs one that committed', async () => {
    let rolledBackId: string | undefined;
    await expect(
      withActor(database.db, { userId: null, ip: null }, async (tx) => {
        rolledBackId = await queue.enqueue(tx, probeJob, { tag: 'rolled-back' });
        // The job is visible inside its own transaction…
        expect((await queryRows(tx, sql`select count(*)::int as n from pgboss.job where id = ${rolledBackId}::uuid`))[0]?.n).toBe(1);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');

    const committedId = await withActor(database.db, { userId: null, ip: null }, (tx) => queue.enqueue(tx, probeJob, { tag: 'committed' }));
    const finished = await until(() => jobState(committedId), (s) => s?.state === 'completed');
    expect(finished?.state).toBe('completed');
    // …and gone with it: no row, no effect.
    expect(await jobState(rolledBackId as string)).toBeUndefined();
    expect(effects).not.toContain('rolled-back');
    expect(effects.filter((e) => e === 'committed')).toHaveLength(1);
    const [progress] = await queryRows(database.db, sql`select percent from job_progress where job_id = ${committedId}::uuid`);
    expect(progress?.percent).toBe(100);
  });

  it('does an effect once when the job fails after it and is retried', async () => {
    failuresLeft = 2;
    const id = await queue.enqueue(database.db, probeJob, { tag: 'retried' });
    const finished = await until(() => jobState(id), (s) => s?.state === 'completed');
    expect(finished).toEqual({ state: 'completed', retry_count: 2 });
    expect(effects.filter((e) => e === 'retried')).toHaveLength(1);
    const [row] = await queryRows(database.db, sql`select count(*)::int as n from job_once_keys where key like ${'effect:retried:%'}`);
    expect(row?.n).toBe(1);
  });

  it('runs an effect once when three deliveries of one key race', async () => {
    let count = 0;
    const ran = await Promise.all(
      [1, 2, 3].map(() =>
        runOnce(database, 'race', null, async (tx) => {
          await tx.execute(sql`select pg_sleep(0.05)`);
          count += 1;
        }),
      ),
    );
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(count).toBe(1);
  });

  it('runs each key of a set once when overlapping sets race, in the order given', async () => {
    const seen: string[][] = [];
    const sets = [
      ['each:c', 'each:a', 'each:b'],
      ['each:b', 'each:d', 'each:a'],
      ['each:d', 'each:e', 'each:c', 'each:e'],
    ];
    const ran = await Promise.all(
      sets.map((keys) =>
        runOnceEach(database, keys, null, async (tx, fresh) => {
          await tx.execute(sql`select pg_sleep(0.05)`);
          seen.push(fresh);
        }),
      ),
    );
    // Every key ran exactly once, whichever set got it first, and nothing ran for a set left empty.
    expect(seen.flat().sort()).toEqual(['each:a', 'each:b', 'each:c', 'each:d', 'each:e']);
    expect(ran.flat().sort()).toEqual(seen.flat().sort());
    for (const [i, fresh] of ran.entries()) expect(fresh).toEqual(sets[i]!.filter((k, j) => fresh.includes(k) && sets[i]!.indexOf(k) === j));
    expect(seen.every((fresh) => fresh.length > 0)).toBe(true);
    // A second run finds every key recorded.
    expect(await runOnceEach(database, sets.flat(), null, async () => expect.fail('ran again'))).toEqual([]);
  });
});
