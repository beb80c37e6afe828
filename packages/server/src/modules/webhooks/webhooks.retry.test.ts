import type { DomainEventType } from '@almoner/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { type TestApp, buildUser, createTestApp, testConfig } from '../../test/test-app.ts';
import { type RecordedEvent, recordEvent, recordEvents } from '../domain-events/domain-events.service.ts';
import { domainEvents } from '../domain-events/domain-events.tables.ts';
import { runOnceEach } from '../jobs/jobs.queue.ts';
import { releaseParked } from './webhooks.circuit.ts';
import { probeHook } from './webhooks.probe.ts';
import { attemptDelivery, deferSeconds, fanOut, retryDelaySeconds } from './webhooks.delivery.ts';
import { startReceiver, type Receiver } from './webhooks.receiver.test-helper.ts';
import { configureWebhooks } from './webhooks.settings.ts';
import { createWebhook } from './webhooks.service.ts';
import { webhookDeliveries, webhooks } from './webhooks.tables.ts';

/**
 * Retries without waiting for real time: no workers run here; each test makes the retry due by
 * moving next_retry_at (and the row's created_at for the 72-hour window) and runs the try itself,
 * while a simulated clock adds up the delays the server chose.
 */
let t: TestApp;
let receiver: Receiver;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  configureWebhooks({ appKey: testConfig.appKey, outboundAllow: '127.0.0.1', timeoutMs: 2_000 });
  receiver = await startReceiver();
  userId = (await buildUser(t.database)).id;
}, 120_000);
afterAll(() => receiver.close());

const db = () => t.database.db;

async function newHook(url = receiver.url) {
  await db().update(webhooks).set({ active: false });
  return withActor(db(), { userId, ip: null }, (tx) => createWebhook(tx, { payload_url: url, content_type: 'application/json', events: ['supporter.created'], secret: 's3cret', active: true }, userId));
}

/** Records an event and runs the webhooks consumer for it, as the domain-event job would. */
async function eventDelivered(n: number) {
  const id = await withActor(db(), { userId: null, ip: null }, (tx) => recordEvent(tx, 'supporter.created', { supporter_id: 800_000 + n, email: null }));
  const [event] = await db().select().from(domainEvents).where(eq(domainEvents.id, id));
  const run = { onceEach: (keys: string[], effect: Parameters<typeof runOnceEach>[3]) => runOnceEach(t.database, keys, null, effect) };
  await fanOut([event as RecordedEvent], run);
  // A second delivery of the same event (a retried consumer job) makes no second row.
  await fanOut([event as RecordedEvent], run);
}

const pending = (hookId: number) =>
  db().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, hookId), sql`delivered_at is null and failed_at is null`));

describe('fan-out', () => {
  it('writes a delivery per subscribed hook per event for a chunk of events, each event once however often it is handed over', async () => {
    await db().update(webhooks).set({ active: false });
    const mk = (events: DomainEventType[]) =>
      withActor(db(), { userId, ip: null }, (tx) => createWebhook(tx, { payload_url: receiver.url, content_type: 'application/json', events, secret: 's3cret', active: true }, userId));
    const created = await mk(['supporter.created']);
    const both = await mk(['supporter.created', 'supporter.updated']);
    const ids = await withActor(db(), { userId: null, ip: null }, async (tx) => [
      ...(await recordEvents(tx, 'supporter.created', [1, 2, 3].map((n) => ({ supporter_id: 810_000 + n, email: null })))),
      await recordEvent(tx, 'supporter.updated', { supporter_id: 810_001, changes: ['email'] }),
    ]);
    const events = (await db().select().from(domainEvents).where(inArray(domainEvents.id, ids)).orderBy(domainEvents.id)) as RecordedEvent[];
    const run = { onceEach: (keys: string[], effect: Parameters<typeof runOnceEach>[3]) => runOnceEach(t.database, keys, null, effect) };
    await fanOut(events.slice(0, 2), run);
    // A retried consumer job hands over the whole chunk again, with more: only the new events are written.
    await fanOut(events, run);
    const rows = await db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.webhookId, [created, both])).orderBy(webhookDeliveries.id);
    const pairs = rows.map((r) => `${r.webhookId === created ? 'created' : 'both'}:${r.event}:${(JSON.parse(r.requestBody) as { data: { supporter_id: number } }).data.supporter_id}`);
    expect(pairs.sort()).toEqual(
      ['created', 'both'].flatMap((h) => [1, 2, 3].map((n) => `${h}:supporter.created:${810_000 + n}`)).concat('both:supporter.updated:810001').sort(),
    );
    expect(new Set(rows.map((r) => r.guid)).size).toBe(rows.length);
    // Every delivery has its job.
    const [jobs] = await queryRows(db(), sql`select count(*)::int as n from pgboss.job where name = 'webhook_delivery' and (data->>'delivery_id')::bigint = any(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[])`);
    expect(Number(jobs?.n)).toBe(rows.length);
  });
});

