import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { sponsorshipRecountJob } from '../sponsorships/sponsorships.daily.ts';
import { JobQueue, defineJob } from './jobs.queue.ts';

/** A job with a cron is put on pg-boss's schedule by worker queues only. */
defineJob<Record<string, never>>({ name: 'test_scheduled', cron: '15 3 * * *', handler: async () => {} });

let database: Database;
let worker: JobQueue | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await worker?.stop();
});

describe('scheduled jobs', () => {
  it('a web queue schedules nothing; a worker schedules every job with a cron, in UTC', async () => {
    const web = new JobQueue(database, { work: false });
    await web.start();
    expect(await web.boss.getSchedules()).toEqual([]);
    await web.stop();

    worker = new JobQueue(database, { work: true, pollingIntervalSeconds: 0.5 });
    await worker.start();
    const schedules = await worker.boss.getSchedules();
    expect(schedules.find((s) => s.name === 'test_scheduled')).toMatchObject({ cron: '15 3 * * *', options: { tz: 'UTC' } });
    expect(schedules.find((s) => s.name === sponsorshipRecountJob.name)).toMatchObject({ cron: '7 * * * *' });
  }, 60_000);
});
