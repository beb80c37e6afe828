// POS completion benchmark (issue 9): completing a 10-item order through POST
// /jpanel/pos/{id}/complete against the same transaction's SQL run directly, one at a time
// (median, p95) and 20 orders at once (p95, throughput).
// Usage: npx tsx bench/pos-complete.bench.ts   (PostgreSQL at BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432; a fresh database almoner_bench_pos is made each run and
// left for inspection)
//
// "The same SQL": one completion is run in this process with pg's query method watched, and
// every statement it sent (begin … commit) is kept. Replaying them for another order (its id and
// uuid swapped in) on one connection is the database's share of the work; ours adds HTTP,
// validation, the service code and the answer. Payment is cash, so no gateway time is in
// either figure. Each order has its own ten variants, so orders do not queue on stock rows.
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { migrateDatabase } from '../packages/server/src/db/migrate.ts';
import { startServerProcess } from './server-process.ts';
import { benchServer, median, ms } from './support.ts';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const NAME = 'almoner_bench_pos';
const url = `${base}/${NAME}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const CONCURRENT = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ITEMS = 10;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)] as number;

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
  await admin.end();
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  return database;
}

type Order = { id: number; uuid: string; ids: Map<number, number> };

/** A 10-item unpaid POS order (10 variants of its own, 25.00 each, quantity 1–3). */
async function makeOrders(pool: pg.Pool, count: number): Promise<Order[]> {
  const orders: Order[] = [];
  for (let n = 0; n < count; n++) {
    const uuid = randomUUID().toUpperCase();
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows: variants } = await client.query<{ id: number; product_id: number }>(
        `with p as (insert into products (name, code, base_currency) select 'Bench ' || g || '-' || $1, 'B' || g || '-' || left($1, 8), 'USD' from generate_series(1, ${ITEMS}) g returning id)
         insert into product_variants (product_id, variant_name, price, quantity) select id, 'Standard', 2500, 1000 from p returning id, product_id`,
        [uuid],
      );
      const qty = variants.map((_, i) => 1 + (i % 3));
      const total = qty.reduce((s, q) => s + q * 2500, 0);
      const { rows } = await client.query<{ id: number }>(
        `insert into contributions (client_uuid, is_pos, source, currency_code, subtotal_amount, total_amount, functional_currency_code,
           functional_exchange_rate, functional_total_amount, bill_first_name, bill_last_name, bill_country, total_items, total_qty)
         values ($1, true, 'POS', 'USD', $2, $2, 'USD', 1, $2, 'Ada', 'Lovelace', 'US', ${ITEMS}, $3) returning id`,
        [uuid, total, qty.reduce((a, b) => a + b, 0)],
      );
      const id = Number(rows[0]!.id);
      for (const [i, v] of variants.entries()) {
        await client.query(
          `insert into contribution_items (contribution_id, variant_id, product_id, description, qty, price, original_price, total)
           values ($1, $2, $3, 'Bench item', $4, 2500, 2500, $5)`,
          [id, v.id, v.product_id, qty[i], qty[i]! * 2500],
        );
      }
      await client.query('commit');
      // Variant and product ids by position, to swap into replayed statements.
      const ids = new Map<number, number>();
      variants.forEach((v, i) => {
        ids.set(1_000 + i, Number(v.id));
        ids.set(2_000 + i, Number(v.product_id));
      });
      orders.push({ id, uuid, ids });
    } finally {
      client.release();
    }
  }
  return orders;
}

const cashFor = (pool: pg.Pool, id: number) =>
  pool.query<{ total: string }>('select (total_amount / 100.0)::text as total from contributions where id = $1', [id]).then((r) => Number(r.rows[0]!.total));

type Statement = { text: string; values: unknown[] | undefined };

/** Runs one completion in this process and keeps every statement it sends to PostgreSQL. */
async function recordCompletion(pool: pg.Pool, order: Order): Promise<Statement[]> {
  const database = await openDatabase({ url });
  const { app, call } = await benchServer(database);
  const recorded: Statement[] = [];
  const original = pg.Client.prototype.query;
  let on = false;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    if (on) {
      if (typeof first === 'string') recorded.push({ text: first, values: Array.isArray(second) ? second : undefined });
      // drizzle passes a query config and, beside it, the parameters.
      else if (first && typeof first === 'object' && 'text' in first) recorded.push({ text: String((first as Statement).text), values: (first as Statement).values ?? (Array.isArray(second) ? second : undefined) });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  on = true;
  const response = await call(`/jpanel/pos/${order.id}/complete`, { payment_type: 'cash', cash_received: await cashFor(pool, order.id) });
  on = false;
  pg.Client.prototype.query = original;
  if (!response.ok) throw new Error(`completion failed: ${await response.text()}`);
  await app.close();
  await database.close();
  // From the completion's begin to its commit (the session lookups before it are the request's).
  const start = recorded.findIndex((s) => /^begin/i.test(s.text.trim()));
  const end = recorded.findLastIndex((s) => /^commit/i.test(s.text.trim()));
  return recorded.slice(start, end + 1);
}

/**
 * The recorded statements with another order's id, uuid, variants and products in place of the
 * recorded one's (contribution, product and variant ids live in ranges of their own).
 */
function forOrder(statements: Statement[], from: Order, to: Order): Statement[] {
  const byOld = new Map<number, number>();
  for (const [slot, old] of from.ids) byOld.set(old, to.ids.get(slot)!);
  const swap = (v: unknown): unknown => {
    if (v === from.id || v === String(from.id)) return typeof v === 'number' ? to.id : String(to.id);
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
    if (n !== null && byOld.has(n)) return typeof v === 'number' ? byOld.get(n) : String(byOld.get(n));
    if (typeof v === 'string') return v.replaceAll(from.uuid, to.uuid).replaceAll(`"contribution_id":${from.id}`, `"contribution_id":${to.id}`);
    return v;
  };
  return statements.map((s) => ({ text: s.text, values: s.values?.map(swap) }));
}

async function replay(pool: pg.Pool, statements: Statement[]) {
  const client = await pool.connect();
  try {
    for (const s of statements) await client.query(s.text, s.values as unknown[]);
  } finally {
    client.release();
  }
}

async function main() {
  const database = await freshDatabase();
  // Disjoint id ranges, so swapping an order's ids in a replayed statement touches nothing else.
  await database.execute("select setval(pg_get_serial_sequence('contributions', 'id'), 1000000)");
  await database.execute("select setval(pg_get_serial_sequence('products', 'id'), 2000000)");
  await database.execute("select setval(pg_get_serial_sequence('product_variants', 'id'), 3000000)");
  await database.close();
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const [recordedOrder] = await makeOrders(pool, 1);
  const statements = await recordCompletion(pool, recordedOrder!);
  console.log(`one completion of a ${ITEMS}-item order sends ${statements.length} statements (begin … commit)`);

  const server = await startServerProcess(url, CONCURRENT);
  try {
    await measure(pool, server, statements, recordedOrder!);
  } finally {
    await server.stop();
    await pool.end();
  }
}

async function measure(pool: pg.Pool, server: Awaited<ReturnType<typeof startServerProcess>>, statements: Statement[], recordedOrder: Order) {
  const complete = async (order: Order) => {
    const response = await server.post(`/jpanel/pos/${order.id}/complete`, { payment_type: 'cash', cash_received: await cashFor(pool, order.id) });
    if (response.status !== 200) throw new Error(`completion failed: ${response.status} ${response.text}`);
  };

  // One at a time.
  const ours: number[] = [];
  const raw: number[] = [];
  const oursOrders = await makeOrders(pool, RUNS + 5);
  const rawOrders = await makeOrders(pool, RUNS + 5);
  for (let i = 0; i < RUNS + 5; i++) {
    let t = process.hrtime.bigint();
    await complete(oursOrders[i]!);
    if (i >= 5) ours.push(ms(t));
    const replayed = forOrder(statements, recordedOrder, rawOrders[i]!);
    t = process.hrtime.bigint();
    await replay(pool, replayed);
    if (i >= 5) raw.push(ms(t));
  }
  console.log(`\nPOS complete, ${ITEMS} items, one at a time (${RUNS} runs)`);
  console.log(`  ours   median ${median(ours).toFixed(2).padStart(7)} ms   p95 ${p95(ours).toFixed(2).padStart(7)} ms`);
  console.log(`  sql    median ${median(raw).toFixed(2).padStart(7)} ms   p95 ${p95(raw).toFixed(2).padStart(7)} ms`);
  console.log(`  ratio  median ${(median(ours) / median(raw)).toFixed(2)}   p95 ${(p95(ours) / p95(raw)).toFixed(2)}`);

  // Twenty at once, several rounds.
  const oursLatency: number[] = [];
  const rawLatency: number[] = [];
  let oursTime = 0;
  let rawTime = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const a = await makeOrders(pool, CONCURRENT);
    const b = await makeOrders(pool, CONCURRENT);
    let t0 = process.hrtime.bigint();
    const l1 = await Promise.all(a.map(async (o) => { const t = process.hrtime.bigint(); await complete(o); return ms(t); }));
    const e1 = ms(t0);
    t0 = process.hrtime.bigint();
    const l2 = await Promise.all(b.map(async (o) => { const t = process.hrtime.bigint(); await replay(pool, forOrder(statements, recordedOrder, o)); return ms(t); }));
    const e2 = ms(t0);
    if (round === 0) continue; // warm-up
    oursLatency.push(...l1);
    rawLatency.push(...l2);
    oursTime += e1;
    rawTime += e2;
  }
  const oursRate = (ROUNDS * CONCURRENT) / (oursTime / 1000);
  const rawRate = (ROUNDS * CONCURRENT) / (rawTime / 1000);
  console.log(`\n${CONCURRENT} concurrent POS completes of different orders (${ROUNDS} rounds; pool of 10 on both sides)`);
  console.log(`  ours   p95 ${p95(oursLatency).toFixed(2).padStart(7)} ms   throughput ${oursRate.toFixed(1).padStart(7)} orders/s`);
  console.log(`  sql    p95 ${p95(rawLatency).toFixed(2).padStart(7)} ms   throughput ${rawRate.toFixed(1).padStart(7)} orders/s`);
  console.log(`  ratio  p95 ${(p95(oursLatency) / p95(rawLatency)).toFixed(2)}   throughput ${(oursRate / rawRate).toFixed(2)}`);

  const [check] = (await pool.query('select count(*)::int as paid, count(*) filter (where paid_at is null)::int as unpaid from contributions')).rows as { paid: number; unpaid: number }[];
  console.log(`\n(${check!.paid - check!.unpaid} orders paid, ${check!.unpaid} left unpaid: the replays pay theirs too)`);
}

await main();
// The in-process app of the recording keeps a LISTEN connection; nothing is left to wait for.
process.exit(0);
