import { sponsorMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { putSettings } from '../settings/settings.service.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { sponsorships } from './sponsorships.tables.ts';

let t: TestApp;
let agent: Agent;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
}, 60_000);

async function buildSupporter(name = 'Ada') {
  counter += 1;
  const [row] = await t.database.db
    .insert(supporters)
    .values({
      firstName: name,
      lastName: `Sponsor${counter}`,
      email: `s${counter}@example.org`,
      currencyCode: 'USD',
    })
    .returning({ id: supporters.id });
  return (row as { id: number }).id;
}

async function buildSponsee() {
  counter += 1;
  const [row] = await t.database.db
    .insert(sponsorships)
    .values({
      referenceNumber: `KE-${counter}`,
      firstName: 'Amani',
      lastName: `Child${counter}`,
      isEnabled: true,
    })
    .returning({ id: sponsorships.id });
  return (row as { id: number }).id;
}

const sponsee = async (id: number) =>
  (
    await queryRows(
      t.database.db,
      sql`select sponsor_count, is_sponsored from sponsorships where id = ${id}`,
    )
  )[0] as { sponsor_count: number; is_sponsored: boolean };
const events = async (type: string, sponsorId: number) =>
  queryRows(
    t.database.db,
    sql`select payload from domain_events where type = ${type} and (payload->>'sponsor_id')::int = ${sponsorId}`,
  );
