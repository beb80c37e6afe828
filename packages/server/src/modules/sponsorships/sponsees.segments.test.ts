import { messages, sponseeMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { segmentItems, segments, sponsorshipSegments } from '../segments/segments.tables.ts';
import { paymentOptionGroups, sponsorships } from './sponsorships.tables.ts';

let t: TestApp;
let agent: Agent;
let id: number;
const seg = { text: 0, date: 0, list: 0, other: 0, gone: 0 };
const item = { kenya: 0, peru: 0, deleted: 0, red: 0 };
const group = { monthly: 0, deleted: 0 };

const form = { reference_number: 'SEG-1', first_name: 'Neema', gender: 'F', is_enabled: '1' };
const save = (body: Record<string, unknown>) => agent.post(`/jpanel/sponsorships/${id}`, { ...form, ...body });

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  const db = t.database.db;
  [{ id }] = (await db.insert(sponsorships).values({ referenceNumber: 'SEG-1', gender: 'F' }).returning({ id: sponsorships.id })) as [{ id: number }];
  const segs = await db
    .insert(segments)
    .values([
      { name: 'Seg Hobby', type: 'text', sequence: 901 },
      { name: 'Seg Baptised', type: 'date', sequence: 902 },
      { name: 'Seg Country', type: 'multi-select', sequence: 900 },
      { name: 'Seg Colour', type: 'advanced-multi-select', sequence: 903 },
      { name: 'Seg Gone', type: 'text', sequence: 904, deletedAt: new Date() },
    ])
    .returning({ id: segments.id });
  [seg.text, seg.date, seg.list, seg.other, seg.gone] = segs.map((s) => s.id) as [number, number, number, number, number];
  const items = await db
    .insert(segmentItems)
    .values([
      { segmentId: seg.list, name: 'Kenya', sequence: 1 },
      { segmentId: seg.list, name: 'Peru', sequence: 0 },
      { segmentId: seg.list, name: 'Atlantis', sequence: 2, deletedAt: new Date() },
      { segmentId: seg.other, name: 'Red', sequence: 0 },
    ])
    .returning({ id: segmentItems.id });
  [item.kenya, item.peru, item.deleted, item.red] = items.map((i) => i.id) as [number, number, number, number];
  const groups = await db
    .insert(paymentOptionGroups)
    .values([{ name: 'Seg Monthly' }, { name: 'Seg Retired', deletedAt: new Date() }])
    .returning({ id: paymentOptionGroups.id });
  [group.monthly, group.deleted] = groups.map((g) => g.id) as [number, number];
}, 60_000);

describe('GET /jpanel/sponsorships/form_options.json', () => {
  it('offers segments not deleted in sequence order with their live items, and live payment groups', async () => {
    const answer = await agent.get('/jpanel/sponsorships/form_options.json');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as { segments: { id: number; name: string; type: string; items: { id: number; name: string }[] }[]; payment_groups: { id: number; name: string }[] };
    const ours = body.segments.filter((s) => s.name.startsWith('Seg '));
    expect(ours.map((s) => s.name)).toEqual(['Seg Country', 'Seg Hobby', 'Seg Baptised', 'Seg Colour']);
    expect(ours[0]).toEqual({ id: seg.list, name: 'Seg Country', type: 'multi-select', items: [{ id: item.peru, name: 'Peru' }, { id: item.kenya, name: 'Kenya' }] });
    expect(body.payment_groups).toContainEqual({ id: group.monthly, name: 'Seg Monthly' });
    expect(body.payment_groups.map((g) => g.id)).not.toContain(group.deleted);
  });

  it('needs sponsorship.edit', async () => {
    const viewer = (await signedIn(t, { permissions: ['sponsorship.view'] })).agent;
    expect((await viewer.get('/jpanel/sponsorships/form_options.json')).statusCode).toBe(403);
    const editor = (await signedIn(t, { permissions: ['sponsorship.view', 'sponsorship.edit'] })).agent;
    expect((await editor.get('/jpanel/sponsorships/form_options.json')).statusCode).toBe(200);
  });
});

