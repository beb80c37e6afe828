import { LOG_PAGE_SIZE, messages } from '@almoner/contracts';
import type { FastifyRequest } from 'fastify';
import { count, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { logUnhandledError } from './logs.hooks.ts';
import { pruneLogEntries, writeLogEntry } from './logs.service.ts';
import { logEntries } from './logs.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('log viewer', () => {
  it('records an unhandled error without its message, with the user and address, and lists it', async () => {
    const { agent, user } = await signedIn(t);
    const request = { user: { id: user.id }, ip: '203.0.113.9', method: 'POST', routeOptions: { url: '/jpanel/things/:id' }, id: 'req-1', log: { warn: vi.fn() } } as unknown as FastifyRequest;
    const error = Object.assign(new Error('insert into secrets values ($1) -- params: hunter2'), { code: '42P01' });
    logUnhandledError(t.app, request, error);
    await vi.waitFor(async () => {
      const list = (await agent.get('/jpanel/logs.json?source=http')).json();
      expect(list.data[0]).toMatchObject({
        message: 'Unhandled error while answering a request', source: 'http', level: 'error', user_name: `${user.firstName} ${user.lastName}`, ip_address: '203.0.113.9',
        context: { method: 'POST', route: '/jpanel/things/:id', error_type: 'Error', error_code: '42P01', request_id: 'req-1' },
      });
    });
    const all = JSON.stringify((await agent.get('/jpanel/logs.json')).json());
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain('secrets');
  });

  it('filters by level, source and text, and pages', async () => {
    const { agent } = await signedIn(t);
    await writeLogEntry(t.database.db, { message: 'Mail transport refused a message', source: 'mail', level: 'warning', context: { queue: 'mail_send' } });
    await writeLogEntry(t.database.db, { message: 'Nightly sync finished', source: 'crm', level: 'info' });
    const warnings = (await agent.get('/jpanel/logs.json?level=warning')).json();
    expect(warnings.data.every((e: { level: string }) => e.level === 'warning')).toBe(true);
    expect(warnings.data.some((e: { source: string }) => e.source === 'mail')).toBe(true);
    expect((await agent.get('/jpanel/logs.json?source=crm')).json().data.map((e: { message: string }) => e.message)).toEqual(['Nightly sync finished']);
    expect((await agent.get('/jpanel/logs.json?search=TRANSPORT')).json().data.map((e: { message: string }) => e.message)).toEqual(['Mail transport refused a message']);
    expect((await agent.get('/jpanel/logs.json?search=mail_send')).json().total).toBe(1);
    expect((await agent.get('/jpanel/logs.json?search=100%25')).json().total).toBe(0);
    const list = (await agent.get('/jpanel/logs.json')).json();
    expect(list).toMatchObject({ page: 1, page_size: LOG_PAGE_SIZE });
    expect(list.sources).toEqual(expect.arrayContaining(['crm', 'http', 'mail']));
    expect((await agent.get('/jpanel/logs.json?page=2')).json().data).toEqual([]);
    expect((await agent.get('/jpanel/logs.json?level=loud')).statusCode).toBe(422);
    expect((await agent.get('/jpanel/logs.json?page=0')).statusCode).toBe(422);
  });

  it('keeps a bounded time and size', async () => {
    await t.database.db.insert(logEntries).values({ message: 'Ancient', source: 'test', level: 'info', createdAt: sql`now() - interval '30 days'` });
    await writeLogEntry(t.database.db, { message: 'Fresh', source: 'test', level: 'info' });
    const left = await t.database.db.select().from(logEntries);
    expect(left.map((e) => e.message)).not.toContain('Ancient');
    expect(left.map((e) => e.message)).toContain('Fresh');
    for (let i = 0; i < 5; i++) await writeLogEntry(t.database.db, { message: `Entry ${i}`, source: 'test', level: 'info' });
    await pruneLogEntries(t.database.db, 14, 3);
    const [n] = await t.database.db.select({ n: count() }).from(logEntries);
    expect(n?.n).toBe(3);
    expect((await t.database.db.select().from(logEntries)).map((e) => e.message).sort()).toEqual(['Entry 2', 'Entry 3', 'Entry 4']);
  });

  it('is for account administrators only', async () => {
    const { agent } = await signedIn(t, { permissions: ['admin.general', 'user.edit'] });
    const refused = await agent.get('/jpanel/logs.json');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.forbidden);
  });
});
