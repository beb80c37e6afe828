import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { withActor } from '../packages/server/src/db/actor.ts';
import { queryRows } from '../packages/server/src/listing/engine.ts';
import { LOCK_CLASS } from '../packages/server/src/modules/imports/imports.liveness.ts';
import { JOB_SCHEMA } from '../packages/server/src/modules/jobs/jobs.queue.ts';
import { cardToken, makeOrder, makeVariant } from '../packages/server/src/modules/pos/pos.complete.fixtures.ts';
import { type Receiver, startReceiver } from '../packages/server/src/modules/webhooks/webhooks.receiver.test-helper.ts';
import { createWebhook } from '../packages/server/src/modules/webhooks/webhooks.service.ts';
import { configureWebhooks } from '../packages/server/src/modules/webhooks/webhooks.settings.ts';
import { pgBin } from '../packages/server/src/test/pg-cluster.ts';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { CookieClient } from './support/cookie-client.ts';
import { BAD_EVERY, giftRow } from './support/gift-rows.ts';
import { SHORT, percentile, printFigures } from './support/figures.ts';
import { KILLABLE_APP_KEY, KillableServer } from './support/killable-server.ts';
import { ownCluster } from './support/own-cluster.ts';
import { startRoundRobinProxy } from './support/round-robin-proxy.ts';

/**
 * Issue 32 item 1: Almoner scaled out as the README says, three `web` and two `worker` processes
 * (each what `npm start` runs, with ALMONER_ROLE) on one PostgreSQL cluster of the suite's own,
 * the web processes behind a round-robin proxy written for the test. What one process does, the
 * others honour: sessions, sign-out and a new password (the session cache hears PostgreSQL's
 * NOTIFY), the sign-in throttle (its counts live in the database), the clock (one scheduled job a
 * tick, however many workers keep it), webhook sends (one per event) and imports (one killed on
 * one worker is finished by the other). Under a steady load of
 * listing requests and point-of-sale completes, one web process is stopped with SIGTERM and no
 * request is lost. Each step prints its figures.
 *
 * Timings are figures, not limits, with one exception made wide on purpose: a change to a session
 * must reach the other processes well before the cache's own 30 s expiry, so only the
 * notification can explain it (the README records the milliseconds measured).
 */
const LOAD_CLIENTS = SHORT ? 4 : 8;
const LOAD_ORDERS = SHORT ? 24 : 80;
/** Large enough that the kill lands while the rows are applied (a few seconds here). */
const IMPORT_ROWS = SHORT ? 4_000 : 20_000;

const OUTBOUND = { ALMONER_OUTBOUND_ALLOW: '127.0.0.1' };

