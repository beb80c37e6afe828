import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { startStripeStandIn } from '../../packages/server/src/test/stripe/stand-in.ts';
import { freePort, startAppServer } from './app-server.ts';
import { scanForCardNumbers } from './card-scan.ts';

/**
 * Browser files run side by side in this many workers (vitest's maxWorkers reads the same
 * number), each against its own server. Two by default: a test spends much of its time waiting
 * (a page's answers, the spec's 800 ms preloader, a debounce), which the other worker fills.
 * Measured on the 2-core machine, the whole suite in clean-clone runs: one worker 25 min 52 s,
 * two 14 min 24 s (324 tests), three 14 min 47 s (329 tests, 2026-12-05): a third worker only
 * shares the same two cores (it looked faster beside other work, where it took a larger share).
 * `ALMONER_E2E_WORKERS=1` runs one file at a time, e.g. to watch one failure alone.
 */
export const E2E_WORKERS = Number(process.env.ALMONER_E2E_WORKERS ?? 2);

/**
 * `ALMONER_E2E_SHARED_SERVERS=0` starts none of the demo servers below: for a run of files that
 * each start a server of their own (the year suite, e2e/year/), which `npm test` runs beside the
 * rest of the suite (scripts/test.ts). Seeding a demo no file opens was a minute of CPU.
 */
const sharedServers = process.env.ALMONER_E2E_SHARED_SERVERS !== '0';

/**
 * `ALMONER_E2E_DB=postgres` runs the servers on the PostgreSQL server the API tests use
 * (`ALMONER_TEST_PG_URL`, by default database `test` on 127.0.0.1:5432 as user postgres), one
 * database per worker copied from a seeded template, instead of each on its own PGlite folder.
 * CI does (.ci/run): the browser suite then proves the app on the database a charity runs in
 * production, while the API tests prove both; and PGlite's WASM Postgres was 41 % of an app
 * server's CPU in the browser suite (two files, its V8 profile), work a native server does for
 * less on the same two cores.
 */
const onPostgres = process.env.ALMONER_E2E_DB === 'postgres';
const pgAdminUrl = process.env.ALMONER_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** One prefix per run, so two runs on one PostgreSQL server never touch each other's databases. */
const runPrefix = `almoner_e2e_${randomBytes(4).toString('hex')}`;
const urlOf = (name: string) => pgAdminUrl.replace(/\/[^/]*$/, `/${name}`);

/** Runs one statement on the PostgreSQL server as its admin (create and drop database). */
async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Starts one SMTP sink and a server per worker, each with demo data on its own embedded database. */
export default async function setup(project: TestProject) {
  // Mail goes to a local SMTP server, as it would in production: it accepts everything except
  // addresses at bounce.test, which it refuses for good (550) — the failed job the jobs page shows.
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@bounce.test')) {
        const error = new Error('No such mailbox here') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  // One server per worker: files running side by side never see each other's data.
  // The demo data is seeded once: a first server seeds a template folder (the PGlite database
  // and the app key its sandbox tokens are sealed with) and stops; each worker's server starts on
  // a copy of it, finds the demo there and seeds nothing.
  // Stripe's API for the servers (ALMONER_STRIPE_API_URL) and, through the test's routing, for
  // the browser's stand-in Stripe.js (stripe-js.ts): a harness service, as the SMTP sink is.
  const stripe = await startStripeStandIn();
  process.env.ALMONER_STRIPE_API_URL = stripe.url;
  project.provide('stripeApiUrl', stripe.url);
  if (!sharedServers) {
    project.provide('baseUrls', []);
    return async () => {
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
      await stripe.close();
    };
  }
  // On PostgreSQL the template is a database that each worker's database is created from.
  const templateDb = onPostgres ? `${runPrefix}_template` : undefined;
  if (templateDb) await onServer(`create database ${templateDb}`);
  const template = await startServer(smtpPort, await freePort(), { database: templateDb });
  const templateCards = await template.stop({ keepData: true });
  const ports = await Promise.all(Array.from({ length: E2E_WORKERS }, () => freePort()));
  const workerDbs = Array.from({ length: E2E_WORKERS }, (_, i) => (templateDb ? `${runPrefix}_w${i + 1}` : undefined));
  for (const name of workerDbs) if (name) await onServer(`create database ${name} template ${templateDb}`);
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, (_, i) => startServer(smtpPort, ports[i]!, { from: template.dataDir, database: workerDbs[i] })),
  );
  project.provide('baseUrls', servers.map((s) => s.baseUrl));
  return async () => {
    // Issue 9: no card number in any request, table or log line of the whole suite (card-scan.ts).
    const cards: string[] = [...templateCards];
    rmSync(template.dataDir, { recursive: true, force: true });
    for (const server of servers) cards.push(...(await server.stop()));
    for (const name of [...workerDbs, templateDb]) if (name) await onServer(`drop database if exists ${name} with (force)`);
    await new Promise((resolve) => smtp.close(() => resolve(undefined)));
    await stripe.close();
    if (cards.length) throw new Error(`Card numbers reached Almoner during the browser suite:\n${cards.join('\n')}`);
  };
}

/**
 * Starts Almoner on a fresh embedded database, or on a copy of the data folder `from`, and waits
 * until it answers (a fresh one seeds the demo data first). With `database`, the data folder
 * keeps only the app key and uploads, and the data is in that PostgreSQL database.
 */
async function startServer(smtpPort: number, port: number, { from, database }: { from?: string; database?: string } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'almoner-e2e-'));
  if (from) cpSync(from, dataDir, { recursive: true });
  // `ALMONER_E2E_CPU_PROF=<folder>` writes each server's V8 CPU profile there, to see where the
  // app's share of the suite's CPU goes (issue 29).
  const profile = process.env.ALMONER_E2E_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.ALMONER_E2E_CPU_PROF}`] : [];
  const server = await startAppServer({
    port,
    nodeArgs: profile,
    env: { ALMONER_DATA_DIR: dataDir, DATABASE_URL: database ? urlOf(database) : '', ALMONER_SCHEDULE: '0', ALMONER_OUTBOUND_ALLOW: '127.0.0.1', ALMONER_SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` },
    name: 'server',
    // Only a guard against a server that hangs: seeding on a busy 2-core machine took over 110 s.
    startTimeoutMs: 600_000,
    pollMs: 500,
  });

  /**
   * Stops the server and answers the card numbers found in what it received, stored and logged.
   * With `keepData` (the template) it waits for the database to close and keeps the folder.
   */
  async function stop({ keepData = false } = {}): Promise<string[]> {
    await server.stop(keepData ? undefined : 5000);
    if (keepData && server.exitCode() !== 0) throw new Error(`the template server exited with ${server.exitCode()}:\n${server.output()}`);
    const scan = { dataDir, serverOutput: server.output(), requestsFile: join(dataDir, 'captured-requests.log') };
    return scanForCardNumbers(database ? { ...scan, databaseUrl: urlOf(database) } : scan).finally(() => {
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    });
  }
  return { baseUrl: server.baseUrl, dataDir, stop };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
    stripeApiUrl: string;
  }
}
