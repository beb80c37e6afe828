// Webhook fan-out benchmark (issue 13): BENCH_EVENTS (default 10,000) supporter.created events,
// recorded in transactions of 500 as a bulk change would, fanned out to 3 hooks on loopback
// receivers: two healthy (answer 204 at once) and one hung (never answers; each try waits for
// the 10 s timeout). Reports deliveries per second to the healthy hooks and the delay from the
// event's commit to its arrival (p50, p95), and how little the hung one held them up.
// BENCH_HUNG=0 leaves the hung hook out: the same run's baseline, to see what the hung one costs.
// Usage: npx tsx bench/webhooks.bench.ts   (PostgreSQL at BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432; a fresh database almoner_bench_hooks is made each run).
// Not run in CI.
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { withActor } from '../packages/server/src/db/actor.ts';
import { migrateDatabase } from '../packages/server/src/db/migrate.ts';
import { recordEvents } from '../packages/server/src/modules/domain-events/domain-events.service.ts';
import { JobQueue } from '../packages/server/src/modules/jobs/jobs.queue.ts';
import '../packages/server/src/modules/jobs/jobs.registry.ts';
import { startReceiver } from '../packages/server/src/modules/webhooks/webhooks.receiver.test-helper.ts';
import { createWebhook } from '../packages/server/src/modules/webhooks/webhooks.service.ts';
import { configureWebhooks } from '../packages/server/src/modules/webhooks/webhooks.settings.ts';
import { median } from './support.ts';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const NAME = 'almoner_bench_hooks';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const BATCH = 500;
const WITH_HUNG = process.env.BENCH_HUNG !== '0';
const LIMIT_MS = Number(process.env.BENCH_LIMIT_SECONDS ?? 1200) * 1000;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)] as number;

const admin = new pg.Client({ connectionString: `${base}/postgres` });
await admin.connect();
await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.query(`create database ${NAME}`);
await admin.end();
const database = await openDatabase({ url: `${base}/${NAME}` });
await migrateDatabase(database);

configureWebhooks({ appKey: Buffer.alloc(32, 3), outboundAllow: '127.0.0.1', timeoutMs: 10_000 });
const healthy = [await startReceiver(), await startReceiver()];
const hung = await startReceiver();
hung.state.mode = 'hang';
for (const r of WITH_HUNG ? [...healthy, hung] : healthy) {
  await withActor(database.db, { userId: null, ip: null }, (tx) =>
    createWebhook(tx, { payload_url: r.url, content_type: 'application/json', events: ['supporter.created'], secret: 'bench-secret', active: true }, null),
  );
}
const queue = new JobQueue(database, { work: true, pollingIntervalSeconds: 0.5 });
await queue.start();

/** Commit time of each event, by the supporter id it carries. */
const committedAt = new Map<number, number>();
const started = Date.now();
for (let from = 1; from <= EVENTS; from += BATCH) {
  const ids = Array.from({ length: Math.min(BATCH, EVENTS - from + 1) }, (_, i) => from + i);
  await withActor(database.db, { userId: null, ip: null }, (tx) => recordEvents(tx, 'supporter.created', ids.map((id) => ({ supporter_id: id, email: null }))));
  const now = Date.now();
  for (const id of ids) committedAt.set(id, now);
}
const recorded = Date.now();
console.log(`recorded ${EVENTS} events in ${((recorded - started) / 1000).toFixed(1)} s`);

const want = EVENTS * healthy.length;
const arrived = () => healthy.reduce((n, r) => n + r.requests.length, 0);
while (arrived() < want && Date.now() - started < LIMIT_MS) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  process.stdout.write(`\r${arrived()}/${want} healthy deliveries, hung receiver got ${hung.requests.length}   `);
}
console.log();

const delays: number[] = [];
let last = 0;
for (const r of healthy) {
  for (const req of r.requests) {
    const id = (JSON.parse(req.body) as { data: { supporter_id: number } }).data.supporter_id;
    delays.push(req.at - (committedAt.get(id) ?? req.at));
    last = Math.max(last, req.at);
  }
}
const unique = new Set(healthy.flatMap((r, i) => r.requests.map((q) => `${i}:${String(q.headers['webhook-id'])}`))).size;
console.log(`healthy deliveries: ${arrived()} of ${want} (${unique} distinct, duplicates ${arrived() - unique})`);
console.log(`throughput: ${(arrived() / ((last - started) / 1000)).toFixed(1)} deliveries/s to the healthy hooks (first commit to last arrival)`);
console.log(`commit-to-delivery delay: p50 ${(median(delays) / 1000).toFixed(2)} s, p95 ${(p95(delays) / 1000).toFixed(2)} s, max ${(Math.max(...delays) / 1000).toFixed(2)} s`);
console.log(`hung receiver: ${hung.requests.length} requests reached it (each held a slot for the 10 s timeout)`);

await queue.stop();
for (const r of [...healthy, hung]) await r.close();
await database.close();
process.exit(0);
