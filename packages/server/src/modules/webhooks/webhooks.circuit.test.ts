import type { WebhookDetail } from '@almoner/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { type TestApp, createTestApp, signedIn, testConfig } from '../../test/test-app.ts';
import { type RecordedEvent, recordEvent } from '../domain-events/domain-events.service.ts';
import { domainEvents } from '../domain-events/domain-events.tables.ts';
import { runOnceEach } from '../jobs/jobs.queue.ts';
import { CIRCUIT_FAILURES, CIRCUIT_TIMEOUTS, probeDelaySeconds, releaseParked } from './webhooks.circuit.ts';
import { probeHook, sweepCircuits } from './webhooks.probe.ts';
import { attemptDelivery, fanOut } from './webhooks.delivery.ts';
import { startReceiver, type Receiver } from './webhooks.receiver.test-helper.ts';
import { configureWebhooks } from './webhooks.settings.ts';
import { webhookDeliveries, webhooks } from './webhooks.tables.ts';

/**
 * The per-hook circuit breaker (webhooks.circuit.ts), driven by hand as in the retry tests: no
 * workers run; each test runs the tries, probes, sweeps and releases the jobs would run.
 */
let t: TestApp;
let receiver: Receiver;
let agent: Awaited<ReturnType<typeof signedIn>>['agent'];

beforeAll(async () => {
  t = await createTestApp();
  configureWebhooks({ appKey: testConfig.appKey, outboundAllow: '127.0.0.1', timeoutMs: 2_000 });
  receiver = await startReceiver();
  ({ agent } = await signedIn(t));
}, 120_000);
afterAll(() => receiver.close());

const db = () => t.database.db;

async function newHook(): Promise<number> {
  await db().update(webhooks).set({ active: false });
  const response = await agent.post('/jpanel/settings/hooks', { payload_url: receiver.url, events: ['supporter.created'], active: true });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { hook_id: number }).hook_id;
}

let seq = 0;
/** Records an event and runs the webhooks consumer for it; returns the new delivery. */
async function newDelivery(hookId: number) {
  const id = await withActor(db(), { userId: null, ip: null }, (tx) => recordEvent(tx, 'supporter.created', { supporter_id: 700_000 + ++seq, email: null }));
  const [event] = await db().select().from(domainEvents).where(eq(domainEvents.id, id));
  await fanOut([event as RecordedEvent], { onceEach: (keys, effect) => runOnceEach(t.database, keys, null, effect) });
  const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId)).orderBy(sql`id desc`).limit(1);
  return row as typeof webhookDeliveries.$inferSelect;
}

const hookRow = async (id: number) => (await db().select().from(webhooks).where(eq(webhooks.id, id)))[0] as typeof webhooks.$inferSelect;
const jobsFor = async (deliveryId: number) =>
  Number((await queryRows(db(), sql`select count(*)::int as n from pgboss.job where name like 'webhook_delivery%' and (data->>'delivery_id')::bigint = ${deliveryId}`))[0]?.n);
const secondsUntil = async (id: number) => Number((await queryRows(db(), sql`select round(extract(epoch from paused_until - now()))::int as s from webhooks where id = ${id}`))[0]?.s);

/**
 * `n` fresh deliveries to a failing receiver: tried and failed while the hook is not paused,
 * written parked once it is. Then the retries queued before the pause run (as their jobs would
 * once due) and park.
 */
async function failTries(hookId: number, n: number) {
  receiver.state.mode = 'down';
  for (let i = 0; i < n; i++) {
    const d = await newDelivery(hookId);
    if (d.parkedAt) continue;
    expect(await attemptDelivery(t.database, { delivery_id: d.id, attempt: 1 })).toBe('retry');
  }
  if (!(await hookRow(hookId)).pausedUntil) return;
  const retries = await db().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, hookId), sql`parked_at is null and delivered_at is null and failed_at is null`));
  for (const row of retries) expect(await attemptDelivery(t.database, { delivery_id: row.id, attempt: row.attempt })).toBe('parked');
}

