// Listing benchmark (issue 3): our endpoint against the same SQL run directly, at 1,000,000
// and at 10,000 contributions, plus a full CSV export against PostgreSQL's own COPY.
// Usage: npm run bench   (PostgreSQL at BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432;
// BENCH_DB names the 1M-row database, default almoner_bench; BENCH_ONLY=page-turns or deep-pages
// runs that part alone)
import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../packages/server/src/db/client.ts';
import { csvQuery } from '../packages/server/src/listing/csv.ts';
import { type ListingDefinition, listingQueries, readListingQuery } from '../packages/server/src/listing/engine.ts';
import { contributionsListing } from '../packages/server/src/modules/contributions/contributions.listing.ts';
import { supportersListing } from '../packages/server/src/modules/supporters/supporters.listing.ts';
import { startServerProcess } from './server-process.ts';
import { benchDatabase, benchServer, median, ms } from './support.ts';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const dialect = new PgDialect();
const flags = { express: false, dp: false, referral_sources: true, nps: false };

// One definition type for a mixed list; each body is parsed by its own definition.
type Def = ListingDefinition<Record<string, unknown>>;
type Scenario = { name: string; endpoint: string; def: Def; body: Record<string, unknown> };
const scenarios: Scenario[] = [
  { name: 'contributions, first page', endpoint: '/jpanel/contributions-v2.listing', def: contributionsListing as unknown as Def, body: {} },
  {
    name: 'contributions, filtered + sorted, page 101',
    endpoint: '/jpanel/contributions-v2.listing',
    def: contributionsListing as unknown as Def,
    body: { payment_type: ['card'], amount_min: '20', order: [{ column: 5, dir: 'asc' }, { column: 7, dir: 'desc' }], start: 5000, length: 50 },
  },
  { name: 'supporters, first page', endpoint: '/jpanel/supporters.listing', def: supportersListing as unknown as Def, body: {} },
  {
    name: 'supporters, by lifetime giving, page 201',
    endpoint: '/jpanel/supporters.listing',
    def: supportersListing as unknown as Def,
    body: { order: [{ column: 8, dir: 'desc' }], start: 2000, length: 10 },
  },
];

/** The statements the endpoint runs, run directly and in parallel as the engine does. */
async function runRaw(pool: pg.Pool, queries: SQL[]) {
  await Promise.all(queries.map((q) => {
    const { sql, params } = dialect.sqlToQuery(q);
    return pool.query(sql, params);
  }));
}

async function measureListings(database: Database, url: string, label: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const { app, call } = await benchServer(database);
  const results: Record<string, { ours: number; raw: number }> = {};
  for (const scenario of scenarios) {
    const q = listingQueries(scenario.def, readListingQuery(scenario.def, scenario.body));
    const statements = [q.rows, q.filtered, ...(q.total ? [q.total] : [])];
    const ours: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      let t = process.hrtime.bigint();
      const response = await call(scenario.endpoint, scenario.body);
      await response.json();
      if (i >= 3) ours.push(ms(t));
      t = process.hrtime.bigint();
      await runRaw(pool, statements);
      if (i >= 3) raw.push(ms(t));
    }
    results[scenario.name] = { ours: median(ours), raw: median(raw) };
    console.log(`${label.padEnd(10)} ${scenario.name.padEnd(44)} ours ${median(ours).toFixed(2).padStart(8)} ms   sql ${median(raw).toFixed(2).padStart(8)} ms   ratio ${(median(ours) / median(raw)).toFixed(2)}`);
  }
  await app.close();
  await pool.end();
  return { results };
}

async function measureExport(database: Database, url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const { app, call } = await benchServer(database);
  const query = readListingQuery(contributionsListing, {});
  const { sql: select } = csvQuery(contributionsListing, query, flags);
  const text = dialect.sqlToQuery(select.inlineParams()).sql;

  let t = process.hrtime.bigint();
  const client = await pool.connect();
  let copyBytes = 0;
  for await (const chunk of client.query(copyTo(`copy (${text}) to stdout with (format csv)`))) copyBytes += (chunk as Buffer).length;
  client.release();
  const copyMs = ms(t);

  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  t = process.hrtime.bigint();
  const response = await call('/jpanel/contributions.csv');
  let ourBytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) ourBytes += chunk.length;
  const ourMs = ms(t);
  clearInterval(sampler);
  await app.close();
  await pool.end();
  console.log(`\nCSV export of every contribution: COPY ${copyMs.toFixed(0)} ms (${(copyBytes / 1e6).toFixed(1)} MB), ours ${ourMs.toFixed(0)} ms (${(ourBytes / 1e6).toFixed(1)} MB)`);
  console.log(`  speed vs COPY: ${(copyMs / ourMs).toFixed(2)} (aim ≥ 0.50)   peak RSS growth while streaming: ${((peak - rssBefore) / 1e6).toFixed(1)} MB`);
}

const PAGE_TURN_CLIENTS = 8;
const PAGE_TURN_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Issue 6 item 23's measure of the first page at 1M rows, 8 connections, before it was built. */
const BEFORE_ITEM_23 = 131;

/** Runs `once` from `clients` loops for the given time; answers requests per second. */
async function throughput(clients: number, seconds: number, once: (i: number) => Promise<unknown>): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = c; Date.now() < end; i += clients) {
        await once(i);
        done++;
      }
    }),
  );
  return done / seconds;
}

