import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { freePort } from '../../packages/server/src/test/pg-cluster.ts';
import { type Answer, CookieClient } from './cookie-client.ts';

const root = join(import.meta.dirname, '../..');

export type { Answer };

/** The killable server's app key: tests that seal secrets for it (a webhook's) use the same. */
export const KILLABLE_APP_KEY = Buffer.alloc(32, 9);

/**
 * main.ts as its own process on one port, which can be killed with SIGKILL and started again on
 * the same port and database; the signed-in cookies survive restarts (sessions live in the
 * database, the app key is fixed).
 */
export class KillableServer {
  private child: ChildProcess | undefined;
  private readonly client = new CookieClient();
  readonly email = 'kill9-admin@example.org';
  readonly password = 'Kill9-Admin-5120';

  private constructor(
    private readonly databaseUrl: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly entry = 'packages/server/src/main.ts',
  ) {}

  static async start(databaseUrl: string, env: Record<string, string> = {}): Promise<KillableServer> {
    const server = await KillableServer.launch(databaseUrl, env);
    await server.call('GET', '/jpanel/login');
    const login = await server.call('POST', '/jpanel/login', { email: server.email, password: server.password });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    return server;
  }

  /**
   * Starts the process and waits until it says it runs, signed in as nobody. `npmStart` runs what
   * `npm start` runs (scripts/start.ts: the web build checked, then main.ts) rather than main.ts
   * alone; a worker (ALMONER_ROLE=worker) serves no HTTP and says so in its own words.
   */
  static async launch(databaseUrl: string, env: Record<string, string> = {}, options: { npmStart?: boolean } = {}): Promise<KillableServer> {
    const server = new KillableServer(databaseUrl, await freePort(), env, options.npmStart ? 'scripts/start.ts' : 'packages/server/src/main.ts');
    await server.restart();
    return server;
  }

  async restart(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, this.entry)], {
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
        if (/Almoner (worker )?is running/.test(chunk.toString())) resolve();
      });
    });
  }

  /** SIGKILL: no drain, no handler, no commit that was not already made. */
  kill(): Promise<void> {
    return this.stop('SIGKILL');
  }

  /** SIGTERM, as a process manager stops it: requests under way are answered, then it exits. */
  terminate(): Promise<void> {
    return this.stop('SIGTERM');
  }

  private async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
    this.child = undefined;
  }

  /** One request on a fresh connection, signed in as the server's admin. */
  call(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.client.call(this.port, method, path, body);
  }
}