const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('sponsor modal calls', () => {
  it('offers an unsaved record starting today, and 404 for a missing sponsee', async () => {
    const id = await buildSponsee();
    const form = await agent.get(`/jpanel/sponsor/add/${id}`);
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({
      id: null,
      supporter: null,
      started_at: todayUtc(),
      sponsorship: { id },
    });
    expect((await agent.get('/jpanel/sponsor/add/999999')).statusCode).toBe(404);
    expect((await agent.get('/jpanel/sponsor/999999')).statusCode).toBe(404);
  });

  it("needs a sponsor: 'You must select a sponsor.'", async () => {
    const id = await buildSponsee();
    for (const supporter_id of [undefined, '', 'abc']) {
      const response = await agent.post('/jpanel/sponsor', { sponsorship_id: id, supporter_id });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.supporter_id).toEqual([sponsorMessages.sponsorRequired]);
    }
  });

  it('adds a sponsor (today when no start), records sponsorship.started and marks the sponsee sponsored', async () => {
    const id = await buildSponsee();
    const supporterId = await buildSupporter();
    expect(await sponsee(id)).toEqual({ sponsor_count: 0, is_sponsored: false });
    const response = await agent.post('/jpanel/sponsor', {
      sponsorship_id: id,
      supporter_id: supporterId,
      started_at: '',
      source: 'Phone',
    });
    expect(response.statusCode).toBe(200);
    const { message, sponsor } = response.json();
    expect(message).toBe(sponsorMessages.added);
    expect(sponsor).toMatchObject({
      started_at: todayUtc(),
      ended_at: null,
      source: 'Phone',
      is_active: true,
      supporter: { id: supporterId },
    });
    expect(await sponsee(id)).toEqual({ sponsor_count: 1, is_sponsored: true });
    expect((await events('sponsorship.started', sponsor.id)).map((e) => e.payload)).toEqual([
      { sponsorship_id: id, sponsor_id: sponsor.id, supporter_id: supporterId },
    ]);
    expect((await agent.get(`/jpanel/sponsor/${sponsor.id}`)).json()).toMatchObject({
      id: sponsor.id,
      started_by: expect.any(String),
    });
  });

  it('refuses a second active record for the same supporter and sponsee, and an end before the start', async () => {
    const id = await buildSponsee();
    const supporterId = await buildSupporter();
    expect(
      (
        await agent.post('/jpanel/sponsor', {
          sponsorship_id: id,
          supporter_id: supporterId,
          started_at: '2024-01-10',
        })
      ).statusCode,
    ).toBe(200);
    const again = await agent.post('/jpanel/sponsor', {
      sponsorship_id: id,
      supporter_id: supporterId,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.supporter_id).toEqual([sponsorMessages.alreadySponsoring]);
    const backwards = await agent.post('/jpanel/sponsor', {
      sponsorship_id: id,
      supporter_id: await buildSupporter(),
      started_at: '2024-05-01',
      ended_at: '2024-04-01',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.ended_at).toEqual([sponsorMessages.endBeforeStart]);
    const badDate = await agent.post('/jpanel/sponsor', {
      sponsorship_id: id,
      supporter_id: supporterId,
      started_at: '2024-02-30',
    });
    expect(badDate.statusCode).toBe(422);
    // The database holds the same rule even for a write that skips the service.
    await expect(
      t.database.db.execute(
        sql`insert into sponsors (supporter_id, sponsorship_id, started_at, currency_code) values (${supporterId}, ${id}, '2025-01-01', 'USD')`,
      ),
    ).rejects.toThrow();
  });

  it("ends a sponsorship only with an ended-on date: 'Ended on date required to end a sponsorship'", async () => {
    const id = await buildSponsee();
    const supporterId = await buildSupporter();
    const { sponsor } = (
      await agent.post('/jpanel/sponsor', {
        sponsorship_id: id,
        supporter_id: supporterId,
        started_at: '2024-01-10',
      })
    ).json();
    const missing = await agent.post(`/jpanel/sponsor/${sponsor.id}`, {
      end_sponsorship: true,
      ended_at: '',
      ended_reason: 'Sponsor request',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      message: sponsorMessages.endedOnRequired,
      errors: { ended_at: [sponsorMessages.endedOnRequired] },
    });

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const ended = await agent.post(`/jpanel/sponsor/${sponsor.id}`, {
      end_sponsorship: true,
      started_at: '2024-01-10',
      ended_at: yesterday,
      ended_reason: 'Sponsor request',
      ended_note: 'Moved abroad',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      message: sponsorMessages.ended,
      sponsor: {
        ended_at: yesterday,
        ended_reason: 'Sponsor request',
        is_active: false,
        ended_by: expect.any(String),
      },
    });
    expect(await sponsee(id)).toEqual({ sponsor_count: 0, is_sponsored: false });
    expect((await events('sponsorship.ended', sponsor.id)).map((e) => e.payload)).toEqual([
      {
        sponsorship_id: id,
        sponsor_id: sponsor.id,
        supporter_id: supporterId,
        reason: 'Sponsor request',
      },
    ]);
    // Once ended, the same supporter may start again.
    expect(
      (await agent.post('/jpanel/sponsor', { sponsorship_id: id, supporter_id: supporterId }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps the sponsored status against the sponsors-per-sponsee setting, unless set by hand', async () => {
    await putSettings(t.database.db, { sponsorship_num_sponsors: 2 });
    try {
      const id = await buildSponsee();
      await agent.post('/jpanel/sponsor', {
        sponsorship_id: id,
        supporter_id: await buildSupporter(),
      });
      expect(await sponsee(id)).toEqual({ sponsor_count: 1, is_sponsored: false });
      const second = (
        await agent.post('/jpanel/sponsor', {
          sponsorship_id: id,
          supporter_id: await buildSupporter(),
        })
      ).json();
      expect(await sponsee(id)).toEqual({ sponsor_count: 2, is_sponsored: true });
      // A sponsor ending in the future still counts today.
      const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await agent.post(`/jpanel/sponsor/${second.sponsor.id}`, {
        end_sponsorship: true,
        ended_at: future,
      });
      expect(await sponsee(id)).toEqual({ sponsor_count: 2, is_sponsored: true });

      const manual = await buildSponsee();
      await t.database.db.execute(
        sql`update sponsorships set is_sponsored_auto = false, is_sponsored = true where id = ${manual}`,
      );
      await agent.post('/jpanel/sponsor', {
        sponsorship_id: manual,
        supporter_id: await buildSupporter(),
      });
      expect(await sponsee(manual)).toEqual({ sponsor_count: 1, is_sponsored: true });
    } finally {
      await putSettings(t.database.db, { sponsorship_num_sponsors: 1 });
    }
  });

  it('deletes the record, not the supporter, and recounts', async () => {
    const id = await buildSponsee();
    const supporterId = await buildSupporter();
    const { sponsor } = (
      await agent.post('/jpanel/sponsor', { sponsorship_id: id, supporter_id: supporterId })
    ).json();
    const response = await agent.delete(`/jpanel/sponsor/${sponsor.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(sponsorMessages.deleted);
    expect((await agent.get(`/jpanel/sponsor/${sponsor.id}`)).statusCode).toBe(404);
    expect((await agent.delete(`/jpanel/sponsor/${sponsor.id}`)).statusCode).toBe(404);
    expect(
      await queryRows(t.database.db, sql`select id from supporters where id = ${supporterId}`),
    ).toHaveLength(1);
    expect(await sponsee(id)).toEqual({ sponsor_count: 0, is_sponsored: false });
    expect(await events('sponsorship.ended', sponsor.id)).toHaveLength(1);
  });

  it('checks permissions on the server', async () => {
    const id = await buildSponsee();
    const viewer = (await signedIn(t, { permissions: ['sponsor.view'] })).agent;
    expect((await viewer.get(`/jpanel/sponsor/add/${id}`)).statusCode).toBe(403);
    expect(
      (
        await viewer.post('/jpanel/sponsor', {
          sponsorship_id: id,
          supporter_id: await buildSupporter(),
        })
      ).statusCode,
    ).toBe(403);
  });
});
