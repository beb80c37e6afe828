import { verify as verifyGithub } from '@octokit/webhooks-methods';
import { eq, sql } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { type TestApp, createTestApp, signedIn, testConfig } from '../../test/test-app.ts';
import { decrypt } from '../auth/crypto.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { JobQueue } from '../jobs/jobs.queue.ts';
import { startReceiver, type Receiver } from './webhooks.receiver.test-helper.ts';
import { configureWebhooks } from './webhooks.settings.ts';
import { webhooks } from './webhooks.tables.ts';

/** Issue 13 items 1 and 7: hooks through the API, delivered by real workers to real receivers. */
let t: TestApp;
let agent: Awaited<ReturnType<typeof signedIn>>['agent'];
let queue: JobQueue;
const receivers: Receiver[] = [];
const receiver = async () => {
  const r = await startReceiver();
  receivers.push(r);
  return r;
};

beforeAll(async () => {
  t = await createTestApp();
  configureWebhooks({ appKey: testConfig.appKey, outboundAllow: '127.0.0.1', timeoutMs: 10_000 });
  queue = new JobQueue(t.database, { work: true, pollingIntervalSeconds: 0.5 });
  await queue.start();
  ({ agent } = await signedIn(t));
}, 120_000);

afterAll(async () => {
  // Receivers first: a try still waiting on the hung one fails at once, so the queue's graceful
  // stop finds nothing in flight (a try outliving it would write to a database already closed).
  for (const r of receivers) await r.close();
  await queue.stop();
});

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const createHook = async (body: Record<string, unknown>) => {
  const response = await agent.post('/jpanel/settings/hooks', { events: ['supporter.created'], active: true, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { hook_id: number }).hook_id;
};

let supporterSeq = 0;
const supporterCreated = () =>
  withActor(t.database.db, { userId: null, ip: null }, (tx) => recordEvent(tx, 'supporter.created', { supporter_id: 900_000 + ++supporterSeq, email: `w${supporterSeq}@example.org` }));

const storedSecret = async (id: number) => {
  const [row] = await t.database.db.select({ secret: webhooks.secret }).from(webhooks).where(eq(webhooks.id, id));
  return decrypt(testConfig.appKey, row?.secret as string);
};

describe('webhook settings API', () => {
  it('refuses private and local payload URLs at save with a clear 422, and changes nothing', async () => {
    configureWebhooks({ appKey: testConfig.appKey });
    const before = (await queryRows(t.database.db, sql`select count(*)::int as n from webhooks`))[0]?.n;
    for (const url of ['http://127.0.0.1/x', 'http://2130706433/', 'http://169.254.169.254/latest', 'http://[::1]/', 'http://user@example.org/', 'http://10.1.2.3/', 'http://localhost/']) {
      const response = await agent.post('/jpanel/settings/hooks', { payload_url: url, events: ['supporter.created'] });
      expect(response.statusCode, url).toBe(422);
      expect((response.json() as { message: string }).message, url).toMatch(/private or local|valid http/);
    }
    const bad = await agent.post('/jpanel/settings/hooks', { payload_url: 'ftp://example.org/', events: [] });
    expect(bad.statusCode).toBe(422);
    expect((await queryRows(t.database.db, sql`select count(*)::int as n from webhooks`))[0]?.n).toBe(before);
    configureWebhooks({ appKey: testConfig.appKey, outboundAllow: '127.0.0.1' });
  });

  it('never sends the secret back, keeps it on a blank update, toggles insecure SSL alone, deletes', async () => {
    const id = await createHook({ payload_url: 'https://example.org/hook', secret: 'typed-secret', active: false });
    const detail = (await agent.get(`/jpanel/settings/hooks/${id}.json`)).json() as Record<string, unknown>;
    expect(detail).toMatchObject({ id, secret_set: true, active: false, insecure_ssl: false, deliveries: [] });
    expect(JSON.stringify(detail)).not.toContain('typed-secret');
    expect((await agent.put(`/jpanel/settings/hooks/${id}`, { payload_url: 'https://example.org/other', events: ['supporter.updated'], secret: '', active: true })).statusCode).toBe(200);
    expect(await storedSecret(id)).toBe('typed-secret');
    expect((await agent.put(`/jpanel/settings/hooks/${id}`, { insecure_ssl: true })).statusCode).toBe(200);
    const after = (await agent.get(`/jpanel/settings/hooks/${id}.json`)).json() as Record<string, unknown>;
    expect(after).toMatchObject({ payload_url: 'https://example.org/other', events: ['supporter.updated'], active: true, insecure_ssl: true });
    // The toggle is audited (the trigger on webhooks) with who did it.
    const audit = await queryRows(t.database.db, sql`select changes::text as changes, actor_user_id from audit_log where table_name = 'webhooks' and record_id = ${String(id)} and action = 'update' order by id desc limit 1`);
    expect(String(audit[0]?.changes)).toContain('insecure_ssl');
    expect(audit[0]?.actor_user_id).toEqual(expect.any(Number));
    const missing = await agent.put(`/jpanel/settings/hooks/${id}`, { payload_url: 'https://example.org/x' });
    expect(missing.statusCode).toBe(422);
    expect((await agent.delete(`/jpanel/settings/hooks/${id}/destroy`)).statusCode).toBe(200);
    expect((await agent.get(`/jpanel/settings/hooks/${id}.json`)).statusCode).toBe(404);
  });

  it('is refused to staff without the webhooks permission', async () => {
    const { agent: other } = await signedIn(t, { permissions: ['user.view'] });
    expect((await other.get('/jpanel/settings/hooks.json')).statusCode).toBe(403);
    expect((await other.post('/jpanel/settings/hooks', { payload_url: 'https://example.org/', events: ['supporter.created'] })).statusCode).toBe(403);
  });
});

describe('delivery', () => {
  it('signs each delivery so independent GitHub and Standard Webhooks libraries verify it, JSON and form', async () => {
    const typed = await receiver();
    const generated = await receiver();
    const form = await receiver();
    const typedId = await createHook({ payload_url: typed.url, secret: "It's a Secret to Everybody" });
    const generatedId = await createHook({ payload_url: generated.url });
    await createHook({ payload_url: form.url, secret: 'form-secret', content_type: 'application/x-www-form-urlencoded' });
    await supporterCreated();
    await until(() => [typed, generated, form].every((r) => r.requests.length > 0), Boolean);
    for (const r of [typed, generated, form]) expect(r.requests).toHaveLength(1);

    const [a] = typed.requests as [Receiver['requests'][number]];
    const secret = "It's a Secret to Everybody";
    expect(await verifyGithub(secret, a.body, String(a.headers['x-hub-signature-256']))).toBe(true);
    expect(await verifyGithub('wrong', a.body, String(a.headers['x-hub-signature-256']))).toBe(false);
    // A typed secret is its UTF-8 bytes; the library takes base64 of the key.
    const payload = new StandardWebhook(Buffer.from(secret).toString('base64')).verify(a.body, a.headers as Record<string, string>) as { type: string; id: string; data: { email: string } };
    expect(payload).toMatchObject({ type: 'supporter.created', id: a.headers['webhook-id'] });
    expect(a.headers['x-almoner-event']).toBe('supporter.created');
    expect(a.headers['x-almoner-delivery']).toBe(a.headers['webhook-id']);
    expect(a.headers['content-type']).toBe('application/json');

    // A generated secret is whsec_…: handed to the library as it is.
    const whsec = await storedSecret(generatedId);
    expect(whsec).toMatch(/^whsec_/);
    const [g] = generated.requests as [Receiver['requests'][number]];
    expect(() => new StandardWebhook(whsec).verify(g.body, g.headers as Record<string, string>)).not.toThrow();
    expect(await verifyGithub(whsec, g.body, String(g.headers['x-hub-signature-256']))).toBe(true);

    const [f] = form.requests as [Receiver['requests'][number]];
    expect(f.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(JSON.parse(new URLSearchParams(f.body).get('payload') ?? '')).toMatchObject({ type: 'supporter.created' });
    expect(await verifyGithub('form-secret', f.body, String(f.headers['x-hub-signature-256']))).toBe(true);

    // The delivery is recorded: request, response, duration; Redeliver is the same event again.
    type Detail = { deliveries: { id: number; state: string; guid: string }[] };
    const delivery = await until(async () => (await agent.get(`/jpanel/settings/hooks/${typedId}.json`)).json() as Detail, (d) => d.deliveries[0]?.state === 'delivered');
    const first = delivery.deliveries[0] as { id: number; guid: string };
    const full = (await agent.get(`/jpanel/settings/hook-deliveries/${first.id}`)).json() as Record<string, unknown>;
    expect(full).toMatchObject({ response_status: 204, request_body: a.body, response_headers: expect.objectContaining({ 'x-receiver': 'test' }) });
    expect((full.request_headers as Record<string, string>)['x-hub-signature-256']).toMatch(/^sha256=/);
    expect(full.duration_ms).toEqual(expect.any(Number));
    const again = await agent.post(`/jpanel/settings/hook-deliveries/${first.id}/redeliver`);
    expect(again.statusCode).toBe(200);
    await until(() => typed.requests.length, (n) => n === 2);
    const second = typed.requests[1] as Receiver['requests'][number];
    expect(second.headers['webhook-id']).toBe(a.headers['webhook-id']);
    expect(second.body).toBe(a.body);
    const rows = await until(async () => ((await agent.get(`/jpanel/settings/hooks/${typedId}.json`)).json() as Detail).deliveries, (d) => d.length === 2 && d.every((x) => x.state === 'delivered'));
    expect(rows.map((r) => r.guid)).toEqual([first.guid, first.guid]);
  });

  it('a hung receiver does not delay deliveries to a healthy one', async () => {
    await t.database.db.update(webhooks).set({ active: false });
    // A minute's timeout, so "not delayed" is an order of events, not a stopwatch: every
    // delivery to the healthy receiver lands while the hung one's first try is still waiting.
    configureWebhooks({ appKey: testConfig.appKey, outboundAllow: '127.0.0.1', timeoutMs: 60_000 });
    const hung = await receiver();
    hung.state.mode = 'hang';
    const healthy = await receiver();
    await createHook({ payload_url: hung.url });
    await createHook({ payload_url: healthy.url });
    for (let i = 0; i < 6; i++) await supporterCreated();
    await until(() => healthy.requests.length, (n) => n === 6, 50_000);
    expect(healthy.requests).toHaveLength(6);
    expect(hung.requests.length).toBeGreaterThan(0);
    expect(hung.requests.filter((r) => r.closedAt !== undefined)).toEqual([]);
    await t.database.db.update(webhooks).set({ active: false });
    configureWebhooks({ appKey: testConfig.appKey, outboundAllow: '127.0.0.1', timeoutMs: 10_000 });
  }, 90_000);
});
