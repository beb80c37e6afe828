// Issue 32 item 2: does throughput grow with web processes? `npm run bench:scale-out` runs the
// supporters and contributions listings' first pages (as the web client asks for them) from 8
// keep-alive clients against 1, 2 and 3 `web` processes on one PostgreSQL, the clients spread
// over the processes in turn, and prints requests/s, the ratio to one process, and where the
// CPU went: the app's processes, PostgreSQL's backends and this client, in cores. On a machine
// with as many cores as the run has busy processes, the figure that stops growing says which side
// is the limit; on this 2-core machine the machine itself is, and the CPU columns show it.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchDatabase } from './support.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 8;
const TICK = 100; // USER_HZ on Linux

/** CPU seconds used so far by the app's processes and by PostgreSQL's (every `postgres` process). */
function cpuSeconds(appPids: number[]): { app: number; postgres: number } {
  let app = 0;
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(rest[11]) + Number(rest[12])) / TICK;
      if (appPids.includes(pid)) app += seconds;
      else if (name === 'postgres') postgres += seconds;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { app, postgres };
}

const BODIES = [
  ['/jpanel/supporters.listing', { start: 0, length: 10 }],
  ['/jpanel/contributions-v2.listing', { start: 0, length: 50 }],
] as const;

/** Runs the listings from CLIENTS loops over `servers` for SECONDS; answers requests/s and the CPU used. */
async function load(servers: ServerProcess[]) {
  const pids = servers.map((s) => s.pid);
  const before = cpuSeconds(pids);
  const client = process.cpuUsage();
  const end = Date.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const server = servers[c % servers.length]!;
      for (let i = c; Date.now() < end; i += 1) {
        const [path, body] = BODIES[i % BODIES.length]!;
        const answer = await server.post(path, body);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
        done += 1;
      }
    }),
  );
  const after = cpuSeconds(pids);
  const own = process.cpuUsage(client);
  return {
    perSecond: done / SECONDS,
    cores: { app: (after.app - before.app) / SECONDS, postgres: (after.postgres - before.postgres) / SECONDS, client: (own.user + own.system) / 1e6 / SECONDS },
  };
}

const url = `${base}/almoner_bench_scale`;
const database = await benchDatabase(url, ROWS, Math.round(ROWS / 4));
await database.close();
const servers = await Promise.all([0, 1, 2].map(() => startServerProcess(url, CLIENTS)));
try {
  // Warm each process (its caches, its JIT) before anything is measured.
  for (const server of servers) await load([server]);
  console.log(`\nlistings' first pages, ${CLIENTS} clients, ${SECONDS} s each, ${ROWS.toLocaleString('en-US')} contributions, ${cpus().length} cores`);
  console.log('web processes  requests/s  × one process  cores busy: app  PostgreSQL  client');
  let one = 0;
  for (const n of [1, 2, 3]) {
    const { perSecond, cores } = await load(servers.slice(0, n));
    one ||= perSecond;
    console.log(
      `${String(n).padStart(13)}  ${perSecond.toFixed(0).padStart(10)}  ${(perSecond / one).toFixed(2).padStart(13)}  ${cores.app.toFixed(2).padStart(15)}  ${cores.postgres.toFixed(2).padStart(10)}  ${cores.client.toFixed(2).padStart(6)}`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
