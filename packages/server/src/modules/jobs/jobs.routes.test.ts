import { jobMessages, messages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { exportThroughApi } from '../lists/exports.test-support.ts';
import { queueMail } from '../mail/mail.service.ts';
import { JobQueue, defineJob } from './jobs.queue.ts';

/** The Background jobs page's and the mail outbox's API: account administrators only. */
const failing = defineJob<{ n: number }>({
  name: 'test_route_fails',
  retryLimit: 0,
  handler: async (run) => {
    await run.progress(40);
    throw new Error('The remote server said no.');
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

describe('background jobs and mail outbox API', () => {
  it('lists a failed job with its progress and error, and retries it', async () => {
    const id = await workers.enqueue(t.database.db, failing, { n: 1 });
    const deadline = Date.now() + 20_000;
    while ((await stateOf(id)) !== 'failed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const { agent } = await signedIn(t);
    const list = await agent.get('/jpanel/jobs.json?filter=failed');
    expect(list.statusCode).toBe(200);
    const row = (list.json() as { data: { id: string; error: string; progress: number; queue: string }[] }).data.find((j) => j.id === id);
    expect(row).toMatchObject({ queue: 'test_route_fails', error: 'The remote server said no.', progress: 40 });
    expect((await agent.get('/jpanel/jobs.json?filter=running')).json().data.some((j: { id: string }) => j.id === id)).toBe(false);

    // The same job on the server listing (issue 41): filtered, searched, sorted and exported.
    type ListedJob = { id: string; queue: string; state: string; error: string; progress: number; attempts: number; retry_limit: number };
    const listed = async (body: Record<string, unknown>) => {
      const response = await agent.post('/jpanel/jobs.listing', body);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: ListedJob[] }).data;
    };
    expect((await listed({ status: 'failed' })).find((j) => j.id === id)).toMatchObject({ queue: 'test_route_fails', state: 'failed', error: 'The remote server said no.', progress: 40, attempts: 1, retry_limit: 0 });
    expect((await listed({ status: 'running' })).some((j) => j.id === id)).toBe(false);
    expect((await listed({ search: { value: 'remote SERVER' } })).map((j) => j.id)).toEqual([id]);
    expect((await listed({ queue: 'test_route_fails', order: [{ column: 0, dir: 'asc' }] })).map((j) => j.id)).toEqual([id]);
    expect((await agent.post('/jpanel/jobs.listing', { status: 'stuck' })).statusCode).toBe(422);
    const file = await exportThroughApi(t, agent, 'jobs', { status: 'failed', queue: 'test_route_fails' });
    expect(file.records).toEqual([expect.objectContaining({ Job: 'test_route_fails', State: 'failed', Progress: '40', Attempt: '1', Error: 'The remote server said no.' })]);

    await workers.stop();
    const retried = await agent.post(`/jpanel/jobs/${id}/retry`);
    expect(retried.json()).toEqual({ message: jobMessages.retried });
    expect(await stateOf(id)).toBe('retry');
    const twice = await agent.post(`/jpanel/jobs/${id}/retry`);
    expect(twice.statusCode).toBe(409);
    expect((await agent.post('/jpanel/jobs/not-a-uuid/retry')).statusCode).toBe(422);
  });

  it('shows the outbox and a message to account administrators', async () => {
    const id = await queueMail(t.database.db, { to: 'ada@example.org', subject: 'Hello <Ada>', html: '<p>Hi <script>alert(1)</script></p>', text: 'Hi', attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF') }] });
    const { agent } = await signedIn(t);
    const list = (await agent.get('/jpanel/mail.json')).json() as { data: { id: number; subject: string }[]; total: number };
    expect(list.data[0]).toMatchObject({ id, subject: 'Hello <Ada>' });
    const message = await agent.get(`/jpanel/mail/messages/${id}`);
    expect(message.json()).toMatchObject({ id, to: 'ada@example.org', text: 'Hi', attachments: [{ filename: 'a.pdf', content_type: 'application/pdf', size: 4 }] });
    expect((await agent.get('/jpanel/mail/messages/999999')).statusCode).toBe(404);

    // The outbox on the server listing (issue 41): one recipient's messages, a status, an export.
    const listed = await agent.post('/jpanel/mail.listing', { recipient: ' ADA@example.org ', status: 'queued' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { data: unknown[] }).data).toEqual([expect.objectContaining({ id, subject: 'Hello <Ada>', to: 'ada@example.org', status: 'queued', _url: `/jpanel/mail/${id}`, attempts: 0 })]);
    expect((await agent.post('/jpanel/mail.listing', { recipient: 'ada@example.org', status: 'sent' })).json().data).toEqual([]);
    expect((await agent.post('/jpanel/mail.listing', { status: 'lost' })).statusCode).toBe(422);
    const file = await exportThroughApi(t, agent, 'mail', { recipient: 'ada@example.org' });
    expect(file.records).toEqual([expect.objectContaining({ Subject: 'Hello <Ada>', To: 'ada@example.org', Status: 'queued' })]);
  });

  it('refuses staff who are not account administrators', async () => {
    const { agent } = await signedIn(t, { permissions: ['user.edit', 'user.add', 'order.edit'] });
    for (const [method, url] of [['GET', '/jpanel/jobs.json'], ['POST', '/jpanel/jobs/00000000-0000-0000-0000-000000000000/retry'], ['GET', '/jpanel/mail.json'], ['GET', '/jpanel/mail/messages/1'], ['POST', '/jpanel/jobs.listing'], ['POST', '/jpanel/mail.listing']] as const) {
      const response = await agent.request(method, url, method === 'POST' ? { body: {} } : {});
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(messages.forbidden);
    }
    for (const list of ['jobs', 'mail']) {
      const response = await agent.post('/jpanel/exports', { list, params: {} });
      expect(response.statusCode, list).toBe(403);
    }
  });
});
