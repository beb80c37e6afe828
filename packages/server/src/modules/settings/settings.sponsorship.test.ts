import { settingsMessages } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { sponsors } from '../sponsorships/sponsors.tables.ts';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
}, 60_000);

/** A sponsee with `active` sponsors active today (since 2020), automatic sponsored status. */
async function sponseeWith(reference: string, active: number) {
  const [row] = await t.database.db
    .insert(sponsorships)
    .values({ referenceNumber: reference, firstName: 'Amani', lastName: reference, isEnabled: true })
    .returning({ id: sponsorships.id });
  const id = (row as { id: number }).id;
  for (let i = 0; i < active; i++) {
    const [supporter] = await t.database.db
      .insert(supporters)
      .values({ firstName: 'Ada', lastName: `${reference}-${i}`, email: `${reference}-${i}@example.org`, currencyCode: 'USD' })
      .returning({ id: supporters.id });
    await t.database.db.insert(sponsors).values({ sponsorshipId: id, supporterId: (supporter as { id: number }).id, currencyCode: 'USD', startedAt: '2020-01-01' });
  }
  return id;
}

const sponsored = async (id: number) =>
  (await queryRows(t.database.db, sql`select is_sponsored from sponsorships where id = ${id}`))[0]?.is_sponsored;

describe('sponsorship settings', () => {
  it('recounts every sponsee in the same save when the number of sponsors changes', async () => {
    const one = await sponseeWith('SET-ONE', 1);
    const two = await sponseeWith('SET-TWO', 2);
    expect((await agent.post('/jpanel/settings', { sponsorship_num_sponsors: 1 })).statusCode).toBe(200);
    // Stored figures start stale on purpose: the save itself must bring them in line.
    await t.database.db.update(sponsorships).set({ isSponsored: false, sponsorCount: 0 }).where(eq(sponsorships.id, two));

    const saved = await agent.post('/jpanel/settings', { sponsorship_num_sponsors: '2' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().values.sponsorship_num_sponsors).toBe(2);
    expect(await sponsored(one)).toBe(false);
    expect(await sponsored(two)).toBe(true);

    await agent.post('/jpanel/settings', { sponsorship_num_sponsors: 1 });
    expect(await sponsored(one)).toBe(true);
    expect(await sponsored(two)).toBe(true);
    expect((await agent.get('/jpanel/settings.json')).json().values.sponsorship_num_sponsors).toBe(1);
  });

  it('refuses anything but a whole number from 1 to 100, with 422 and nothing saved', async () => {
    for (const bad of [0, -1, 1.5, '2.5', 'two', '', null, 101, true]) {
      const answer = await agent.post('/jpanel/settings', { sponsorship_num_sponsors: bad });
      expect(answer.statusCode, String(bad)).toBe(422);
      expect(answer.json().errors.sponsorship_num_sponsors).toEqual([settingsMessages.numSponsors]);
    }
    expect((await agent.get('/jpanel/settings.json')).json().values.sponsorship_num_sponsors).toBe(1);
  });

  it('turns timeline update e-mails off and on', async () => {
    const saved = await agent.post('/jpanel/settings', { timeline_updated_email_enabled: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().values.timeline_updated_email_enabled).toBe(false);
    const [stored] = await queryRows(t.database.db, sql`select value from settings where key = 'timeline_updated_email_enabled'`);
    expect(stored?.value).toBe(false);
    expect((await agent.post('/jpanel/settings', { timeline_updated_email_enabled: '1' })).json().values.timeline_updated_email_enabled).toBe(true);
  });

  it('records both changes in the audit trail, by who made them', async () => {
    const { agent: other, user } = await signedIn(t);
    await other.post('/jpanel/settings', { sponsorship_num_sponsors: 3, timeline_updated_email_enabled: false });
    for (const key of ['sponsorship_num_sponsors', 'timeline_updated_email_enabled']) {
      const history = (await other.get(`/jpanel/history/settings/${key}`)).json();
      expect(history.data[0].actor.id).toBe(user.id);
    }
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, 'sponsorship_num_sponsors'));
    expect(rows.length).toBeGreaterThan(0);
    await other.post('/jpanel/settings', { sponsorship_num_sponsors: 1, timeline_updated_email_enabled: true });
  });
});
