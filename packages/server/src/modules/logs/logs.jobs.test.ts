import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { JobQueue, defineJob, jobErrorText } from '../jobs/jobs.queue.ts';

/** Issue 16 item 2: a background job's failure reaches the log viewer, with nothing personal. */
const failing = defineJob<{ email: string }>({
  name: 'test_log_fails',
  retryLimit: 1,
  retryDelaySeconds: 0,
  retryBackoff: false,
  handler: async (run) => {
    throw new Error(`550 5.1.1 <${run.data.email}>: mailbox unavailable, call +1 (555) 010-9999`);
  },
});

const givesUp = defineJob<Record<string, never>>({
  name: 'test_log_gives_up',
  retryLimit: 5,
  handler: async (run) => {
    await run.giveUp();
    throw new TypeError('The gateway refused for good.');
  },
});

let t: TestApp;
let workers: JobQueue;
beforeAll(async () => {
  t = await createTestApp();
  workers = new JobQueue(t.database, { work: true, pollingIntervalSeconds: 0.5 });
  await workers.start();
});
afterAll(() => workers.stop());

const stateOf = async (id: string) => (await queryRows(t.database.db, sql`select state::text as state from pgboss.job where id = ${id}::uuid`))[0]?.state;
async function untilFailed(id: string) {
  const deadline = Date.now() + 20_000;
  while ((await stateOf(id)) !== 'failed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await stateOf(id)).toBe('failed');
}

type Entry = { message: string; source: string; level: string; user_name: string | null; ip_address: string | null; context: Record<string, unknown> };

describe('job failures in the log viewer', () => {
  it('writes a warning for a failed attempt that will be retried and an error for the last, without the job data', async () => {
    const id = await workers.enqueue(t.database.db, failing, { email: 'ada.private@example.org' });
    await untilFailed(id);
    const { agent } = await signedIn(t);
    const list = await agent.get('/jpanel/logs.json?source=jobs');
    expect(list.statusCode).toBe(200);
    const mine = (list.json().data as Entry[]).filter((e) => e.context.job_id === id);
    expect(mine).toEqual([
      {
        id: expect.any(Number), created_at: expect.any(String),
        message: 'Test log fails job failed: 550 5.1.1 <[address]>: mailbox unavailable, call [number]', source: 'jobs', level: 'error', user_name: null, ip_address: null,
        context: { queue: 'test_log_fails', job_id: id, attempt: '2 of 2', error_type: 'Error' },
      },
      expect.objectContaining({ message: 'Test log fails job failed (will retry): 550 5.1.1 <[address]>: mailbox unavailable, call [number]', level: 'warning', context: { queue: 'test_log_fails', job_id: id, attempt: '1 of 2', error_type: 'Error' } }),
    ]);
    const all = JSON.stringify((await agent.get('/jpanel/logs.json')).json());
    expect(all).not.toContain('ada.private');
    expect(all).not.toContain('010-9999');
    // The viewer's filters find it.
    expect((await agent.get('/jpanel/logs.json?level=error&source=jobs&search=test_log_fails')).json().data.map((e: Entry) => e.context.job_id)).toEqual([id]);
    expect((await agent.get(`/jpanel/logs.json?search=${id}`)).json().total).toBe(2);
  });

  it('writes one error when the job gives up at once', async () => {
    const id = await workers.enqueue(t.database.db, givesUp, {});
    await untilFailed(id);
    const { agent } = await signedIn(t);
    const mine = ((await agent.get('/jpanel/logs.json?source=jobs')).json().data as Entry[]).filter((e) => e.context.job_id === id);
    expect(mine).toMatchObject([{ message: 'Test log gives up job failed: The gateway refused for good.', level: 'error', context: { attempt: '1 of 6', error_type: 'TypeError' } }]);
  });

  it('never copies a database error message (SQL and parameters) into the log', () => {
    const dbError = Object.assign(new Error('Failed query: insert into supporters (email) values ($1)\nparams: ada@example.org'), { cause: { code: '23505' } });
    expect(jobErrorText(dbError)).toBe('Database error 23505');
    expect(jobErrorText(new Error('Failed query: select 1'))).toBe('Database error');
    expect(jobErrorText('thrown text')).toBe('Unknown error');
    expect(jobErrorText(new Error('x'.repeat(1000)))).toHaveLength(300);
  });
});

describe('log viewer date range', () => {
  it('keeps entries written within the days, both included, and refuses a bad or reversed range', async () => {
    const { agent } = await signedIn(t);
    await t.database.db.execute(sql`insert into log_entries (message, source, level, created_at) values
      ('Range before', 'range', 'info', '2026-03-09T23:59:59Z'), ('Range first day', 'range', 'info', '2026-03-10T00:00:00Z'),
      ('Range last day', 'range', 'info', '2026-03-12T23:59:59Z'), ('Range after', 'range', 'info', '2026-03-13T00:00:00Z')`);
    const within = (await agent.get('/jpanel/logs.json?source=range&from=2026-03-10&to=03/12/2026')).json();
    expect(within.data.map((e: Entry) => e.message)).toEqual(['Range last day', 'Range first day']);
    expect((await agent.get('/jpanel/logs.json?source=range&from=2026-03-13')).json().data.map((e: Entry) => e.message)).toEqual(['Range after']);
    expect((await agent.get('/jpanel/logs.json?source=range&to=2026-03-09&from=')).json().data.map((e: Entry) => e.message)).toEqual(['Range before']);
    const bad = await agent.get('/jpanel/logs.json?from=2026-02-30');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['Date is invalid.']);
    const reversed = await agent.get('/jpanel/logs.json?from=2026-03-12&to=2026-03-10');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual(['The end date must be on or after the start date.']);
  });
});
