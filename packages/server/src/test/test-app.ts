import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { users } from '../modules/users/users.tables.ts';
import { closeAfterFile } from './open-resources.ts';
import type { Scale } from '../seed/scale.ts';
import { createSeededTestDatabase, createTestDatabase } from './test-db.ts';

export const testConfig: Config = {
  port: 0,
  host: '127.0.0.1',
  databaseUrl: undefined,
  dataDir: '/tmp/almoner-test',
  adminEmail: 'admin@almoner.test',
  adminPassword: 'almoner-demo-1',
  appKey: Buffer.alloc(32, 7),
  secureCookies: false,
  logLevel: 'silent',
};

export type TestApp = { app: FastifyInstance; database: Database };

/**
 * One app and database per test file, closed after the file by setup.ts. Not by an `afterAll`
 * registered here: most files call this from their own `beforeAll`, where vitest takes no new
 * hooks, so those apps were never closed (harmless only while every file had a process of its own).
 */
/** An app on a fresh test database; `config` overrides the test configuration (a Stripe stand-in, …). */
export async function createTestApp(config: Partial<Config> = {}): Promise<TestApp> {
  return appOn(await createTestDatabase(), config);
}

/** An app on a fresh copy of the small demo organisation `scale` describes (seeded once per run). */
export async function createSeededTestApp(scale: Scale, config: Partial<Config> = {}): Promise<TestApp> {
  return appOn(await createSeededTestDatabase(scale), config);
}

async function appOn(database: Database, config: Partial<Config>): Promise<TestApp> {
  const app = await buildApp({ database, config: { ...testConfig, ...config } });
  closeAfterFile(() => app.close());
  await app.ready();
  return { app, database };
}

let userCounter = 0;
export const TEST_PASSWORD = 'correct-horse-9';

/**
 * One argon2 hash of TEST_PASSWORD per worker, shared by every user a test builds: a hash is
 * 15–20 ms of a core (measured 2026-12-07), paid by each of the many users a run builds. Signing
 * in still verifies it like any other.
 */
let testPasswordHash: Promise<string> | undefined;

/** Factory: a staff user (account admin unless permissions are given). */
export async function buildUser(
  database: Database,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  userCounter += 1;
  const [user] = await database.db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User${userCounter}`,
      email: `user${userCounter}-${Date.now() % 100000}@example.org`,
      passwordHash: await (testPasswordHash ??= hashPassword(TEST_PASSWORD)),
      isAccountAdmin: overrides.permissions === undefined,
      ...overrides,
    })
    .returning();
  return user as typeof users.$inferSelect;
}

type Request = Omit<InjectOptions, 'url' | 'method' | 'payload' | 'body'> & { body?: unknown };

/** A browser-like client: keeps cookies, sends the XHR header and the CSRF token. */
export class Agent {
  cookies: Record<string, string> = {};
  constructor(readonly app: FastifyInstance) {}

  async request(method: string, url: string, { body, headers, ...rest }: Request = {}) {
    if (!this.cookies['XSRF-TOKEN'] && method !== 'GET') await this.request('GET', '/jpanel/login');
    const response = await this.app.inject({
      method: method as InjectOptions['method'],
      url,
      ...rest,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(this.cookies['XSRF-TOKEN'] ? { 'x-csrf-token': this.cookies['XSRF-TOKEN'] } : {}),
        cookie: Object.entries(this.cookies).map(([k, v]) => `${k}=${v}`).join('; '),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });
    for (const cookie of response.cookies) this.cookies[cookie.name] = cookie.value;
    return response;
  }
  get = (url: string, options?: Request) => this.request('GET', url, options);
  post = (url: string, body?: unknown, options?: Request) => this.request('POST', url, { ...options, body } as Request);
  put = (url: string, body?: unknown, options?: Request) => this.request('PUT', url, { ...options, body } as Request);
  delete = (url: string, options?: Request) => this.request('DELETE', url, options);

  async login(email: string, password = TEST_PASSWORD) {
    const response = await this.post('/jpanel/login', { email, password });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    return response.json() as { two_factor: boolean };
  }
}

/** An agent signed in as a fresh user. */
export async function signedIn(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await buildUser(t.database, overrides);
  const agent = new Agent(t.app);
  await agent.login(user.email);
  return { agent, user };
}
