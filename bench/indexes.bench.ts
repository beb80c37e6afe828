// Index diet, by evidence (issue 31 item 1): every query the app makes, counted per index.
//
// Starts the app on the 1M-row benchmark database (the one `npm run bench` seeds: 1,000,000
// contributions, 250,000 supporters), resets PostgreSQL's statistics, then calls, as an account
// administrator:
// - every GET route (pages, lookups, pickers, reports, the dashboard), ids in paths naming the
//   first record, once plain and once with a search term (`?query=&search=`);
// - every listing (POST …listing / …ajax): its first page, each column sorted each way on a deep
//   page (what a page turn asks), a search, and the count a click makes exact.
// It then reads `pg_stat_user_indexes` and prints each index of the ledger's tables with its
// scans, its size and whether it is a primary key or unique. An index no call scanned is a
// candidate to drop; a unique one stays (it keeps the data right, not the reads fast).
//
// - every exportable listing's filters, one at a time (bench/listing-filters.ts: each value of
//   each filter its schema allows), on the first page, by the listing engine the routes call.
// At a small scale the planner reads small tables whole, so only the 1M-row database says which
// sort indexes serve.
//
// Left out, and why: file downloads and CSV exports (a COPY of the whole table reads no index
// and takes minutes at 1M rows: bench/listing.bench.ts measures it), and routes that change data.
//
// Usage: npm run bench:indexes  (PostgreSQL at BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432;
// BENCH_DB names the database, default almoner_bench; BENCH_CONTRIBUTIONS and BENCH_SUPPORTERS
// size a database that does not exist yet, default 1,000,000 and 250,000)
import pg from 'pg';
import { AppError } from '../packages/server/src/http/errors.ts';
import { readListingQuery, runListing } from '../packages/server/src/listing/engine.ts';
import { exportableListings } from '../packages/server/src/modules/lists/export-registry.ts';
import { filterCalls } from './listing-filters.ts';
import { benchDatabase, benchServer } from './support.ts';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const url = `${base}/${process.env.BENCH_DB ?? 'almoner_bench'}`;
const CONTRIBUTIONS = Number(process.env.BENCH_CONTRIBUTIONS ?? 1_000_000);
const SUPPORTERS = Number(process.env.BENCH_SUPPORTERS ?? 250_000);

/** The ledger: the tables that grow with every gift, whose indexes every write pays for. */
const LEDGER = ['contributions', 'contribution_items', 'contribution_status_history', 'payments', 'refunds', 'refund_items', 'transaction_fees', 'supporters', 'tax_receipts', 'recurring_payment_profiles', 'recurring_transactions', 'audit_log', 'domain_events'];
const SEARCH = 'smi';
const SORTED_COLUMNS = 30;
const DEEP_START = 5_000;

/** Routes that do not read the ledger the way a screen does (see the header). */
const LEFT_OUT = [/\.csv$/, /\/export/, /\/download/, /\/files\//, /logout/, /\/api\/docs/, /^\/__spa/, /\*$/];

const database = await benchDatabase(url, CONTRIBUTIONS, SUPPORTERS);
const pool = new pg.Pool({ connectionString: url, max: 1 });
const { app, call } = await benchServer(database);

const path = (route: string) => route.replace(/:([A-Za-z_]+)/g, '1');
const routes = app.routeList.filter((r) => !LEFT_OUT.some((pattern) => pattern.test(r.url)));
const gets = routes.filter((r) => r.method === 'GET');
const listings = routes.filter((r) => r.method === 'POST' && /(\.listing|\.ajax)$/.test(r.url));

await pool.query('select pg_stat_reset()');
const answered = { ok: 0, refused: 0, failed: [] as string[] };
const tally = async (label: string, response: Response) => {
  await response.arrayBuffer();
  if (response.status >= 500) answered.failed.push(`${label}: ${response.status}`);
  else if (response.ok) answered.ok += 1;
  else answered.refused += 1;
};

for (const route of gets) {
  const target = path(route.url);
  await tally(`GET ${target}`, await call(target));
  await tally(`GET ${target}?query`, await call(`${target}?${new URLSearchParams({ query: SEARCH, search: SEARCH })}`));
}
for (const route of listings) {
  const target = path(route.url);
  await tally(`POST ${target}`, await call(target, {}));
  await tally(`POST ${target} search`, await call(target, { search: { value: SEARCH } }));
  for (let column = 0; column < SORTED_COLUMNS; column++) {
    for (const dir of ['asc', 'desc']) {
      await tally(`POST ${target} by ${column} ${dir}`, await call(target, { order: [{ column, dir }], start: DEEP_START, count: 0 }));
    }
  }
}

// Each list's filters, through the engine its route calls: the same statements, without the
// route's permission check (the bench is an account administrator anyway).
let filtered = 0;
for (const [name, { definition }] of exportableListings()) {
  for (const call of filterCalls(definition)) {
    try {
      await runListing(database.db, definition, readListingQuery(definition, { ...call.filters }));
      filtered += 1;
    } catch (error) {
      // A value the filter refuses (the route's 422) is the bench's to fix; anything else is the app's.
      if (error instanceof AppError) answered.refused += 1;
      else answered.failed.push(`${name} ${call.label}: ${error instanceof Error ? error.message.slice(0, 120) : String(error)}`);
    }
  }
}

// The backends' counters reach the statistics when their session ends: close the app's pool.
await app.close();
await database.close();
const { rows } = await pool.query<{ table: string; index: string; scans: string; bytes: string; constraint: string | null; definition: string }>(
  `select s.relname as table, s.indexrelname as index, s.idx_scan as scans, pg_relation_size(s.indexrelid) as bytes,
          case when c.contype = 'p' then 'primary key' when c.contype is not null or i.indisunique then 'unique' end as constraint,
          pg_get_indexdef(s.indexrelid) as definition
     from pg_stat_user_indexes s
     join pg_index i on i.indexrelid = s.indexrelid
     left join pg_constraint c on c.conindid = s.indexrelid and c.contype in ('p', 'u', 'x')
    where s.relname = any($1)
    order by s.relname, s.idx_scan desc, s.indexrelname`,
  [LEDGER],
);
await pool.end();

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
console.log(`\n${gets.length} GET routes (twice each) and ${listings.length} listings (${2 + SORTED_COLUMNS * 2} calls each): ${answered.ok} answered, ${answered.refused} refused (4xx); ${filtered} filtered pages of ${exportableListings().length} lists`);
if (answered.failed.length) console.log(`5xx answers, to look into:\n  ${answered.failed.join('\n  ')}`);
let unused = 0;
let unusedBytes = 0;
let table = '';
for (const row of rows) {
  if (row.table !== table) {
    table = row.table;
    console.log(`\n${table}`);
  }
  const scans = Number(row.scans);
  const keeps = row.constraint ? ` (${row.constraint})` : '';
  const candidate = scans === 0 && !row.constraint;
  if (candidate) {
    unused += 1;
    unusedBytes += Number(row.bytes);
  }
  console.log(`  ${candidate ? '✗' : ' '} ${row.index.padEnd(56)} ${String(scans).padStart(9)} scans ${mb(Number(row.bytes)).padStart(10)}${keeps}`);
}
const total = rows.reduce((sum, r) => sum + Number(r.bytes), 0);
console.log(`\n${rows.length} indexes on the ledger's tables, ${mb(total)}; ${unused} scanned by no call (✗), ${mb(unusedBytes)}: each a candidate to drop, once the write path and the jobs are checked too`);
for (const row of rows.filter((r) => Number(r.scans) === 0 && !r.constraint)) console.log(`  ${row.definition}`);
