// Contributions import benchmark (issue 15): BENCH_N (default 100,000) gift rows submitted
// through the HTTP API as the import screen does (stage the rows, then the webhook that queues
// the job), then applied by the server's own background job until the import is completed.
// Reports rows/s end to end and for the apply phase, the server's RSS sampled through the run
// (min/max), the time to undo the whole import, PostgreSQL's own COPY of the same rows into a plain
// table for comparison, and the
// same writes as hand-written set-based SQL (imports.floor.ts): the floor the ledger's tables set.
// Half the rows give a donor seen earlier in the file (matched by e-mail), one row in 1,000 is
// bad (rejected). BENCH_PROFILE=1 writes a CPU profile of the server to bench/profiles/.
// Usage: npm run bench:imports   (PostgreSQL at BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432;
// a fresh database almoner_bench_imports is made each run). Not run in CI.
import { readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { importFloor } from './imports.floor.ts';
import { startServerProcess } from './server-process.ts';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const NAME = 'almoner_bench_imports';
const N = Number(process.env.BENCH_N ?? 100_000);
const LIMIT_MS = Number(process.env.BENCH_LIMIT_SECONDS ?? 3600) * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en-US');

/** Row i of the file: the donor is i/2, so every other row matches a donor made earlier. */
function giftRow(i: number): Record<string, string> {
  const donor = Math.floor(i / 2);
  const day = String(1 + (i % 28)).padStart(2, '0');
  const bad = i % 1000 === 999;
  return {
    date: bad ? '2024-02-30' : `2024-03-${day}`,
    subtotal_amt: `${10 + (i % 90)}.00`,
    dcc: '0.50',
    total: `${10 + (i % 90)}.50`,
    first_name: `Donor${donor}`,
    last_name: 'Bench',
    email: `donor${donor}@bench.example.org`,
    marketing_opt_in: i % 3 ? 'yes' : 'no',
    address_line_1: `${donor} Bench Street`,
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'us',
    phone: '555-0100',
    payment_auth: `AUTH-${i}`,
    dp_gift_id: `BG${i}`,
  };
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const admin = new pg.Client({ connectionString: `${base}/postgres` });
await admin.connect();
await admin.query(`drop database if exists ${NAME} with (force)`);
await admin.query(`create database ${NAME}`);
await admin.end();

const rows = Array.from({ length: N }, (_, i) => giftRow(i));
const badRows = rows.filter((_, i) => i % 1000 === 999).length;
const server = await startServerProcess(`${base}/${NAME}`, 2, 'all');
const samples: number[] = [];
const sampler = setInterval(() => samples.push(rssKb(server.pid)), 200);

const workbookId = `bench-${Date.now()}`;
const started = Date.now();
const submitted = await server.post('/flatfile/imports/contributions', { external_reference: workbookId, filename: 'bench.csv', mode: 'create', dry_run: false, rows });
if (submitted.status !== 201) throw new Error(`submit answered ${submitted.status}: ${submitted.text.slice(0, 300)}`);
const { id } = JSON.parse(submitted.text) as { id: number };
const webhook = await server.post('/flatfile/webhook/contributions', { workbookId });
if (webhook.status !== 200) throw new Error(`webhook answered ${webhook.status}: ${webhook.text.slice(0, 300)}`);
const staged = Date.now();
// The submit parses the whole file at once (the spec's one call); the apply phase is what must
// stay flat as N grows, so its memory is reported on its own.
const appliedFrom = samples.length;
console.log(`staged ${N.toLocaleString('en-US')} rows in ${((staged - started) / 1000).toFixed(1)} s`);

type Job = { status: string; progress: number; counts: { created: number; rejected: number } };
let job: Job = { status: 'processing', progress: 10, counts: { created: 0, rejected: 0 } };
while (job.status === 'processing' && Date.now() - started < LIMIT_MS) {
  await sleep(500);
  job = JSON.parse((await server.get(`/flatfile/imports/${id}`)).text) as Job;
  process.stdout.write(`\r${job.status} ${job.progress}%   `);
}
const finished = Date.now();
clearInterval(sampler);
console.log();
// Undo of the whole import, as the screen's Undo button asks for it.
const undoStarted = Date.now();
const undone = job.status === 'completed' ? await server.post(`/flatfile/imports/${id}/undo`, {}) : null;
const undoMs = Date.now() - undoStarted;
await server.stop();

// PostgreSQL's own COPY of the same rows into a plain table of the same columns, for scale.
const client = new pg.Client({ connectionString: `${base}/${NAME}` });
await client.connect();
const columns = Object.keys(rows[0] as Record<string, string>);
await client.query(`create table bench_copy (id bigserial primary key, ${columns.map((c) => `${c} text`).join(', ')})`);
const csv = (v: string) => `"${v.replace(/"/g, '""')}"`;
const copyStarted = Date.now();
await pipeline(
  Readable.from((function* () { for (const r of rows) yield `${columns.map((c) => csv(r[c] ?? '')).join(',')}\n`; })()),
  client.query(copyFrom(`copy bench_copy (${columns.join(', ')}) from stdin with (format csv)`)),
);
const copyMs = Date.now() - copyStarted;
const applied = await client.query(`select count(*)::int as n from import_rows where import_id = $1 and outcome in ('created', 'undone')`, [id]);
const left = await client.query(`select count(*)::int as n from contributions where source = 'Import'`);
// The same writes as hand-written set-based SQL in one transaction (rolled back): the database's floor.
const floor = job.status === 'completed' ? await importFloor(client, id) : null;
const floorMs = floor?.ms ?? 0;
await client.end();

const endToEnd = finished - started;
const apply = finished - staged;
// Stopped by BENCH_LIMIT_SECONDS: the rates count the rows applied so far, not N.
const done = job.status === 'completed' ? N : Number(applied.rows[0].n);
if (job.status !== 'completed') console.log(`NOT FINISHED within the limit: ${done} of ${N} rows applied`);
console.log(`import ${id}: ${job.status}, created ${job.counts.created}, rejected ${job.counts.rejected} (bad rows put in: ${badRows}), rows applied ${applied.rows[0].n}`);
if (undone) console.log(`undo of the whole import: answered ${undone.status} in ${(undoMs / 1000).toFixed(1)} s, ${rate(job.counts.created, undoMs)} rows/s; imported contributions left ${left.rows[0].n}`);
console.log(`end to end (submit → completed): ${(endToEnd / 1000).toFixed(1)} s, ${rate(done, endToEnd)} rows/s`);
console.log(`apply phase (webhook → completed): ${(apply / 1000).toFixed(1)} s, ${rate(done, apply)} rows/s`);
const mb = (kb: number) => Math.round(kb / 1024);
const applying = samples.slice(appliedFrom);
console.log(`server RSS during the run: min ${mb(Math.min(...samples))} MB, max ${mb(Math.max(...samples))} MB (${samples.length} samples)`);
console.log(`server RSS while applying: at the start ${mb(applying[0] ?? 0)} MB, max ${mb(Math.max(...applying))} MB, at the end ${mb(applying.at(-1) ?? 0)} MB`);
console.log(`PostgreSQL COPY of the same rows into a plain table: ${copyMs} ms, ${rate(N, copyMs)} rows/s (import end to end is ${(endToEnd / copyMs).toFixed(0)}× slower)`);
if (floorMs) console.log(`the same writes as hand-written set-based SQL, one transaction: ${floorMs} ms, ${rate(job.counts.created, floorMs)} rows/s (the apply phase is ${(apply / floorMs).toFixed(1)}× that)`);
if (floor) console.log(`  its statements (ms): ${floor.steps.map(([table, ms]) => `${table} ${ms}`).join(', ')}`);
process.exit(job.status === 'completed' ? 0 : 1);
