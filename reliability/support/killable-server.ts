import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { join } from 'node:path';
import { freePort } from '../../packages/server/src/test/pg-cluster.ts';

const root = join(import.meta.dirname, '../..');

export type Answer = { status: number; text: string };

/** The killable server's app key: tests that seal secrets for it (a webhook's) use the same. */
export const KILLABLE_APP_KEY = Buffer.alloc(32, 9);

/**
 * main.ts as its own process on one port, which can be killed with SIGKILL and started again on
 * the same port and database; the signed-in cookies survive restarts (sessions live in the
 * database, the app key is fixed).
 */
export class KillableServer {
  private child: ChildProcess | undefined;
  private cookies: Record<string, string> = {};
  readonly email = 'kill9-admin@example.org';
  readonly password = 'Kill9-Admin-5120';

  private constructor(
    private readonly databaseUrl: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  static async start(databaseUrl: string, env: Record<string, string> = {}): Promise<KillableServer> {
    const server = new KillableServer(databaseUrl, await freePort(), env);
    await server.restart();
    await server.call('GET', '/jpanel/login');
    const login = await server.call('POST', '/jpanel/login', { email: server.email, password: server.password });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    return server;
  }

  async restart(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        ALMONER_SEED: '0',
        ALMONER_DATA_DIR: '/tmp/almoner-kill9',
        ALMONER_APP_KEY: KILLABLE_APP_KEY.toString('base64'),
        ALMONER_ADMIN_EMAIL: this.email,
        ALMONER_ADMIN_PASSWORD: this.password,
        LOG_LEVEL: 'silent',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Almoner is running')) resolve();
      });
    });
  }

  /** SIGKILL: no drain, no handler, no commit that was not already made. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }

  /** One request on a fresh connection; a kill mid-request rejects it (ECONNRESET). */
  call(method: string, path: string, body?: unknown): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1', port: this.port, method, path, agent: false,
          headers: {
            'x-requested-with': 'XMLHttpRequest',
            'x-csrf-token': this.cookies['XSRF-TOKEN'] ?? '',
            cookie: Object.entries(this.cookies).map(([k, v]) => `${k}=${v}`).join('; '),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const [k, v] = (pair ?? '').split('=');
            if (k) this.cookies[k] = v ?? '';
          }
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
}
