import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of a test's own, on its own port, that the test may stop and start: the
 * shared server the other tests use is never touched. Needs the server binaries (initdb, pg_ctl);
 * `pgBin` is null without them and such tests skip.
 */
const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : [];
export const pgBin = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => existsSync(`${dir}/pg_ctl`)) ?? null;
// PostgreSQL refuses to run as root: as root (CI, containers), run it as the postgres user.
const asRoot = process.getuid?.() === 0;

/** Runs a server tool (as the postgres user when root), with `env` added to this process's. */
function run(tool: string, args: string[], env: Record<string, string> = {}): void {
  const [command, prefix] = asRoot ? ['runuser', ['-u', 'postgres', '--', `${pgBin}/${tool}`]] : [`${pgBin}/${tool}`, []];
  execFileSync(command, [...prefix, ...args], { stdio: 'pipe', timeout: 60_000, env: { ...process.env, ...env } });
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type PgCluster = { url: string; start: () => void; stop: (mode?: 'fast' | 'immediate') => void; remove: () => void };

/** A folder for a cluster's files, owned by the user PostgreSQL runs as. */
function clusterFolder(): { dir: string; data: string } {
  const dir = mkdtempSync(join(tmpdir(), 'almoner-pg-cluster-'));
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  return { dir, data: join(dir, 'data') };
}

/**
 * Starts the cluster in `dir` on `port` and answers how to reach, stop and remove it. The server
 * runs with `env` added to its environment (the year suite's moved clock: libfaketime).
 */
function runCluster(dir: string, data: string, port: number, env: Record<string, string> = {}): PgCluster {
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', data, '-w', '-t', '60', ...args], env);
  const start = () => pgCtl('start', '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: (mode = 'fast') => pgCtl('stop', '-m', mode),
    remove: () => {
      try {
        pgCtl('stop', '-m', 'immediate');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates and starts a throwaway cluster (trust auth, fsync off); its server runs with `env` added. */
export async function startPgCluster(env: Record<string, string> = {}): Promise<PgCluster> {
  const { dir, data } = clusterFolder();
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  return runCluster(dir, data, port, env);
}

/**
 * A hot standby of `primary`: a base backup that streams the primary's changes from then on
 * (pg_basebackup -R writes the standby's settings), answering reads only, a moment behind.
 * initdb's trust rules already let 127.0.0.1 connect for replication.
 */
export async function startStandby(primary: PgCluster): Promise<PgCluster> {
  const { dir, data } = clusterFolder();
  const port = await freePort();
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', new URL(primary.url).port, '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast']);
  return runCluster(dir, data, port);
}