describe.skipIf(!pgBin)('several web and worker processes on one PostgreSQL', () => {
  const own = ownCluster();
  const webs: KillableServer[] = [];
  const workers: KillableServer[] = [];
  let receiver: Receiver | undefined;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | undefined;

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([...webs, ...workers].map((p) => p.kill()));
    await receiver?.close();
  });

  /**
   * All five at once on an empty database, as after a deploy: they migrate one after the other
   * (migrate.ts), the first admin is made once (auth.service.ts). The web build is checked here
   * first, so the five `npm start`s do not each build it.
   */
  async function startAll(url: string) {
    ensureWebBuild();
    const role = (name: string) => KillableServer.launch(url, { ALMONER_ROLE: name, ...OUTBOUND }, { npmStart: true });
    const started = await Promise.all([role('web'), role('web'), role('web'), role('worker'), role('worker')]);
    webs.push(...started.slice(0, 3));
    workers.push(...started.slice(3));
  }

  const admin = () => ({ email: webs[0]!.email, password: webs[0]!.password });
  const listing = (client: CookieClient, port: number) => client.call(port, 'POST', '/jpanel/supporters.listing', { length: 10 });

  /** Milliseconds until `port` refuses `client`'s session (401), polled every 10 ms for at most 10 s. */
  async function untilRefused(client: CookieClient, port: number, since: number): Promise<number> {
    while (performance.now() - since < 10_000) {
      if ((await listing(client, port)).status === 401) return performance.now() - since;
      await new Promise((r) => setTimeout(r, 10));
    }
    return Number.POSITIVE_INFINITY;
  }

  it('starts three web and two worker processes together on an empty database, and a session opened on one works on the others', async () => {
    const { cluster, database } = await own.open({ migrate: false });
    await startAll(cluster.url);
    const [admins] = await queryRows(database.db, sql`select count(*)::int as n from users where email = ${admin().email}`);
    expect(Number(admins?.n)).toBe(1);
    receiver = await startReceiver();
    configureWebhooks({ appKey: KILLABLE_APP_KEY, outboundAllow: '127.0.0.1' });
    await withActor(database.db, { userId: null, ip: null }, (tx) =>
      createWebhook(tx, { payload_url: receiver!.url, content_type: 'application/json', events: ['contribution.paid'], secret: 'scale-out-secret', active: true }, null),
    );

    const client = new CookieClient();
    expect((await client.signIn(webs[0]!.port, admin().email, admin().password)).status).toBe(200);
    for (const web of webs) expect((await listing(client, web.port)).status, `web process on ${web.port}`).toBe(200);
  });

  it('signing out on one process ends the session on every other', async () => {
    const client = new CookieClient();
    await client.signIn(webs[1]!.port, admin().email, admin().password);
    // Each process has the session in its cache now.
    for (const web of webs) expect((await listing(client, web.port)).status).toBe(200);
    const since = performance.now();
    expect((await client.call(webs[1]!.port, 'POST', '/jpanel/logout')).status).toBe(204);
    const took = await Promise.all([webs[0]!, webs[2]!].map((web) => untilRefused(client, web.port, since)));
    printFigures('scale-out: sign-out reaches the other web processes', { 'milliseconds until refused (each other process)': took.map((ms) => ms.toFixed(0)).join(', ') });
    for (const ms of took) expect(ms).toBeLessThan(10_000);
  });

  it('a new password ends the user\'s sessions on every process', async () => {
    const boss = new CookieClient();
    await boss.signIn(webs[0]!.port, admin().email, admin().password);
    const email = 'scale.out.fundraiser@example.org';
    const created = await boss.call(webs[0]!.port, 'POST', '/jpanel/users', { first_name: 'Scale', last_name: 'Out', email, password: 'Scale-Out-Pass-1', is_admin_user: true, permissions: ['member.view'] });
    expect(created.status, created.text.slice(0, 200)).toBe(201);
    const id = (JSON.parse(created.text) as { id: number }).id;
    const fundraiser = new CookieClient();
    expect((await fundraiser.signIn(webs[2]!.port, email, 'Scale-Out-Pass-1')).status).toBe(200);
    for (const web of webs) expect((await listing(fundraiser, web.port)).status).toBe(200);

    const since = performance.now();
    const changed = await boss.call(webs[0]!.port, 'POST', `/jpanel/users/${id}`, { first_name: 'Scale', last_name: 'Out', email, password: 'Scale-Out-Pass-2', is_admin_user: true });
    expect(changed.status, changed.text.slice(0, 200)).toBe(200);
    const took = await Promise.all(webs.map((web) => untilRefused(fundraiser, web.port, since)));
    printFigures('scale-out: a new password reaches every web process', { 'milliseconds until refused (each process)': took.map((ms) => ms.toFixed(0)).join(', ') });
    for (const ms of took) expect(ms).toBeLessThan(10_000);
    expect((await new CookieClient().signIn(webs[1]!.port, email, 'Scale-Out-Pass-2')).status).toBe(200);
  });

  it('counts wrong passwords across processes: five spread over three lock the sign-in, not fifteen', async () => {
    const email = 'scale.out.fundraiser@example.org';
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await new CookieClient().signIn(webs[i % 3]!.port, email, `wrong-guess-${i}`)).status);
    // The right password now, on the process that saw the fewest guesses: refused all the same.
    const sixth = await new CookieClient().signIn(webs[2]!.port, email, 'Scale-Out-Pass-2');
    printFigures('scale-out: the sign-in throttle', { 'five wrong passwords, by process in turn': answers.join(', '), 'the right one next, on the third process': sixth.status });
    expect(answers).toEqual([422, 422, 422, 422, 422]);
    expect(sixth.status).toBe(429);
  });

  it('under steady load, stopping one web process with SIGTERM loses no request; every sale is paid once and sent to the webhook once', async () => {
    const { database } = own.current();
    const db = database.db;
    proxy = await startRoundRobinProxy(webs.map((w) => w.port));
    const client = new CookieClient();
    expect((await client.signIn(proxy.port, admin().email, admin().password)).status).toBe(200);

    const orders: number[] = [];
    for (let i = 0; i < LOAD_ORDERS; i += 1) {
      const { variantId, productId } = await makeVariant(db, { price: 1500, quantity: 10 });
      orders.push((await makeOrder(db, { items: [{ variantId, productId, price: 1500, qty: 1 }] })).id);
    }
    const tokens = await Promise.all(orders.map(() => cardToken(db)));
    const failures: string[] = [];
    const latencies: number[] = [];
    let listings = 0;
    let sales = 0;
    let queue = 0;
    let stopped = false;
    const stopping = (async () => {
      // Once a third of the sales are in, the third web process is asked to stop.
      while (sales < LOAD_ORDERS / 3) await new Promise((r) => setTimeout(r, 20));
      await webs[2]!.terminate();
      stopped = true;
    })();
    const loadClient = async () => {
      while (queue < orders.length) {
        const i = queue++;
        for (const call of [
          () => client.call(proxy!.port, 'POST', '/jpanel/supporters.listing', { length: 10 }),
          () => client.call(proxy!.port, 'POST', `/jpanel/pos/${orders[i]}/complete`, { payment_type: 'credit_card', token: tokens[i] }),
        ]) {
          const from = performance.now();
          const answer = await call().catch((e: Error) => ({ status: 0, text: e.message }));
          latencies.push(performance.now() - from);
          if (answer.status !== 200) failures.push(`${answer.status} ${answer.text.slice(0, 160)}`);
        }
        listings += 1;
        sales += 1;
      }
    };
    await Promise.all([...Array.from({ length: LOAD_CLIENTS }, loadClient), stopping]);
    expect(stopped).toBe(true);

    const [paid] = await queryRows(db, sql`
      select count(*)::int as orders, count(*) filter (where n = 1)::int as once from (
        select c.id, count(p.id) filter (where p.paid) as n from contributions c
        left join payment_links l on l.contribution_id = c.id left join payments p on p.id = l.payment_id
        where c.id = any(${`{${orders.join(',')}}`}::int[]) group by c.id) t`);
    // Every paid sale is one contribution.paid event, sent by one of the two workers.
    const started = performance.now();
    while (receiver!.requests.length < LOAD_ORDERS && performance.now() - started < 120_000) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    const ids = receiver!.requests.map((r) => String(r.headers['webhook-id']));
    const [rows] = await queryRows(db, sql`select count(*)::int as n, count(*) filter (where delivered_at is not null)::int as delivered from webhook_deliveries`);

    printFigures('scale-out: steady load, one web process stopped with SIGTERM', {
      clients: LOAD_CLIENTS,
      'listing requests': listings,
      'POS completes': sales,
      'requests that failed': failures.length,
      'answers by web process': [...proxy.served.values()].join(', '),
      'requests a stopping process did not take (sent to the next)': proxy.passedOver(),
      'latency p50 / p95 / max (ms)': `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 95).toFixed(0)} / ${Math.max(...latencies).toFixed(0)}`,
      'sales paid exactly once': `${Number(paid?.once)} of ${Number(paid?.orders)}`,
      'webhook requests received': receiver!.requests.length,
      'distinct webhook ids': new Set(ids).size,
      'delivery rows (delivered)': `${Number(rows?.n)} (${Number(rows?.delivered)})`,
    });
    expect(failures).toEqual([]);
    expect(Number(paid?.once)).toBe(LOAD_ORDERS);
    expect(receiver!.requests.length).toBe(LOAD_ORDERS);
    expect(new Set(ids).size).toBe(LOAD_ORDERS);
    expect(Number(rows?.delivered)).toBe(LOAD_ORDERS);
  });

  it('runs each tick of the clock once, with two workers keeping it', async () => {
    const { database } = own.current();
    // webhook_circuits runs every minute (webhooks.probe.ts); each worker keeps pg-boss's clock.
    // A tick is the clock's own record: one __pgboss__send-it job per schedule and minute
    // (singleton_on), which a worker later turns into the job itself. The job's created_on is
    // when that happened, so under load a tick sent at 16:11:50 may become a job at 16:12:01:
    // grouping jobs by created_on counted two ticks as one minute twice (stop 49's CI).
    // One statement, so the ticks and the jobs are one snapshot: a worker inserts the job before
    // it completes the tick, so every completed tick has its job and no job lacks a tick.
    const ticks = async () => {
      const rows = await queryRows(database.db, sql`
        select to_char(singleton_on, 'HH24:MI') as minute, count(*)::int as sent,
          count(*) filter (where state = 'completed')::int as done,
          (select count(*)::int from ${sql.raw(JOB_SCHEMA)}.job where name = 'webhook_circuits') as jobs
        from ${sql.raw(JOB_SCHEMA)}.job
        where name = '__pgboss__send-it' and data->>'name' = 'webhook_circuits' group by 1 order by 1`);
      const count = (key: string) => rows.reduce((n, r) => n + Number(r[key]), 0);
      return { rows, sent: count('sent'), done: count('done'), jobs: Number(rows[0]?.jobs ?? 0) };
    };
    const started = performance.now();
    let seen = await ticks();
    while (seen.rows.filter((r) => Number(r.done) > 0).length < 2 && performance.now() - started < 200_000) {
      await new Promise((r) => setTimeout(r, 2000));
      seen = await ticks();
    }
    printFigures('scale-out: the clock', {
      'ticks by minute (webhook_circuits)': seen.rows.map((r) => `${String(r.minute)} ×${Number(r.sent)}`).join(', '),
      'ticks sent / handed on / webhook_circuits jobs': `${seen.sent} / ${seen.done} / ${seen.jobs}`,
    });
    expect(seen.rows.filter((r) => Number(r.done) > 0).length).toBeGreaterThanOrEqual(2);
    for (const tick of seen.rows) expect(Number(tick.sent), `minute ${String(tick.minute)}`).toBe(1);
    // Each tick became one job, though both workers poll the clock's queue.
    expect(seen.jobs).toBeGreaterThanOrEqual(seen.done);
    expect(seen.jobs).toBeLessThanOrEqual(seen.sent);
  });

  it('finishes an import on the other worker when the one applying it is killed', async () => {
    const { database } = own.current();
    const db = database.db;
    // One worker alone takes the import; it is killed mid-apply and the other started.
    await workers[1]!.terminate();
    const client = new CookieClient();
    expect((await client.signIn(proxy!.port, admin().email, admin().password)).status).toBe(200);
    const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => giftRow(i));
    const bad = rows.filter((_, i) => i % BAD_EVERY === BAD_EVERY - 1).length;
    const submitted = await client.call(proxy!.port, 'POST', '/flatfile/imports/contributions', { external_reference: 'scale-out', mode: 'create', rows });
    expect(submitted.status, submitted.text.slice(0, 200)).toBe(201);
    const importId = (JSON.parse(submitted.text) as { id: number }).id;
    expect((await client.call(proxy!.port, 'POST', '/flatfile/webhook/contributions', { workbookId: 'scale-out' })).status).toBe(200);

    const progress = async () => {
      const [row] = await queryRows(db, sql`
        select i.status, (select count(*)::int from import_rows r where r.import_id = i.id and r.outcome = 'created') as created
        from imports i where i.id = ${importId}`);
      return { status: String(row?.status), created: Number(row?.created) };
    };
    // The worker applying an import holds an advisory lock of its own (imports.liveness.ts).
    const applying = async () =>
      Number((await queryRows(db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = ${LOCK_CLASS} and objid = ${importId} and granted`))[0]?.n) > 0;
    const started = performance.now();
    while (!(await applying()) && performance.now() - started < 120_000) await new Promise((r) => setTimeout(r, 20));
    await workers[0]!.kill();
    const atKill = await progress();
    const killedAt = performance.now();
    // The other worker, started now, finds the import nobody holds and takes it up.
    await workers[1]!.restart();
    while ((await progress()).status === 'processing' && performance.now() - killedAt < 180_000) await new Promise((r) => setTimeout(r, 500));
    const final = await progress();
    const [check] = await queryRows(db, sql`
      select (select count(*)::int from import_rows where import_id = ${importId} and outcome = 'rejected') as rejected,
             (select count(*)::int from contributions c join import_rows r on r.record_id = c.id and r.import_id = ${importId}) as linked`);
    printFigures('scale-out: an import handed to the other worker', {
      rows: IMPORT_ROWS,
      'rows applied when the first worker was killed': `${atKill.created} (${atKill.status})`,
      'final status': final.status,
      'rows applied': final.created,
      'seconds from the kill to the end': ((performance.now() - killedAt) / 1000).toFixed(1),
    });
    expect(atKill.status).toBe('processing');
    expect(final).toEqual({ status: 'completed', created: IMPORT_ROWS - bad });
    expect(check).toMatchObject({ rejected: bad, linked: IMPORT_ROWS - bad });
  });
});
