import { chmodSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { join } from 'node:path';
import { type PgCluster, pgBin, startPgCluster } from '../../packages/server/src/test/pg-cluster.ts';
import { freePort, startAppServer } from '../support/app-server.ts';

const libfaketime = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'].find((p) => existsSync(p));

export type YearServer = {
  baseUrl: string;
  /** Which database the year lives in, for the suite's summary. */
  database: 'PostgreSQL' | 'PGlite';
  /** Moves the server's clock to `at` (UTC, 'YYYY-MM-DD HH:MM:SS'); it runs on from there. */
  setClock: (at: string) => Promise<void>;
  /**
   * What the server was doing, for a failed step's log: its own output's tail and, on PostgreSQL,
   * every session of its database (what it runs or waits on, and since when) with the locks it
   * waits for. A completion that never answered (issue 39) is a wait somewhere; this names it.
   */
  diagnose: () => Promise<string>;
  stop: () => Promise<void>;
};

const utc = (at: string) => Date.parse(`${at.replace(' ', 'T')}Z`);

/**
 * The clock file's line for "it is now `at`": an offset from the real clock (libfaketime's
 * '+N' seconds), so the server reads `at` from the moment the file is read on. Not '@at': that
 * start-at form is counted from the process's start, so each move landed as many minutes late
 * as the server had been running, past the :17 the recurring schedule bills at (issue 39).
 */
const offsetTo = (at: string) => `${(utc(at) - Date.now()) / 1000 >= 0 ? '+' : ''}${Math.round((utc(at) - Date.now()) / 1000)}\n`;

/**
 * Writes the clock file whole: to a file beside it, then renamed over it. Written in place, a
 * process re-reading it between the truncate and the write would find it empty and, for a
 * second, live on the real clock.
 */
function writeClock(file: string, at: string): void {
  writeFileSync(`${file}.next`, offsetTo(at));
  renameSync(`${file}.next`, file);
}

/**
 * Almoner on an empty database (no demo: ALMONER_SEED=0, only the first admin), with a clock of
 * its own: libfaketime reads the instant from a file the test rewrites, so the server, its
 * database and its sandbox gateway all live the test's year while the browser and the test keep
 * the real one. Nothing in the app knows (as `npm run test:dates`).
 *
 * The database is the embedded one, or with `ALMONER_E2E_DB=postgres` (as CI runs the browser
 * suite) a PostgreSQL cluster of the suite's own whose server reads the same clock file: the
 * app's `now()` in SQL (paid_at, refunds, receipts) must live the year too, and the shared
 * PostgreSQL server runs on the real clock (tried for issue 39: the year's gifts then landed on
 * today's date and every year-end check found nothing).
 */
export async function startYearServer(startAt: string): Promise<YearServer> {
  if (!libfaketime) throw new Error('libfaketime is missing: run `bash scripts/ensure-faketime.sh`.');
  const dataDir = mkdtempSync(join(tmpdir(), 'almoner-year-'));
  const clockFile = join(dataDir, 'clock');
  writeClock(clockFile, startAt);
  const clock = {
    LD_PRELOAD: libfaketime,
    FAKETIME_TIMESTAMP_FILE: clockFile,
    // The file is read again each second: a move is seen within one.
    FAKETIME_CACHE_DURATION: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    FAKETIME_DONT_RESET: '1',
  };
  const cluster = process.env.ALMONER_E2E_DB === 'postgres' ? await clusterOnClock(dataDir, clock) : null;
  const server = await startAppServer({
    port: await freePort(),
    env: {
      ALMONER_DATA_DIR: dataDir,
      DATABASE_URL: cluster?.url ?? '',
      ALMONER_SEED: '0',
      // The schedule runs (unlike the shared servers'): the recurring job bills at :17 of the
      // server's hour, which the suite moves the clock to.
      ALMONER_SCHEDULE: '1',
      ALMONER_OUTBOUND_ALLOW: '127.0.0.1',
      ALMONER_SMTP_URL: '',
      // Each request's line (method, path, status, time), for `diagnose`: whether a completion
      // that never answered reached the server, and what answered slowly around it.
      LOG_LEVEL: 'info',
      TZ: 'UTC',
      ...clock,
    },
    name: "the year's server",
    startTimeoutMs: 300_000,
    pollMs: 300,
  });
  const { baseUrl } = server;

  async function serverNow(): Promise<number> {
    const response = await fetch(`${baseUrl}/jpanel/login`, { method: 'HEAD' });
    return Date.parse(response.headers.get('date') ?? '');
  }

  return {
    baseUrl,
    database: cluster ? 'PostgreSQL' : 'PGlite',
    async setClock(at) {
      writeClock(clockFile, at);
      const target = utc(at);
      // The server answers on the new clock before the test goes on (its Date header, to the second).
      for (let i = 0; i < 100; i++) {
        if ((await serverNow()) >= target - 1000) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the server's clock did not move to ${at}`);
    },
    async diagnose() {
      const output = server.output();
      const completions = output.split('\n').filter((line) => line.includes('/complete')).slice(-20);
      const tail = `the year's server, its last lines about completions:\n${completions.join('\n')}\nthe end of its output:\n${output.slice(-6000)}`;
      if (!cluster) return tail;
      const client = new pg.Client({ connectionString: cluster.url });
      try {
        await client.connect();
        const { rows } = await client.query(`select pid, state, wait_event_type, wait_event, pg_blocking_pids(pid) as blocked_by,
            now() - xact_start as in_transaction_for, now() - state_change as in_state_for, left(query, 300) as query
          from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() order by xact_start nulls last`);
        return `${tail}\nits database's sessions:\n${rows.map((r) => JSON.stringify(r)).join('\n')}`;
      } catch (error) {
        return `${tail}\nits database's sessions could not be read: ${String(error)}`;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async stop() {
      await server.stop(5000);
      cluster?.remove();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL cluster whose server reads the year's clock file. It runs as the postgres user
 * when the suite runs as root (CI), so the file's folder must be readable by it.
 */
async function clusterOnClock(dataDir: string, clock: Record<string, string>): Promise<PgCluster> {
  if (!pgBin) throw new Error("ALMONER_E2E_DB=postgres: the year suite starts a PostgreSQL server of its own on the year's clock, and PostgreSQL's server binaries (initdb, pg_ctl) are missing.");
  chmodSync(dataDir, 0o755);
  return startPgCluster(clock);
}
