import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * A port nobody listens on now, chosen by the system. A random one in a fixed range once met
 * another run's server on the same machine, which answered the readiness check in its place.
 */
export function freePort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type StartOptions = {
  port: number;
  /** What the server runs with beyond the port, host and log level (data folder, database, …). */
  env: NodeJS.ProcessEnv;
  /** Node's own flags before the entry point (a CPU profile, say). */
  nodeArgs?: string[];
  /** Words that open the failure messages: 'server' → 'server exited: …'. */
  name: string;
  /** Only a guard against a server that hangs. */
  startTimeoutMs: number;
  /** How often readiness is asked. */
  pollMs: number;
};

export type AppServer = {
  baseUrl: string;
  /** Everything the server printed so far. */
  output: () => string;
  exitCode: () => number | null;
  /**
   * SIGTERM, then (with `graceMs`) SIGKILL if it is still running after that long; resolves
   * once it has exited. Without `graceMs` it waits as long as the server takes to close.
   */
  stop: (graceMs?: number) => Promise<void>;
};

/**
 * Starts Almoner (e2e/support/server-entry.ts) on `port` and waits until its login page
 * answers. Shared by the browser suite's servers (global-setup.ts) and the year's (year/).
 */
export async function startAppServer({ port, env, nodeArgs = [], name, startTimeoutMs, pollMs }: StartOptions): Promise<AppServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'e2e/support/server-entry.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    const ok = await fetch(`${baseUrl}/jpanel/login`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, pollMs));
  }

  async function stop(graceMs?: number): Promise<void> {
    const exited = server.exitCode !== null ? Promise.resolve() : new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    if (graceMs !== undefined) {
      await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await exited;
  }
  return { baseUrl, output: () => output, exitCode: () => server.exitCode, stop };
}
