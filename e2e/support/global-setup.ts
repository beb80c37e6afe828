import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { startStripeStandIn } from '../../packages/server/src/test/stripe/stand-in.ts';
import { scanForCardNumbers } from './card-scan.ts';

const root = join(import.meta.dirname, '..', '..');

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
  const template = await startServer(smtpPort, await freePort());
  const templateCards = await template.stop({ keepData: true });
  const ports = await Promise.all(Array.from({ length: E2E_WORKERS }, () => freePort()));
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, (_, i) => startServer(smtpPort, ports[i]!, template.dataDir)));
  project.provide('baseUrls', servers.map((s) => s.baseUrl));
  return async () => {
    // Issue 9: no card number in any request, table or log line of the whole suite (card-scan.ts).
    const cards: string[] = [...templateCards];
    rmSync(template.dataDir, { recursive: true, force: true });
    for (const server of servers) cards.push(...(await server.stop()));
    await new Promise((resolve) => smtp.close(() => resolve(undefined)));
    await stripe.close();
    if (cards.length) throw new Error(`Card numbers reached Almoner during the browser suite:\n${cards.join('\n')}`);
  };
}

/**
 * A port nobody listens on now, chosen by the system. A random one in a fixed range once met
 * another run's server on the same machine, which answered the readiness check in its place.
 */
function freePort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts Almoner on a fresh embedded database, or on a copy of the data folder `from`, and waits
 * until it answers (a fresh one seeds the demo data first).
 */
async function startServer(smtpPort: number, port: number, from?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'almoner-e2e-'));
  if (from) cpSync(from, dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  // `ALMONER_E2E_CPU_PROF=<folder>` writes each server's V8 CPU profile there, to see where the
  // app's share of the suite's CPU goes (issue 29).
  const profile = process.env.ALMONER_E2E_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.ALMONER_E2E_CPU_PROF}`] : [];
  const server: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'e2e/support/server-entry.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ALMONER_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ALMONER_SCHEDULE: '0', ALMONER_OUTBOUND_ALLOW: '127.0.0.1', ALMONER_SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  // Only a guard against a server that hangs: seeding on a busy 2-core machine took over 110 s.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/jpanel/login`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (Date.now() >= deadline) throw new Error(`server did not start:\n${output}`);

  /**
   * Stops the server and answers the card numbers found in what it received, stored and logged.
   * With `keepData` (the template) it waits for the database to close and keeps the folder.
   */
  async function stop({ keepData = false } = {}): Promise<string[]> {
    const exited = server.exitCode !== null ? Promise.resolve() : new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    if (!keepData) await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null && !keepData) server.kill('SIGKILL');
    await exited;
    if (keepData && server.exitCode !== 0) throw new Error(`the template server exited with ${server.exitCode}:\n${output}`);
    return scanForCardNumbers({ dataDir, serverOutput: output, requestsFile: join(dataDir, 'captured-requests.log') }).finally(() => {
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    });
  }
  return { baseUrl, dataDir, stop };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
    stripeApiUrl: string;
  }
}
