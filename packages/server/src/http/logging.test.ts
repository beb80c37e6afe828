import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { Agent, TEST_PASSWORD, buildUser, testConfig } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-db.ts';

type Line = Record<string, unknown> & { msg: string; reqId?: string };

let app: FastifyInstance;
let database: Database;
let agent: Agent;
let userId: number;
const lines: string[] = [];
const parsed = () => lines.map((line) => JSON.parse(line) as Line);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    database,
    config: { ...testConfig, logLevel: 'trace' },
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  const user = await buildUser(database);
  userId = user.id;
  agent = new Agent(app);
  await agent.login(user.email, TEST_PASSWORD);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the request log', () => {
  it('keeps passwords, cookies and CSRF tokens out of the log', async () => {
    lines.length = 0;
    const stranger = new Agent(app);
    await stranger.post('/jpanel/login', { email: 'someone@example.org', password: 'a-wrong-password' });
    await agent.get('/jpanel/auth/session');
    const log = lines.join('\n');
    expect(log).toContain('/jpanel/login');
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toContain('a-wrong-password');
    expect(log).not.toContain('someone@example.org');
    expect(log).not.toContain(agent.cookies.almoner_session);
    expect(log).not.toContain(agent.cookies['XSRF-TOKEN']);
  });

  it('writes one line per request: method, route pattern, status, duration, request id, user; no query string', async () => {
    lines.length = 0;
    const typed = 'canary-search-7731';
    const responses = [
      await agent.get(`/jpanel/supporters.json?query=${typed}`),
      await agent.get(`/jpanel/supporters.csv?search=${typed}`),
      await agent.post('/jpanel/supporters.listing', { draw: 1, start: 0, length: 10, search: { value: typed } }),
      await agent.get(`/jpanel/supporters?search=${typed}`, { headers: { 'x-requested-with': '' } }),
      await agent.get(`/jpanel/no-such-thing.json?q=${typed}`),
    ];
    expect(lines.join('\n')).not.toContain(typed);
    const requestLines = parsed().filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(responses.length);
    for (const [i, response] of responses.entries()) {
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      // Every line of the log for this request is the one request line.
      expect(parsed().filter((line) => line.reqId === id)).toEqual([requestLines[i]]);
      expect(requestLines[i]).toMatchObject({ reqId: id, status: response.statusCode, user: userId, level: 30 });
      expect(typeof requestLines[i]?.ms).toBe('number');
    }
    expect(requestLines.map((line) => `${String(line.method)} ${String(line.route)}`)).toEqual([
      'GET /jpanel/supporters.json',
      'GET /jpanel/supporters.csv',
      'POST /jpanel/supporters.listing',
      'GET /__spa',
      'GET null',
    ]);
  });
});

describe('failures', () => {
  it('logs the error code and request id of a failed query, never its parameters or SQL', async () => {
    lines.length = 0;
    const email = 'canary-person-5521@example.org';
    const password = 'canary-password-9184';
    const search = 'canary-term-3307';
    // Make the insert and the listing queries fail the way a real fault would, past validation.
    await database.exec(`alter table users add constraint canary_refuses check (email not like 'canary-%')`);
    await database.exec('alter table supporters rename to supporters_away');
    try {
      const create = await agent.post('/jpanel/users', {
        first_name: 'Canary',
        last_name: 'Bird',
        email,
        password,
        is_admin_user: true,
        is_account_admin: false,
        permissions: ['member.view'],
      });
      const listing = await agent.post('/jpanel/supporters.listing', { draw: 1, start: 0, length: 10, search: { value: search } });
      // The CSV's headers are out before its query fails: the download is cut off.
      await expect(agent.get(`/jpanel/supporters.csv?search=${search}`)).rejects.toThrow();
      expect(create.statusCode).toBe(500);
      expect(listing.statusCode).toBe(500);

      const log = lines.join('\n');
      for (const secret of [email, password, search, '$argon2', 'canary_refuses', 'supporters_away', 'searchable_text', 'select ', 'insert ']) {
        expect(log).not.toContain(secret);
      }
      const errors = parsed().filter((line) => line.level === 50);
      const byRequest = (response: { headers: Record<string, unknown> }) =>
        errors.find((line) => line.reqId === response.headers['x-request-id']);
      expect(byRequest(create)).toMatchObject({ msg: 'unhandled error', err: { code: '23514' } });
      expect(byRequest(listing)).toMatchObject({ msg: 'unhandled error', err: { code: '42P01' } });
      const csvFailure = errors.find((line) => line.route === '/jpanel/supporters.csv');
      expect(csvFailure).toMatchObject({ msg: 'request', method: 'GET', reqId: expect.any(String), err: { code: '42P01' } });
    } finally {
      await database.exec('alter table supporters_away rename to supporters');
      await database.exec('alter table users drop constraint canary_refuses');
    }
  });
});
