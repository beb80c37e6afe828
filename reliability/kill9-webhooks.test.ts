import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { withActor } from '../packages/server/src/db/actor.ts';
import { queryRows } from '../packages/server/src/listing/engine.ts';
import { recordEvents } from '../packages/server/src/modules/domain-events/domain-events.service.ts';
import { type Receiver, startReceiver } from '../packages/server/src/modules/webhooks/webhooks.receiver.test-helper.ts';
import { createWebhook } from '../packages/server/src/modules/webhooks/webhooks.service.ts';
import { configureWebhooks } from '../packages/server/src/modules/webhooks/webhooks.settings.ts';
import { pgBin } from '../packages/server/src/test/pg-cluster.ts';
import { SEED, SHORT, printFigures, prng } from './support/figures.ts';
import { KILLABLE_APP_KEY, KillableServer } from './support/killable-server.ts';
import { ownCluster } from './support/own-cluster.ts';

/**
 * Item 5 of issue 17 (faults): kill -9 of the worker while it is sending webhooks. The receiver
 * takes its time (0–300 ms a request), so kills land mid-send. Nothing is lost: every event
 * reaches the receiver and its delivery row ends delivered, once. A send cut off by the kill is
 * sent again once its job's lease runs out (the job expires after 120 s and pg-boss's
 * maintenance, every 2 minutes, puts it back), so the receiver may see an event twice; both
 * carry the same `webhook-id` and body, which is what GitHub and Standard Webhooks receivers
 * deduplicate on. Full form only: the wait for the lease is minutes, more than CI's short form
 * can spend.
 */
const EVENTS = 40;
const KILLS = 3;

describe.skipIf(!pgBin || SHORT)('kill -9 during webhook sends', () => {
  const own = ownCluster();
  let server: KillableServer | undefined;
  let receiver: Receiver | undefined;

  afterAll(async () => {
    await server?.kill();
    await receiver?.close();
  });

  it(`loses no event and records each delivery once, killed ${KILLS} times mid-send`, async () => {
    const { cluster, database } = await own.open();
    const db = database.db;
    const rng = prng(SEED);
    receiver = await startReceiver();
    receiver.state.mode = (res) => {
      setTimeout(() => res.writeHead(204).end(), rng.int(0, 300));
    };
    // The hook's secret is sealed with the server's app key, as the settings page would.
    configureWebhooks({ appKey: KILLABLE_APP_KEY, outboundAllow: '127.0.0.1' });
    await withActor(db, { userId: null, ip: null }, (tx) =>
      createWebhook(tx, { payload_url: receiver!.url, content_type: 'application/json', events: ['supporter.created'], secret: 'kill9-secret', active: true }, null),
    );

    server = await KillableServer.start(cluster.url, { ALMONER_ROLE: 'all', ALMONER_OUTBOUND_ALLOW: '127.0.0.1' });
    await withActor(db, { userId: null, ip: null }, (tx) =>
      recordEvents(tx, 'supporter.created', Array.from({ length: EVENTS }, (_, i) => ({ supporter_id: i + 1, email: null }))),
    );
    const started = performance.now();
    const killedAfter: number[] = [];
    for (let i = 0; i < KILLS; i += 1) {
      // Each kill waits for sends to be under way, then lands at a random moment among them.
      const seen = receiver.requests.length;
      while (receiver.requests.length === seen && performance.now() - started < 60_000) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, rng.int(0, 400)));
      killedAfter.push(receiver.requests.length);
      await server.kill();
      await server.restart();
    }

    const delivered = async () => {
      const [row] = await queryRows(db, sql`select count(*) filter (where delivered_at is not null)::int as done, count(*)::int as rows from webhook_deliveries`);
      return { done: Number(row?.done), rows: Number(row?.rows) };
    };
    while ((await delivered()).done < EVENTS && performance.now() - started < 8 * 60_000) await new Promise((r) => setTimeout(r, 1000));
    const tookSeconds = (performance.now() - started) / 1000;

    const { done, rows } = await delivered();
    const ids = receiver.requests.map((r) => String(r.headers['webhook-id']));
    const bodies = new Map<string, Set<string>>();
    receiver.requests.forEach((r, i) => bodies.set(ids[i]!, (bodies.get(ids[i]!) ?? new Set()).add(r.body)));
    const received = new Set(receiver.requests.map((r) => (JSON.parse(r.body) as { data: { supporter_id: number } }).data.supporter_id));
    const [attempts] = await queryRows(db, sql`select count(*) filter (where attempt > 1)::int as retried from webhook_deliveries`);

    printFigures('kill -9 during webhook sends', {
      seed: SEED,
      events: EVENTS,
      kills: KILLS,
      'requests received when each kill landed': killedAfter.join(', '),
      'delivery rows': rows,
      'delivered rows': done,
      'events received': received.size,
      'requests received': receiver.requests.length,
      'sent again after a kill (same webhook-id)': receiver.requests.length - new Set(ids).size,
      'rows that needed a second try': Number(attempts?.retried),
      'seconds until all delivered': tookSeconds.toFixed(0),
    });
    expect(rows).toBe(EVENTS);
    expect(done).toBe(EVENTS);
    expect(received.size).toBe(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    // A repeat is the same delivery: one body per webhook-id.
    expect([...bodies.values()].every((b) => b.size === 1)).toBe(true);
  }, 10 * 60_000);
});
