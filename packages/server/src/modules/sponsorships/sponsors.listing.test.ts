import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { sponsorships } from './sponsorships.tables.ts';
import { sponsors } from './sponsors.tables.ts';

let t: TestApp;
let agent: Agent;
let sponseeId: number;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const [sponsee] = await t.database.db
    .insert(sponsorships)
    .values({ referenceNumber: 'LIST-1', firstName: 'Amani', lastName: 'Listed', isEnabled: true })
    .returning({ id: sponsorships.id });
  sponseeId = (sponsee as { id: number }).id;
  // 60 records (more than a page): active, ended, not yet started, and one deleted.
  for (let i = 0; i < 60; i++) {
    const [supporter] = await t.database.db
      .insert(supporters)
      .values({ firstName: 'Ada', lastName: `Lister${i}`, email: `lister${i}@example.org`, currencyCode: 'USD' })
      .returning({ id: supporters.id });
    const kind = i % 4;
    await t.database.db.insert(sponsors).values({
      sponsorshipId: sponseeId,
      supporterId: (supporter as { id: number }).id,
      currencyCode: 'USD',
      source: i % 2 ? 'Website' : 'Event',
      startedAt: kind === 2 ? day(30) : day(-100 - i),
      endedAt: kind === 1 ? day(-5) : null,
      endedReason: kind === 1 ? 'Moved away' : null,
      deletedAt: i === 59 ? new Date() : null,
    });
  }
}, 60_000);

/** The same facts counted by hand, in UTC (the test app's organisation time zone). */
async function countedBySql() {
  const today = sql`(now() at time zone 'UTC')::date`;
  const [row] = await queryRows(t.database.db, sql`
    select count(*)::int as total,
           count(*) filter (where started_at <= ${today} and (ended_at is null or ended_at >= ${today}))::int as active,
           count(*) filter (where ended_at < ${today})::int as ended,
           count(*) filter (where started_at > ${today})::int as upcoming
      from sponsors where deleted_at is null`);
  return row as { total: number; active: number; ended: number; upcoming: number };
}

describe('POST /jpanel/sponsors.ajax', () => {
  it('pages 50 at a time, newest start first, with totals matching the database', async () => {
    const counted = await countedBySql();
    const first = await agent.post('/jpanel/sponsors.ajax', { draw: 1 });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.recordsTotal).toBe(counted.total);
    expect(body.data).toHaveLength(50);
    const starts = body.data.map((r: { started_at: string }) => r.started_at);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(body.data[0]).toMatchObject({ _url: `/jpanel/sponsorships/${sponseeId}`, sponsee: 'LIST-1 Amani Listed', status: 'upcoming' });
    const second = (await agent.post('/jpanel/sponsors.ajax', { start: 50 })).json();
    expect(second.data).toHaveLength(counted.total - 50);
  });

  it('filters by status, each count equal to an independent count', async () => {
    const counted = await countedBySql();
    for (const status of ['active', 'ended', 'upcoming'] as const) {
      const answer = (await agent.post('/jpanel/sponsors.ajax', { status, length: 100 })).json();
      expect(answer.recordsFiltered, status).toBe(counted[status]);
      expect(answer.data.every((r: { status: string }) => r.status === status)).toBe(true);
    }
    expect(counted.active + counted.ended + counted.upcoming).toBe(counted.total);
  });

  it('searches the sponsor and the sponsee, and filters by sponsee', async () => {
    const found = (await agent.post('/jpanel/sponsors.ajax', { search: { value: 'lister7@' } })).json();
    expect(found.data.map((r: { supporter_name: string }) => r.supporter_name)).toEqual(['Ada Lister7']);
    const bySponsee = (await agent.post('/jpanel/sponsors.ajax', { sponsorship_id: sponseeId, length: 100 })).json();
    expect(bySponsee.recordsFiltered).toBe((await countedBySql()).total);
    const none = (await agent.post('/jpanel/sponsors.ajax', { sponsorship_id: sponseeId + 1000 })).json();
    expect(none.data).toEqual([]);
  });

  it('answers 422 to bad filters and needs a session', async () => {
    expect((await agent.post('/jpanel/sponsors.ajax', { status: 'lapsed' })).statusCode).toBe(422);
    expect((await agent.post('/jpanel/sponsors.ajax', { sponsorship_id: 'x\u0000' })).statusCode).toBe(422);
    expect((await new Agent(t.app).post('/jpanel/sponsors.ajax', {})).statusCode).toBe(401);
  });
});
