import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { scanForCardNumbers } from './card-scan.ts';

const root = join(import.meta.dirname, '..', '..');

/** Starts Almoner with demo data on a fresh embedded database and waits until it answers. */
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
  const dataDir = mkdtempSync(join(tmpdir(), 'almoner-e2e-'));
  const port = 3100 + Math.floor(Math.random() * 800);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ALMONER_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ALMONER_SCHEDULE: '0', ALMONER_OUTBOUND_ALLOW: '127.0.0.1', ALMONER_E2E_SCAN_REQUESTS: '1', ALMONER_SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const deadline = Date.now() + 110_000;
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
  project.provide('baseUrl', baseUrl);

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    // Issue 9: no card number in any request, table or log line of the whole suite (card-scan.ts).
    const cards = await scanForCardNumbers({ dataDir, serverOutput: output, requestsFile: join(dataDir, 'captured-requests.log') }).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
    });
    await new Promise((resolve) => smtp.close(() => resolve(undefined)));
    if (cards.length) throw new Error(`Card numbers reached Almoner during the browser suite:\n${cards.join('\n')}`);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
