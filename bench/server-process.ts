import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BENCH_EMAIL, BENCH_PASSWORD } from './support.ts';

const root = join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

export type ServerProcess = {
  /** http://127.0.0.1:port, for a load tool of its own. */
  url: string;
  /** The signed-in session's cookie and CSRF headers, for a load tool of its own. */
  headers: () => Record<string, string>;
  /** A signed-in POST (JSON body) answering the status and the body text. */
  post: (path: string, body: unknown) => Promise<{ status: number; text: string }>;
  get: (path: string) => Promise<{ status: number; text: string }>;
  /** The server's process id (for sampling its memory). */
  pid: number;
  stop: () => Promise<void>;
};

/**
 * Almoner as it runs in production (`ALMONER_ROLE=web`, its own process, request logging on),
 * with a keep-alive client in this process. Throughput measured this way does not charge the
 * client's work (fetch, JSON parsing) to the server's event loop, as an in-process server would.
 * BENCH_PROFILE=1 writes a CPU profile of the server to bench/profiles/.
 */
export async function startServerProcess(databaseUrl: string, sockets: number, role: 'web' | 'all' = 'web'): Promise<ServerProcess> {
  const port = await freePort();
  const profile = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'bench/profiles')}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ALMONER_ROLE: role,
      ALMONER_SEED: '0',
      ALMONER_DATA_DIR: '/tmp/almoner-bench',
      ALMONER_APP_KEY: Buffer.alloc(32, 3).toString('base64'),
      ALMONER_ADMIN_EMAIL: BENCH_EMAIL,
      ALMONER_ADMIN_PASSWORD: BENCH_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The banner says it listens; the request log after it is read and dropped, as a log shipper would.
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Almoner is running')) resolve();
    });
  });

  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  let cookies: Record<string, string> = {};
  const sessionHeaders = () => ({
    'x-requested-with': 'XMLHttpRequest',
    'x-csrf-token': cookies['XSRF-TOKEN'] ?? '',
    cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; '),
  });
  const request = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          agent, host: '127.0.0.1', port, method, path,
          headers: {
            ...sessionHeaders(),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [name, value] = (line.split(';')[0] as string).split('=') as [string, string];
            cookies = { ...cookies, [name]: value };
          }
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  await request('GET', '/jpanel/login');
  const login = await request('POST', '/jpanel/login', { email: BENCH_EMAIL, password: BENCH_PASSWORD });
  if (login.status !== 200) throw new Error(`bench sign-in failed: ${login.text}`);
  return {
    url: `http://127.0.0.1:${port}`,
    headers: sessionHeaders,
    post: (path, body) => request('POST', path, body),
    get: (path) => request('GET', path),
    pid: child.pid as number,
    stop: async () => {
      agent.destroy();
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
