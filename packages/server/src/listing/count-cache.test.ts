import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetUser } from '../modules/auth/session-cache.ts';
import { scaleFor } from '../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../test/test-app.ts';
import { queryRows } from './engine.ts';

/** Issue 6 item 23: page turns run no count; clients that ask every time get a brief cache. */
const dialect = new PgDialect();
let t: TestApp;
let agent: Agent;
type Page = { recordsTotal: number; recordsFiltered: number; capped: boolean; counts: string; data: { id: number }[] };

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
}, 120_000);
afterEach(() => vi.restoreAllMocks());

/** Calls the listing and answers the count statements it ran: counts of rows (capped) and kept counts. */
async function listing(body: Record<string, unknown>) {
  const execute = vi.spyOn(t.app.ctx.db, 'execute');
  const response = await agent.post('/jpanel/contributions-v2.listing', body);
  expect(response.statusCode, response.body).toBe(200);
  const texts = execute.mock.calls.map(([query]) => dialect.sqlToQuery(query as SQL).sql);
  execute.mockRestore();
  return {
    page: response.json() as Page,
    countQueries: texts.filter((text) => text.includes(') capped')).length,
    keptQueries: texts.filter((text) => text.includes('from contribution_counts')).length,
  };
}

const forgetAll = () => t.database.db.execute(sql`delete from listing_counts`);

describe('listing counts', () => {
  it('a page turn with count=0 runs no count and says the counts were reused', async () => {
    await forgetAll();
    const first = await listing({ start: 0, length: 10 });
    expect(first.page.counts).toBe('fresh');
    expect(first.keptQueries).toBeGreaterThan(0);
    const turn = await listing({ start: 10, length: 10, count: 0 });
    expect(turn.page.counts).toBe('reused');
    expect([turn.countQueries, turn.keptQueries]).toEqual([0, 0]);
    expect(turn.page.data).toHaveLength(10);
    expect(turn.page.data.map((r) => r.id)).not.toEqual(first.page.data.map((r) => r.id));
  });

  it('a client that asks every time gets the cached count of the same filter, counted once', async () => {
    await forgetAll();
    const body = { payment_type: ['card'], length: 10 };
    const first = await listing(body);
    const again = await listing({ ...body, start: 10 });
    expect([first.page.counts, again.page.counts]).toEqual(['fresh', 'cached']);
    // The filtered count is counted once; the listing's total is the database's kept count.
    expect([first.countQueries, again.countQueries]).toEqual([1, 0]);
    expect([first.keptQueries, again.keptQueries]).toEqual([1, 1]);
    expect(again.page.recordsFiltered).toBe(first.page.recordsFiltered);
    expect(again.page.recordsTotal).toBe(first.page.recordsTotal);
  });

  it('another filter or search is another count', async () => {
    await listing({ length: 10, payment_type: ['card'] });
    const other = await listing({ length: 10, payment_type: ['card'], search: { value: 'a' } });
    expect(other.page.counts).toBe('fresh');
    expect(other.countQueries).toBe(1);
  });

  it('counts again once the cached count expires', async () => {
    await listing({ length: 10, payment_type: ['card'] });
    await t.database.db.execute(sql`update listing_counts set expires_at = now() - interval '1 second'`);
    const expired = await listing({ length: 10, payment_type: ['card'] });
    expect(expired.page.counts).toBe('fresh');
    expect(expired.countQueries).toBeGreaterThan(0);
  });

  // A filter the kept counts do not cover, so the rows are counted and cached.
  it('a bulk action forgets cached counts, so the next count is right', async () => {
    await forgetAll();
    const before = (await listing({ length: 10, status: 'spam', payment_type: ['card', 'bank', 'cash', 'cheque', 'paypal', 'unknown'] })).page.recordsFiltered;
    const [row] = await queryRows(t.database.db, sql`select id from contributions where not is_spam and deleted_at is null and payment_type is not null limit 1`);
    expect((await agent.post('/jpanel/contributions/batch', { action: 'spam', ids: [row?.id] })).statusCode).toBe(200);
    const after = await listing({ length: 10, status: 'spam', payment_type: ['card', 'bank', 'cash', 'cheque', 'paypal', 'unknown'] });
    expect(after.page.counts).toBe('fresh');
    expect(after.page.recordsFiltered).toBe(before + 1);
  });
});

describe('sessions', () => {
  const lastSeen = async () =>
    new Date((await queryRows(t.database.db, sql`select last_seen_at::text as at from sessions where user_id is not null order by last_seen_at desc limit 1`))[0]?.at as string);

  // The test writes the table behind the session cache's back, so it forgets the cached sessions
  // the way the app does after its own writes.
  const seenAgo = async (interval: string) => {
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - ${interval}::interval`);
    const users = await queryRows(t.database.db, sql`select distinct user_id from sessions where user_id is not null`);
    for (const row of users) forgetUser(Number(row.user_id));
  };

  it('are touched at most once a minute', async () => {
    await seenAgo('30 seconds');
    const recent = await lastSeen();
    await agent.get('/jpanel/auth/session');
    expect((await lastSeen()).getTime()).toBe(recent.getTime());

    await seenAgo('2 minutes');
    const old = await lastSeen();
    await agent.get('/jpanel/auth/session');
    expect((await lastSeen()).getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });
});
