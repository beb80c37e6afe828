import { campaignMessages as m, messages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { runImportJob } from '../imports/imports.test-helpers.ts';
import { cardToken, makeOrder, makeSupporter, makeVariant } from '../pos/pos.complete.fixtures.ts';
import { addGift } from '../reports/giving.test-data.ts';

/** Issue 37 item 5: campaigns and appeals, and gifts credited to them from the POS, an import and the gift edit. */
let t: TestApp;
let admin: Agent;
let seq = 0;
const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const code = (prefix: string) => `${prefix}${++seq}${Date.now().toString(36).slice(-4)}`.toUpperCase();

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
}, 120_000);

type Saved = { id: number; name: string; goal: number; ends_on: string | null; appeals: { id: number; name: string; code: string }[] };
async function create(body: Record<string, unknown> = {}): Promise<Saved> {
  const res = await admin.post('/jpanel/campaigns', { name: `Winter appeal ${++seq}`, goal: '10000', starts_on: daysAgo(30), appeals: [{ name: 'Letter', code: code('L') }], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().campaign as Saved;
}
const history = async (table: string, id: number) =>
  ((await admin.get(`/jpanel/history/${table}/${id}`)).json() as { data: { changes: { field: string; label: string; before: unknown; after: unknown }[] }[] }).data.flatMap((e) => e.changes);

describe('campaigns', () => {
  it('creates, lists and changes a campaign with its appeals; each change is in its history', async () => {
    const first = code('SPRING');
    const res = await admin.post('/jpanel/campaigns', { name: 'Spring 2026', goal: '2500.50', starts_on: '03/01/2026', ends_on: '2026-05-31', description: 'The spring mailing.', appeals: [{ name: 'Letter', code: first.toLowerCase() }] });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json();
    expect(saved.message).toBe(m.created('Spring 2026'));
    expect(saved.campaign).toMatchObject({ name: 'Spring 2026', goal: 2500.5, currency: 'USD', starts_on: '2026-03-01', ends_on: '2026-05-31', appeals: [{ name: 'Letter', code: first, gifts: 0 }] });
    const id = saved.campaign.id as number;
    expect((await admin.get('/jpanel/campaigns.json')).json().data.map((c: { id: number }) => c.id)).toContain(id);

    const letter = saved.campaign.appeals[0].id as number;
    const second = code('EMAIL');
    const changed = await admin.post(`/jpanel/campaigns/${id}`, { name: 'Spring 2026 appeal', goal: 3000, starts_on: '2026-03-01', ends_on: '', appeals: [{ id: letter, name: 'Letter (March)', code: first }, { name: 'Email', code: second }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().campaign).toMatchObject({ name: 'Spring 2026 appeal', goal: 3000, ends_on: null, description: null });
    expect(changed.json().campaign.appeals.map((a: { code: string }) => a.code).sort()).toEqual([first, second].sort());

    const changes = await history('campaigns', id);
    expect(changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'name', before: 'Spring 2026', after: 'Spring 2026 appeal' }),
      expect.objectContaining({ field: 'goal_amount', before: '2500.50', after: '3000.00' }),
      expect.objectContaining({ field: 'name', label: 'Appeal name', before: 'Letter', after: 'Letter (March)' }),
      expect.objectContaining({ field: 'code', label: 'Appeal code', before: null, after: second }),
    ]));
  });

  it('refuses an end before the start, a code used twice or by another campaign, and changes nothing', async () => {
    const before = await one(sql`select count(*)::int as n from campaigns`);
    const ends = await admin.post('/jpanel/campaigns', { name: 'Backwards', goal: 100, starts_on: '2026-05-01', ends_on: '2026-04-01' });
    expect(ends.statusCode).toBe(422);
    expect(ends.json().errors.ends_on).toEqual([messages.startBeforeEnd('2026-05-01', '2026-04-01')]);
    const twice = await admin.post('/jpanel/campaigns', { name: 'Twice', goal: 100, starts_on: '2026-05-01', appeals: [{ name: 'A', code: 'same' }, { name: 'B', code: 'SAME' }] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['appeals.1.code']).toEqual([m.appealCodeTwice('SAME')]);
    const other = await create({ name: 'Holder' });
    const taken = await admin.post('/jpanel/campaigns', { name: 'Taker', goal: 100, starts_on: '2026-05-01', appeals: [{ name: 'Mine', code: other.appeals[0]!.code }] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors['appeals.0.code']).toEqual([m.appealCodeTaken(other.appeals[0]!.code, 'Holder')]);
    const sameName = await admin.post('/jpanel/campaigns', { name: 'holder', goal: 100, starts_on: '2026-05-01' });
    expect(sameName.json().errors.name).toEqual([m.nameTaken('Holder')]);
    for (const bad of [{ goal: 0 }, { goal: 'ten' }, { name: '' }, { starts_on: '2026-02-30' }, { name: 'A\u0000B' }]) {
      const res = await admin.post('/jpanel/campaigns', { name: 'Bad', goal: 100, starts_on: '2026-05-01', ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect(await one(sql`select count(*)::int as n from campaigns`)).toEqual({ n: Number(before.n) + 1 });
    // An appeal of another campaign cannot be taken over by id.
    const mine = await create({ name: 'Mine' });
    const steal = await admin.post(`/jpanel/campaigns/${mine.id}`, { name: 'Mine', goal: 100, starts_on: daysAgo(3), appeals: [{ id: other.appeals[0]!.id, name: 'X', code: 'X1' }] });
    expect(steal.statusCode).toBe(422);
    expect(steal.json().errors['appeals.0.id']).toEqual([m.appealElsewhere]);
  });

  it('keeps an appeal with gifts: removing it is refused', async () => {
    const k = await create();
    const appeal = k.appeals[0]!;
    await addGift(db(), { supporterId: await makeSupporter(db()), at: sql`now()`, total: 1000, campaignId: k.id, appealId: appeal.id });
    const res = await admin.post(`/jpanel/campaigns/${k.id}`, { name: k.name, goal: 100, starts_on: daysAgo(30), appeals: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.appeals).toEqual([m.appealHasGifts(appeal.name, 1)]);
    expect(await one(sql`select count(*)::int as n from appeals where id = ${appeal.id}`)).toEqual({ n: 1 });
  });

  it('is read with campaign.view and changed with campaign.edit only', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['campaign.view'] });
    const { agent: clerk } = await signedIn(t, { permissions: ['order.view'] });
    expect((await viewer.get('/jpanel/campaigns.json')).statusCode).toBe(200);
    expect((await viewer.post('/jpanel/campaigns', { name: 'No', goal: 1, starts_on: '2026-01-01' })).statusCode).toBe(403);
    expect((await clerk.get('/jpanel/campaigns.json')).statusCode).toBe(403);
    expect((await clerk.get('/jpanel/campaigns/choices.json')).statusCode).toBe(403);
    const { agent: editor } = await signedIn(t, { permissions: ['order.edit'] });
    expect((await editor.get('/jpanel/campaigns/choices.json')).statusCode).toBe(200);
  });
});

describe('gifts credited to a campaign and appeal', () => {
  it('from the gift edit: the appeal brings its campaign, the history names both, a clear refusal for a mismatch', async () => {
    const k = await create({ name: 'Edit campaign' });
    const other = await create({ name: 'Other campaign' });
    const supporter = await makeSupporter(db());
    const gift = await addGift(db(), { supporterId: supporter, at: sql`now() - interval '2 days'`, total: 2500 });
    const res = await admin.post(`/jpanel/contributions/${gift}`, { appeal_id: k.appeals[0]!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changes).toEqual(['campaign_id', 'appeal_id']);
    expect(await one(sql`select campaign_id, appeal_id from contributions where id = ${gift}`)).toEqual({ campaign_id: k.id, appeal_id: k.appeals[0]!.id });
    const detail = (await admin.get(`/jpanel/contributions/${gift}`)).json().contribution;
    expect(detail).toMatchObject({ campaign_id: k.id, campaign_name: 'Edit campaign', appeal_name: `Letter (${k.appeals[0]!.code})` });
    const changes = await history('contributions', gift);
    expect(changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'campaign_id', label: 'Campaign', before: null, after: { id: k.id, name: 'Edit campaign' } }),
      expect.objectContaining({ field: 'appeal_id', label: 'Appeal', after: { id: k.appeals[0]!.id, name: `Letter (${k.appeals[0]!.code})` } }),
    ]));

    const mismatch = await admin.post(`/jpanel/contributions/${gift}`, { campaign_id: other.id, appeal_id: k.appeals[0]!.id });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.appeal_id).toEqual([m.appealElsewhere]);
    expect((await admin.post(`/jpanel/contributions/${gift}`, { appeal_id: 999999 })).json().errors.appeal_id).toEqual([m.appealNotFound]);
    expect((await admin.post(`/jpanel/contributions/${gift}`, { campaign_id: 999999 })).json().errors.campaign_id).toEqual([m.notFound]);
    expect(await one(sql`select campaign_id from contributions where id = ${gift}`)).toEqual({ campaign_id: k.id });

    // A campaign alone moves the gift and clears the appeal; null clears both.
    const moved = await admin.post(`/jpanel/contributions/${gift}`, { campaign_id: other.id, appeal_id: null });
    expect(moved.json().changes).toEqual(['campaign_id', 'appeal_id']);
    const cleared = await admin.post(`/jpanel/contributions/${gift}`, { campaign_id: null, appeal_id: null });
    expect(cleared.json().changes).toEqual(['campaign_id']);
    expect(await one(sql`select campaign_id, appeal_id from contributions where id = ${gift}`)).toEqual({ campaign_id: null, appeal_id: null });
  });

  it('from the point of sale: the sale\'s appeal is kept when it is paid', async () => {
    const k = await create({ name: 'POS campaign' });
    const v = await makeVariant(db(), { price: 2000, quantity: 5 });
    const o = await makeOrder(db(), { supporterId: await makeSupporter(db()), billFirstName: 'Pat', billLastName: 'Pos', items: [{ variantId: v.variantId, productId: v.productId, price: 2000 }] });
    const updated = await admin.post(`/jpanel/pos/${o.id}/update`, { appeal_id: k.appeals[0]!.id });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().order).toMatchObject({ campaign_id: k.id, appeal_id: k.appeals[0]!.id });
    const config = (await admin.get('/jpanel/pos/config.json')).json();
    expect(config.campaigns.find((c: { id: number }) => c.id === k.id)).toMatchObject({ name: 'POS campaign', appeals: [{ id: k.appeals[0]!.id }] });
    const bad = await admin.post(`/jpanel/pos/${o.id}/update`, { appeal_id: 999999 });
    expect(bad.statusCode).toBe(422);
    const paid = await admin.post(`/jpanel/pos/${o.id}/complete`, { payment_type: 'credit_card', token: await cardToken(db()) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await one(sql`select campaign_id, appeal_id from contributions where id = ${o.id}`)).toEqual({ campaign_id: k.id, appeal_id: k.appeals[0]!.id });
  });

  it('from the contributions import: by appeal code or campaign name; an unknown one rejects the row with a clear message', async () => {
    const k = await create({ name: 'Import campaign' });
    await create({ name: 'Holder of nothing' });
    const appealCode = k.appeals[0]!.code;
    const row = (over: Record<string, unknown>) => ({
      date: daysAgo(5), subtotal_amt: '25.00', total: '25.00', first_name: 'Ima', last_name: `Port${++seq}`, email: `ima.${Date.now()}.${seq}@example.org`,
      address_line_1: `${seq} Import Rd`, city: 'Springfield', zip: '12345', country: 'US', ...over,
    });
    const rows = [
      row({ appeal_code: appealCode.toLowerCase() }),
      row({ campaign: 'import CAMPAIGN' }),
      row({ appeal_code: 'NOPE-1' }),
      row({ campaign: 'No such campaign' }),
      row({ campaign: 'Holder of nothing', appeal_code: appealCode }),
    ];
    const workbookId = `wb_campaigns_${Date.now()}`;
    const submitted = await admin.post('/flatfile/imports/contributions', { external_reference: workbookId, rows });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect((await admin.post('/flatfile/webhook/contributions', { workbookId })).statusCode).toBe(200);
    const importId = submitted.json().id as number;
    await runImportJob(t.database, importId);
    const outcomes = await queryRows(db(), sql`select row_number, outcome, record_id, errors from import_rows where import_id = ${importId} order by row_number`);
    expect(outcomes.map((o) => o.outcome)).toEqual(['created', 'created', 'rejected', 'rejected', 'rejected']);
    expect(outcomes[2]!.errors).toEqual({ appeal_code: [m.unknownAppealCode('NOPE-1')] });
    expect(outcomes[3]!.errors).toEqual({ campaign: [m.unknownCampaign('No such campaign')] });
    expect(outcomes[4]!.errors).toEqual({ appeal_code: [m.appealOutsideCampaign(appealCode, 'Holder of nothing')] });
    expect(await one(sql`select campaign_id, appeal_id from contributions where id = ${Number(outcomes[0]!.record_id)}`)).toEqual({ campaign_id: k.id, appeal_id: k.appeals[0]!.id });
    expect(await one(sql`select campaign_id, appeal_id from contributions where id = ${Number(outcomes[1]!.record_id)}`)).toEqual({ campaign_id: k.id, appeal_id: null });
  });
});