describe('circuit breaker', () => {
  it(`pauses a hook after ${CIRCUIT_FAILURES} failed tries in a row; a success in between starts the count again`, async () => {
    const hookId = await newHook();
    await failTries(hookId, CIRCUIT_FAILURES - 1);
    receiver.state.mode = 'ok';
    const ok = await newDelivery(hookId);
    expect(await attemptDelivery(t.database, { delivery_id: ok.id, attempt: 1 })).toBe('delivered');
    expect(await hookRow(hookId)).toMatchObject({ failuresInARow: 0, pausedUntil: null });

    await failTries(hookId, CIRCUIT_FAILURES - 1);
    expect((await hookRow(hookId)).pausedUntil).toBeNull();
    const queued = await newDelivery(hookId); // its job has not run yet
    expect(await jobsFor(queued.id)).toBe(1);
    await failTries(hookId, 1);
    // The pause parked the queued first try at once and removed its waiting job (the release
    // queues a new one); a job already taken finds the row parked and sends nothing.
    expect((await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued.id)))[0]?.parkedAt).not.toBeNull();
    expect(await jobsFor(queued.id)).toBe(0);
    expect(await attemptDelivery(t.database, { delivery_id: queued.id, attempt: 1 })).toBe('skipped');
    const hook = await hookRow(hookId);
    expect(hook.failuresInARow).toBe(CIRCUIT_FAILURES);
    expect(await secondsUntil(hookId)).toBeCloseTo(probeDelaySeconds(0), -1);
    // The try that opened the circuit waits parked, with no retry job of its own.
    const [last] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId)).orderBy(sql`id desc`).limit(1);
    expect(last?.parkedAt).not.toBeNull();
    expect(last?.nextRetryAt).toBeNull();

    // A new event for the paused hook is written parked: a row, no job, no request.
    const before = receiver.requests.length;
    const parked = await newDelivery(hookId);
    expect(parked.parkedAt).not.toBeNull();
    expect(await jobsFor(parked.id)).toBe(0);
    // The retries queued before the pause parked when their jobs ran (failTries), sending nothing.
    expect(receiver.requests.length).toBe(before);
    const waiting = await db().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, hookId), sql`delivered_at is null`));
    expect(waiting.every((r) => r.parkedAt)).toBe(true);

    // The hook's page says so, and each waiting delivery's next try is the hook's next probe.
    const detail = (await agent.get(`/jpanel/settings/hooks/${hookId}.json`)).json() as WebhookDetail;
    expect(detail).toMatchObject({ active: true, failures_in_a_row: CIRCUIT_FAILURES, paused_until: hook.pausedUntil?.toISOString() });
    expect(detail.deliveries.find((d) => d.id === parked.id)).toMatchObject({ state: 'pending', next_retry_at: hook.pausedUntil?.toISOString() });
  });

  it(`pauses a hung hook after ${CIRCUIT_TIMEOUTS} timeouts in a row; an answered failure in between starts that count again`, async () => {
    configureWebhooks({ appKey: testConfig.appKey, outboundAllow: '127.0.0.1', timeoutMs: 300 });
    try {
      const hookId = await newHook();
      const tryOnce = async (mode: 'hang' | 'down') => {
        receiver.state.mode = mode;
        const d = await newDelivery(hookId);
        return attemptDelivery(t.database, { delivery_id: d.id, attempt: 1 });
      };
      expect(await tryOnce('hang')).toBe('retry');
      expect(await hookRow(hookId)).toMatchObject({ failuresInARow: 1, timeoutsInARow: 1, pausedUntil: null });
      // The receiver answered (an error): it is not hung, so the timeouts count again from zero.
      expect(await tryOnce('down')).toBe('retry');
      expect(await hookRow(hookId)).toMatchObject({ failuresInARow: 2, timeoutsInARow: 0, pausedUntil: null });
      for (let i = 1; i < CIRCUIT_TIMEOUTS; i++) expect(await tryOnce('hang')).toBe('retry');
      expect((await hookRow(hookId)).pausedUntil).toBeNull();
      expect(await tryOnce('hang')).toBe('retry');
      // Paused with fewer than CIRCUIT_FAILURES failures: the try that paused it waits parked.
      const hook = await hookRow(hookId);
      expect(hook.failuresInARow).toBeLessThan(CIRCUIT_FAILURES);
      expect(await secondsUntil(hookId)).toBeCloseTo(probeDelaySeconds(0), -1);
      const [last] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId)).orderBy(sql`id desc`).limit(1);
      expect(last?.parkedAt).not.toBeNull();

      // A success closes the circuit and clears both counts.
      receiver.state.mode = 'ok';
      expect(await probeHook(t.database, hookId)).toBe('delivered');
      expect(await hookRow(hookId)).toMatchObject({ failuresInARow: 0, timeoutsInARow: 0, pausedUntil: null });
    } finally {
      configureWebhooks({ appKey: testConfig.appKey, outboundAllow: '127.0.0.1', timeoutMs: 2_000 });
    }
  });

  it('probes one delivery at a time, waiting twice as long after each failed probe, at most an hour', async () => {
    const hookId = await newHook();
    await failTries(hookId, CIRCUIT_FAILURES + 3);
    expect([0, 1, 2, 6, 7].map(probeDelaySeconds)).toEqual([60, 120, 240, 3600, 3600]);
    for (let probe = 1; probe <= 7; probe++) {
      const before = receiver.requests.length;
      expect(await probeHook(t.database, hookId)).toBe('retry');
      expect(receiver.requests.length - before).toBe(1);
      expect(await secondsUntil(hookId)).toBeCloseTo(probeDelaySeconds(probe), -1);
    }
    // Every delivery is still there, waiting: nothing was lost or given up.
    const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
    expect(rows).toHaveLength(CIRCUIT_FAILURES + 3);
    expect(rows.filter((r) => r.failedAt || r.deliveredAt)).toHaveLength(0);
    // The probe was always the oldest waiting delivery.
    const oldest = rows.reduce((a, b) => (a.id < b.id ? a : b));
    expect(oldest.attempt).toBe(2 + 7);
  });

  it('a successful probe closes the circuit and releases every waiting delivery, each sent once', async () => {
    const hookId = await newHook();
    await failTries(hookId, CIRCUIT_FAILURES);
    for (let i = 0; i < 3; i++) await newDelivery(hookId);
    receiver.state.mode = 'ok';
    const before = receiver.requests.length;
    expect(await probeHook(t.database, hookId)).toBe('delivered');
    expect(await hookRow(hookId)).toMatchObject({ failuresInARow: 0, pausedUntil: null, probeFailures: 0 });
    // The success queued the release; the release queues a delivery job per waiting row.
    const [release] = await queryRows(db(), sql`select count(*)::int as n from pgboss.job where name = 'webhook_release_parked' and (data->>'webhook_id')::int = ${hookId}`);
    expect(Number(release?.n)).toBe(1);
    expect(await releaseParked(t.database, hookId)).toBe(CIRCUIT_FAILURES + 3 - 1);
    const waiting = await db().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, hookId), sql`delivered_at is null`));
    for (const row of waiting) {
      expect(row.parkedAt).toBeNull();
      expect(await jobsFor(row.id)).toBeGreaterThan(0);
      expect(await attemptDelivery(t.database, { delivery_id: row.id, attempt: row.attempt })).toBe('delivered');
    }
    const guids = receiver.requests.slice(before).map((r) => r.headers['x-almoner-delivery']);
    expect(guids).toHaveLength(CIRCUIT_FAILURES + 3);
    expect(new Set(guids).size).toBe(CIRCUIT_FAILURES + 3);
  });

  it('Redeliver goes out at once on a paused hook, and its success releases the rest', async () => {
    const hookId = await newHook();
    await failTries(hookId, CIRCUIT_FAILURES);
    const [first] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId)).orderBy(sql`id`).limit(1);
    receiver.state.mode = 'ok';
    const response = await agent.post(`/jpanel/settings/hook-deliveries/${first!.id}/redeliver`, {});
    expect(response.statusCode, response.body).toBe(200);
    const [copy] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId)).orderBy(sql`id desc`).limit(1);
    expect(copy).toMatchObject({ guid: first!.guid, parkedAt: null });
    expect(await attemptDelivery(t.database, { delivery_id: copy!.id, attempt: 1, probe: true })).toBe('delivered');
    expect((await hookRow(hookId)).pausedUntil).toBeNull();
    expect(await releaseParked(t.database, hookId)).toBe(CIRCUIT_FAILURES);
  });

  it('the sweep queues one probe per due hook, releases strays and gives up the waiting deliveries of a switched-off hook', async () => {
    const hookId = await newHook();
    await failTries(hookId, CIRCUIT_FAILURES);
    expect((await sweepCircuits(t.database)).probes).toBe(0); // not due yet
    await db().update(webhooks).set({ pausedUntil: sql`now()` }).where(eq(webhooks.id, hookId));
    expect((await sweepCircuits(t.database)).probes).toBe(1);
    expect((await sweepCircuits(t.database)).probes).toBe(0); // queued already
    const [probes] = await queryRows(db(), sql`select count(*)::int as n from pgboss.job where name = 'webhook_probe' and (data->>'webhook_id')::int = ${hookId}`);
    expect(Number(probes?.n)).toBe(1);

    // Deliveries left parked on a hook no longer paused (a pause that ended mid-write) are released.
    await db().update(webhooks).set({ pausedUntil: null }).where(eq(webhooks.id, hookId));
    expect((await sweepCircuits(t.database)).releases).toBe(1);
    expect(await releaseParked(t.database, hookId)).toBe(CIRCUIT_FAILURES);

    // Switched off by staff: waiting deliveries are given up at once; switched on: a fresh start.
    await db().update(webhooks).set({ pausedUntil: sql`now() + interval '1 minute'` }).where(eq(webhooks.id, hookId));
    await newDelivery(hookId);
    const off = await agent.put(`/jpanel/settings/hooks/${hookId}`, { payload_url: receiver.url, events: ['supporter.created'], active: false });
    expect(off.statusCode, off.body).toBe(200);
    const left = await db().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, hookId), sql`parked_at is not null`));
    expect(left).toHaveLength(0);
    const on = await agent.put(`/jpanel/settings/hooks/${hookId}`, { payload_url: receiver.url, events: ['supporter.created'], active: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await hookRow(hookId)).toMatchObject({ failuresInARow: 0, pausedUntil: null, probeFailures: 0 });
  });

  it('a paused hook still failing when its oldest delivery runs out of window is switched off, and every waiting delivery given up', async () => {
    const hookId = await newHook();
    await failTries(hookId, CIRCUIT_FAILURES + 2);
    const [oldest] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId)).orderBy(sql`id`).limit(1);
    await db().update(webhookDeliveries).set({ createdAt: sql`now() - interval '72 hours'` }).where(eq(webhookDeliveries.id, oldest!.id));
    expect(await probeHook(t.database, hookId)).toBe('given_up');
    expect(await hookRow(hookId)).toMatchObject({ active: false, disabledReason: expect.stringContaining('72 hours') });
    const open = await db().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, hookId), sql`failed_at is null`));
    expect(open).toHaveLength(0);
  });
});
