import { beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { media } from '../media/media.tables.ts';
import { segmentItems, segments, sponsorshipSegments } from '../segments/segments.tables.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { sponsorships } from './sponsorships.tables.ts';

let t: TestApp;
let agent: Agent;
let ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const [photo] = await t.database.db
    .insert(media)
    .values({
      collectionName: 'sponsorships',
      name: 'ke-2.jpg',
      filename: 'ke-2.jpg',
      storageKey: 'sponsorships/ke-2.jpg',
      contentType: 'image/jpeg',
    })
    .returning();
  const rows = await t.database.db
    .insert(sponsorships)
    .values([
      {
        referenceNumber: 'KE-3',
        firstName: 'Zawadi',
        lastName: 'Mwangi',
        gender: 'F',
        isEnabled: true,
        birthDate: '2016-03-04',
        country: 'Kenya',
      },
      {
        referenceNumber: 'KE-1',
        firstName: 'Baraka',
        lastName: 'Otieno',
        gender: 'M',
        isEnabled: true,
        country: 'Kenya',
      },
      {
        referenceNumber: 'KE-2',
        firstName: 'Amani',
        lastName: 'Kariuki',
        gender: 'F',
        isEnabled: false,
        mediaId: photo?.id,
        biography: 'Amani loves football.',
      },
    ])
    .returning({ id: sponsorships.id });
  ids = rows.map((r) => r.id);
  const [segment] = await t.database.db
    .insert(segments)
    .values({ name: 'Interests', type: 'multi-select' })
    .returning();
  const [item] = await t.database.db
    .insert(segmentItems)
    .values({ segmentId: segment!.id, name: 'Football' })
    .returning();
  await t.database.db
    .insert(sponsorshipSegments)
    .values({ sponsorshipId: ids[2]!, segmentId: segment!.id, segmentItemId: item!.id });
}, 60_000);

type Page = {
  recordsFiltered: number;
  data: {
    id: number;
    reference_number: string;
    full_name: string;
    is_sponsored: boolean;
    _url: string;
  }[];
};
const list = async (body: Record<string, unknown>) =>
  (await agent.post('/jpanel/sponsorship.ajax', body)).json() as Page;

describe('sponsees', () => {
  it('lists sponsees by reference, searches names and filters', async () => {
    const page = await list({});
    expect(page.data.map((r) => r.reference_number)).toEqual(['KE-1', 'KE-2', 'KE-3']);
    expect(page.data[0]).toMatchObject({
      full_name: 'Baraka Otieno',
      is_sponsored: false,
      _url: `/jpanel/sponsorships/${ids[1]}`,
    });
    expect(
      (await list({ search: { value: 'zawadi' } })).data.map((r) => r.reference_number),
    ).toEqual(['KE-3']);
    expect(
      (await list({ gender: 'F', is_enabled: '1' })).data.map((r) => r.reference_number),
    ).toEqual(['KE-3']);
    expect((await agent.post('/jpanel/sponsorship.ajax', { gender: 'X' })).statusCode).toBe(422);
    const csv = await agent.get('/jpanel/sponsorship.csv?gender=F');
    expect(csv.body.split('\n')[0]).toContain('Reference Number');
    expect(csv.body.trim().split('\n')).toHaveLength(3);
  });

  it("shows a sponsee's fields, photo, segments and sponsors", async () => {
    const [supporter] = await t.database.db
      .insert(supporters)
      .values({ firstName: 'Grace', lastName: 'Hopper', currencyCode: 'USD' })
      .returning();
    await agent.post('/jpanel/sponsor', { sponsorship_id: ids[2], supporter_id: supporter?.id });
    const detail = (await agent.get(`/jpanel/sponsorships/${ids[2]}`)).json();
    expect(detail.sponsee).toMatchObject({
      reference_number: 'KE-2',
      full_name: 'Amani Kariuki',
      biography: 'Amani loves football.',
      is_enabled: false,
      sponsor_count: 1,
      is_sponsored: true,
    });
    expect(detail.sponsee.photo.url).toContain('sponsorships/ke-2.jpg');
    expect(detail.segments).toEqual([{ name: 'Interests', type: 'multi-select', values: ['Football'] }]);
    expect(
      detail.sponsors.map((s: { supporter: { display_name: string } }) => s.supporter.display_name),
    ).toEqual(['Grace Hopper']);
    expect((await agent.get('/jpanel/sponsorships/999999')).statusCode).toBe(404);
    const stranger = (await signedIn(t, { permissions: ['member.view'] })).agent;
    expect((await stranger.get(`/jpanel/sponsorships/${ids[2]}`)).statusCode).toBe(403);
  });
});