describe('POST /jpanel/sponsorships/{id}: payment option group and segments', () => {
  it('saves them and reads them back, for the form and for the page', async () => {
    const saved = await save({
      payment_option_group_id: group.monthly,
      segments: [
        { segment_id: seg.text, value: '  Football ' },
        { segment_id: seg.date, value: '03/05/2020' },
        { segment_id: seg.list, item_ids: [item.kenya, item.peru, item.kenya] },
        { segment_id: seg.other, item_ids: [] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body.sponsee).toMatchObject({ payment_option_group_id: group.monthly, payment_option_group: 'Seg Monthly' });
    expect(body.segment_values).toEqual([
      { segment_id: seg.list, item_ids: [item.peru, item.kenya], value: null },
      { segment_id: seg.text, item_ids: [], value: 'Football' },
      { segment_id: seg.date, item_ids: [], value: '2020-03-05' },
    ]);
    expect(body.segments).toEqual([
      { name: 'Seg Country', type: 'multi-select', values: ['Peru', 'Kenya'] },
      { name: 'Seg Hobby', type: 'text', values: ['Football'] },
      { name: 'Seg Baptised', type: 'date', values: ['2020-03-05'] },
    ]);
    const read = (await agent.get(`/jpanel/sponsorships/${id}`)).json();
    expect(read.segment_values).toEqual(body.segment_values);
  });

  it('keeps both when absent, and replaces the whole set when segments are sent', async () => {
    const kept = (await save({})).json();
    expect(kept.sponsee.payment_option_group_id).toBe(group.monthly);
    expect(kept.segment_values).toHaveLength(3);
    const replaced = (await save({ payment_option_group_id: null, segments: [{ segment_id: seg.other, item_ids: [item.red] }] })).json();
    expect(replaced.sponsee).toMatchObject({ payment_option_group_id: null, payment_option_group: null });
    expect(replaced.segment_values).toEqual([{ segment_id: seg.other, item_ids: [item.red], value: null }]);
    const cleared = (await save({ payment_option_group_id: '', segments: [] })).json();
    expect(cleared.segment_values).toEqual([]);
  });

  it('refuses bad choices with field messages and changes nothing', async () => {
    await save({ payment_option_group_id: group.monthly, segments: [{ segment_id: seg.text, value: 'Chess' }] });
    const before = await t.database.db.select().from(sponsorshipSegments).where(eq(sponsorshipSegments.sponsorshipId, id));
    const bad = await save({
      first_name: 'Changed',
      payment_option_group_id: group.deleted,
      segments: [
        { segment_id: seg.list, item_ids: [item.red] },
        { segment_id: seg.date, value: '2023-02-30' },
        { segment_id: seg.gone, value: 'x' },
        { segment_id: seg.other, item_ids: [item.deleted] },
        { segment_id: seg.text, item_ids: [item.red] },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      payment_option_group_id: [sponseeMessages.paymentGroup],
      'segments.0.item_ids': [sponseeMessages.segmentItem],
      'segments.1.value': [messages.date],
      'segments.2.segment_id': [sponseeMessages.segment],
      'segments.3.item_ids': [sponseeMessages.segmentItem],
      'segments.4.item_ids': [sponseeMessages.segmentTakesValue],
    });
    const after = await t.database.db.select().from(sponsorshipSegments).where(eq(sponsorshipSegments.sponsorshipId, id));
    expect(after).toEqual(before);
    const read = (await agent.get(`/jpanel/sponsorships/${id}`)).json();
    expect(read.sponsee).toMatchObject({ first_name: 'Neema', payment_option_group_id: group.monthly });
  });

  it('answers 422, never 500, for malformed values', async () => {
    const cases: Record<string, unknown>[] = [
      { payment_option_group_id: 'abc' },
      { payment_option_group_id: 2 ** 40 },
      { segments: 'all' },
      { segments: [{ segment_id: 'x' }] },
      { segments: [{ segment_id: seg.text, value: 'a\u0000b' }] },
      { segments: [{ segment_id: seg.text, value: 'x'.repeat(256) }] },
      { segments: [{ segment_id: seg.list, item_ids: [-1] }] },
      { segments: [{ segment_id: seg.list, value: 'Kenya' }] },
      { segments: [{ segment_id: seg.text, value: 'a' }, { segment_id: seg.text, value: 'b' }] },
      { segments: [{ segment_id: 999999, value: 'a' }] },
    ];
    for (const body of cases) {
      const answer = await save(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await save({ segments: [{ segment_id: seg.list, value: 'Kenya' }] })).json().errors).toEqual({ 'segments.0.value': [sponseeMessages.segmentTakesItems] });
    expect((await save({ segments: [{ segment_id: seg.text, value: 'a' }, { segment_id: seg.text }] })).json().errors).toEqual({ 'segments.1.segment_id': [sponseeMessages.segmentTwice] });
  });

  it('needs sponsorship.edit to save them', async () => {
    const viewer = (await signedIn(t, { permissions: ['sponsorship.view'] })).agent;
    const answer = await viewer.post(`/jpanel/sponsorships/${id}`, { ...form, payment_option_group_id: null, segments: [] });
    expect(answer.statusCode).toBe(403);
    const read = (await agent.get(`/jpanel/sponsorships/${id}`)).json();
    expect(read.sponsee.payment_option_group_id).toBe(group.monthly);
  });
});