/**
 * Page turns (issue 6 item 23): 8 clients turning the contributions pages as the web client
 * does after its first page (count=0: the counts it already has are kept), against the SQL of
 * the page alone run directly on a pool of the same size. The server runs in its own process,
 * as in production, so the clients' work is not charged to it.
 */
async function measurePageTurns(url: string) {
  const def = contributionsListing as unknown as Def;
  const body = (i: number) => ({ start: (i % 40) * 50, length: 50, count: 0 });
  const pool = new pg.Pool({ connectionString: url, max: PAGE_TURN_CLIENTS });
  const server = await startServerProcess(url, PAGE_TURN_CLIENTS);
  const turn = async (i: number) => {
    const response = await server.post('/jpanel/contributions-v2.listing', body(i));
    if (response.status !== 200) throw new Error(`page turn failed: ${response.status}`);
    JSON.parse(response.text);
  };
  const sqlOf = (i: number) => dialect.sqlToQuery(listingQueries(def, readListingQuery(def, body(i))).rows);
  await throughput(PAGE_TURN_CLIENTS, 2, turn);
  await throughput(PAGE_TURN_CLIENTS, 1, async (i) => { const { sql, params } = sqlOf(i); await pool.query(sql, params); });
  const ours = await throughput(PAGE_TURN_CLIENTS, PAGE_TURN_SECONDS, turn);
  const raw = await throughput(PAGE_TURN_CLIENTS, PAGE_TURN_SECONDS, async (i) => {
    const { sql, params } = sqlOf(i);
    await pool.query(sql, params);
  });
  console.log(`
page turns, contributions at 1M rows, ${PAGE_TURN_CLIENTS} clients for ${PAGE_TURN_SECONDS} s:`);
  console.log(`  ours ${ours.toFixed(0)} req/s   the page's SQL alone ${raw.toFixed(0)} req/s   ratio ${(ours / raw).toFixed(2)}`);
  console.log(`  against the first page before item 23 (131 req/s, two counts per request): ×${(ours / BEFORE_ITEM_23).toFixed(1)} (aim ≥ ×5)`);
  await server.stop();
  await pool.end();
}

const DEEP_START = Number(process.env.BENCH_DEEP_START ?? 10_000);

/**
 * Issue 7 item 10: a deep page (rows DEEP_START onwards, as a page turn asks: `count=0`) sorted
 * by each sortable column, each direction, against the same page's SQL run directly. An index
 * that matches the sort keeps both near the first page's time; a missing one sorts the table.
 */
async function measureDeepPages(database: Database, url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const { app, call } = await benchServer(database);
  const lists = [
    { name: 'contributions', endpoint: '/jpanel/contributions-v2.listing', def: contributionsListing as unknown as Def, length: 50 },
    { name: 'supporters', endpoint: '/jpanel/supporters.listing', def: supportersListing as unknown as Def, length: 10 },
  ];
  const runs = Math.max(5, Math.round(RUNS / 3));
  console.log(`\ndeep pages at 1M contributions (start ${DEEP_START.toLocaleString('en-US')}, medians of ${runs} runs):`);
  for (const list of lists) {
    for (const [i, column] of list.def.columns.entries()) {
      if (!column.sortable) continue;
      for (const dir of ['asc', 'desc'] as const) {
        const body = { order: [{ column: i, dir }], start: DEEP_START, length: list.length, count: 0 };
        const { sql, params } = dialect.sqlToQuery(listingQueries(list.def, readListingQuery(list.def, body)).rows);
        const ours: number[] = [];
        const raw: number[] = [];
        for (let r = 0; r < runs + 1; r++) {
          let t = process.hrtime.bigint();
          const response = await call(list.endpoint, body);
          if (!response.ok) throw new Error(`${list.name} ${column.key} ${dir}: ${response.status}`);
          await response.json();
          if (r > 0) ours.push(ms(t));
          t = process.hrtime.bigint();
          await pool.query(sql, params);
          if (r > 0) raw.push(ms(t));
        }
        const label = `${list.name} by ${column.key} ${dir}`;
        console.log(`  ${label.padEnd(42)} ours ${median(ours).toFixed(2).padStart(8)} ms   sql ${median(raw).toFixed(2).padStart(8)} ms   ratio ${(median(ours) / median(raw)).toFixed(2)}`);
      }
    }
  }
  await app.close();
  await pool.end();
}

const largeUrl = `${base}/${process.env.BENCH_DB ?? 'almoner_bench'}`;
const large = await benchDatabase(largeUrl, 1_000_000, 250_000);
if (process.env.BENCH_ONLY === 'page-turns' || process.env.BENCH_ONLY === 'deep-pages') {
  if (process.env.BENCH_ONLY === 'page-turns') await measurePageTurns(largeUrl);
  else await measureDeepPages(large, largeUrl);
  await large.close();
  process.exit(0);
}
const small = await benchDatabase(`${base}/almoner_bench_small`, 10_000, 2_500);
console.log(`\nmedians of ${RUNS} runs; ratio = our endpoint (HTTP, JSON) / the same SQL run directly\n`);
const big = await measureListings(large, largeUrl, '1M rows');
const little = await measureListings(small, `${base}/almoner_bench_small`, '10k rows');
console.log('\ngrowth (1M / 10k, our endpoint):');
for (const name of Object.keys(big.results)) {
  console.log(`  ${name.padEnd(44)} ×${((big.results[name]?.ours ?? 0) / (little.results[name]?.ours ?? 1)).toFixed(2)}`);
}
await measurePageTurns(largeUrl);
await measureDeepPages(large, largeUrl);
await measureExport(large, largeUrl);
await large.close();
await small.close();
