import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { recountCrossedSponsorships } from './sponsorships.daily.ts';
import { recountSponsorships } from './sponsors.service.ts';
import { sponsorships } from './sponsorships.tables.ts';
import { sponsors } from './sponsors.tables.ts';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

async function sponseeWith(records: { started: string; ended: string | null }[]) {
  counter += 1;
  const [sponsee] = await t.database.db
    .insert(sponsorships)
    .values({ referenceNumber: `DAILY-${counter}`, firstName: 'Amani', lastName: `Daily${counter}`, isEnabled: true })
    .returning({ id: sponsorships.id });
  const sponsorshipId = (sponsee as { id: number }).id;
  for (const record of records) {
    counter += 1;
    const [supporter] = await t.database.db
      .insert(supporters)
      .values({ firstName: 'Ada', lastName: `Daily${counter}`, email: `daily${counter}@example.org`, currencyCode: 'USD' })
      .returning({ id: supporters.id });
    await t.database.db.insert(sponsors).values({
      sponsorshipId,
      supporterId: (supporter as { id: number }).id,
      currencyCode: 'USD',
      startedAt: record.started,
      endedAt: record.ended,
    });
  }
  return sponsorshipId;
}

/** Sets the stored figures as a recount on `day` would, so the job's run on the next day has work. */
async function countAsOn(ids: number[], day: string) {
  await withActor(t.database.db, { userId: null, ip: null }, (tx) => recountSponsorships(tx, ids, sql`${day}::date`));
}

const figures = async (id: number) =>
  (await queryRows(t.database.db, sql`select sponsor_count, is_sponsored from sponsorships where id = ${id}`))[0];

const run = (day: string) =>
  withActor(t.database.db, { userId: null, ip: null }, (tx) => recountCrossedSponsorships(tx, sql`${day}::date`));

describe('daily sponsorship recount', () => {
  it('unsponsors a sponsee whose only sponsor ended yesterday, and sponsors one whose sponsor starts today', async () => {
    const ended = await sponseeWith([{ started: '2030-01-01', ended: '2030-03-09' }]);
    const starting = await sponseeWith([{ started: '2030-03-10', ended: null }]);
    const untouched = await sponseeWith([{ started: '2030-01-01', ended: null }]);
    await countAsOn([ended, starting, untouched], '2030-03-09');
    expect(await figures(ended)).toEqual({ sponsor_count: 1, is_sponsored: true });
    expect(await figures(starting)).toEqual({ sponsor_count: 0, is_sponsored: false });

    const looked = await run('2030-03-10');
    expect(looked).toEqual(expect.arrayContaining([ended, starting]));
    expect(looked).not.toContain(untouched);
    expect(await figures(ended)).toEqual({ sponsor_count: 0, is_sponsored: false });
    expect(await figures(starting)).toEqual({ sponsor_count: 1, is_sponsored: true });
    expect(await figures(untouched)).toEqual({ sponsor_count: 1, is_sponsored: true });
  });

  it('keeps a sponsor ending today counted until tomorrow', async () => {
    const id = await sponseeWith([{ started: '2030-01-01', ended: '2030-04-10' }]);
    await countAsOn([id], '2030-04-09');
    await run('2030-04-10');
    expect(await figures(id)).toEqual({ sponsor_count: 1, is_sponsored: true });
    await run('2030-04-11');
    expect(await figures(id)).toEqual({ sponsor_count: 0, is_sponsored: false });
  });

  it('is idempotent: a second run the same day writes nothing', async () => {
    const id = await sponseeWith([{ started: '2030-01-01', ended: '2030-05-09' }]);
    await countAsOn([id], '2030-05-09');
    await run('2030-05-10');
    const stamp = async () =>
      (await queryRows(t.database.db, sql`select xmin::text as v from sponsorships where id = ${id}`))[0]?.v;
    const before = await stamp();
    await run('2030-05-10');
    expect(await stamp()).toBe(before);
    expect(await figures(id)).toEqual({ sponsor_count: 0, is_sponsored: false });
  });

  it('catches a crossing missed while no worker ran, within a week', async () => {
    const id = await sponseeWith([{ started: '2030-01-01', ended: '2030-06-01' }]);
    await countAsOn([id], '2030-06-01');
    await run('2030-06-05');
    expect(await figures(id)).toEqual({ sponsor_count: 0, is_sponsored: false });
  });
});