describe('retries', () => {
  it('backs off exponentially with jitter and reaches 6 hours', () => {
    expect(retryDelaySeconds(1, () => 0.5)).toBe(30);
    expect(retryDelaySeconds(2, () => 0.5)).toBe(90);
    expect(retryDelaySeconds(3, () => 0)).toBe(Math.round(270 * 0.75));
    expect(retryDelaySeconds(20, () => 1)).toBe(Math.round(6 * 3600 * 1.25));
  });

  it('waits longer each time a try finds its hook full, up to 5 minutes', () => {
    expect([0, 1, 2, 3].map((n) => deferSeconds(n, () => 0.5))).toEqual([5, 10, 20, 40]);
    expect(deferSeconds(12, () => 0.5)).toBe(300);
    expect(deferSeconds(12, () => 1)).toBe(450);
    expect(deferSeconds(0, () => 0)).toBe(3);
  });

  it('a receiver down for an hour loses no event and gets each one exactly once as a success', async () => {
    const hookId = await newHook();
    receiver.requests.length = 0;
    receiver.state.mode = 'down';
    for (let n = 1; n <= 5; n++) await eventDelivered(n);
    const rows = await pending(hookId);
    expect(rows).toHaveLength(5);

    let clock = 0; // simulated seconds since the events
    let probes = 0;
    let firstOk = -1;
    for (let round = 0; round < 40 && (await pending(hookId)).length; round++) {
      receiver.state.mode = clock < 3600 ? 'down' : 'ok';
      if (receiver.state.mode === 'ok' && firstOk < 0) firstOk = receiver.requests.length;
      for (const row of (await pending(hookId)).filter((r) => !r.parkedAt)) {
        const before = receiver.requests.length;
        // Two workers racing for the same try: at most one request goes out (none once the hook is paused).
        const outcomes = await Promise.all([attemptDelivery(t.database, { delivery_id: row.id, attempt: row.attempt }), attemptDelivery(t.database, { delivery_id: row.id, attempt: row.attempt })]);
        const sent = receiver.requests.length - before;
        if (outcomes.includes('parked')) {
          // One parked it; the other parked it too or, coming second, found it parked and skipped it.
          expect(sent).toBe(0);
          expect(outcomes.every((o) => o === 'parked' || o === 'skipped')).toBe(true);
        } else {
          expect(sent).toBe(1);
          expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(1);
        }
      }
      const [hook] = await db().select().from(webhooks).where(eq(webhooks.id, hookId));
      if (hook?.pausedUntil) {
        // Paused after five failures in a row: one probe at a time, of the oldest waiting delivery.
        const before = receiver.requests.length;
        await probeHook(t.database, hookId);
        expect(receiver.requests.length - before).toBe(1);
        probes += 1;
      }
      // A probe's success released the waiting deliveries: the release job's work, done here.
      await releaseParked(t.database, hookId);
      const next = await pending(hookId);
      if (!next.length) break;
      // The retry or probe the server scheduled; jump the clock there and make it due.
      const [wait] = await queryRows(db(), sql`select ceil(extract(epoch from min(coalesce(d.next_retry_at, w.paused_until)) - now()))::int as s from webhook_deliveries d join webhooks w on w.id = d.webhook_id where d.webhook_id = ${hookId} and d.delivered_at is null and d.failed_at is null`);
      // (Zero just after a release: the released deliveries are due at once.)
      expect(Number(wait?.s)).toBeGreaterThanOrEqual(0);
      clock += Number(wait?.s);
      await db().update(webhookDeliveries).set({ nextRetryAt: sql`now()` }).where(and(eq(webhookDeliveries.webhookId, hookId), sql`parked_at is null`));
      await db().update(webhooks).set({ pausedUntil: sql`now()` }).where(and(eq(webhooks.id, hookId), sql`paused_until is not null`));
    }
    expect(clock).toBeGreaterThanOrEqual(3600);
    expect(probes).toBeGreaterThan(3);
    // Once the receiver was back, each event arrived exactly once.
    const guids = receiver.requests.slice(firstOk).map((r) => String(r.headers['x-almoner-delivery']));
    expect(new Set(guids).size).toBe(5);
    expect(guids).toHaveLength(5);
    const all = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
    expect(all.every((r) => r.deliveredAt && r.responseStatus === 204 && r.attempt > 1 && !r.parkedAt)).toBe(true);
    // While it was down the receiver saw a handful of probes, not every delivery's every retry.
    expect(firstOk).toBeLessThan(5 + probes + 5);
    // The retry jobs were queued with the delay, not run at once.
    const [jobs] = await queryRows(db(), sql`select count(*)::int as n from pgboss.job where name = 'webhook_delivery_later' and start_after > created_on + interval '20 seconds'`);
    expect(Number(jobs?.n)).toBeGreaterThan(0);
    const [hook] = await db().select().from(webhooks).where(eq(webhooks.id, hookId));
    expect(hook).toMatchObject({ failuresInARow: 0, pausedUntil: null, probeFailures: 0 });
  });

  it('a redirect is a failure and is not followed', async () => {
    const target = await startReceiver();
    receiver.state.mode = (res) => res.writeHead(302, { location: target.url }).end();
    const hookId = await newHook();
    await eventDelivered(50);
    const [row] = await pending(hookId);
    expect(await attemptDelivery(t.database, { delivery_id: row!.id, attempt: 1 })).toBe('retry');
    expect(target.connections()).toBe(0);
    const [after] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
    expect(after).toMatchObject({ responseStatus: 302, attempt: 2, deliveredAt: null });
    await target.close();
    receiver.state.mode = 'ok';
  });

  it('gives up after 72 hours of failures and switches the hook off with a notice and an audit entry', async () => {
    receiver.state.mode = 'down';
    const hookId = await newHook();
    await eventDelivered(60);
    const [row] = await pending(hookId);
    await db().update(webhookDeliveries).set({ createdAt: sql`now() - interval '72 hours'`, attempt: 12 }).where(eq(webhookDeliveries.id, row!.id));
    expect(await attemptDelivery(t.database, { delivery_id: row!.id, attempt: 12 })).toBe('given_up');
    const [hook] = await db().select().from(webhooks).where(eq(webhooks.id, hookId));
    expect(hook).toMatchObject({ active: false, disabledReason: expect.stringContaining('72 hours') });
    const audit = await queryRows(db(), sql`select changes::text as c from audit_log where table_name = 'webhooks' and record_id = ${String(hookId)} and action = 'update'`);
    expect(audit.some((a) => String(a.c).includes('disabled_reason'))).toBe(true);
    // Nothing more is sent to a switched-off hook.
    await eventDelivered(61);
    expect(await pending(hookId)).toHaveLength(0);
    receiver.state.mode = 'ok';
  });
});
