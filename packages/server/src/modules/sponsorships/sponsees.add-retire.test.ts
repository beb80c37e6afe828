import { messages, sponseeMessages, sponsorMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { makeOrder, makeSupporter } from '../pos/pos.complete.fixtures.ts';

/** Issue 38 item 2: sponsees added by hand (`sponsorship.add`) and retired when they leave the programme. */
let t: TestApp;
let admin: Agent;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

const form = { reference_number: ' HAND-1 ', first_name: 'Baraka', last_name: 'Otieno', gender: 'M', birth_date: '02/29/2016', biography: 'Likes football.', country: 'Kenya', is_enabled: '1' };

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: admin } = await signedIn(t));
}, 60_000);

const history = async (id: number) =>
  ((await admin.get(`/jpanel/history/sponsorships/${id}`)).json() as { data: { action: string; changes: { field: string; before: unknown; after: unknown }[] }[] }).data;

describe('a sponsee added by hand', () => {
  it('is created with the form\'s fields (dates in either format), answered with its page, and recorded in its history', async () => {
    const added = await admin.post('/jpanel/sponsorships', form);
    expect(added.statusCode, added.body).toBe(200);
    const body = added.json() as { message: string; sponsee: Record<string, unknown> };
    expect(body.message).toBe(sponseeMessages.added('HAND-1'));
    expect(body.sponsee).toMatchObject({ reference_number: 'HAND-1', full_name: 'Baraka Otieno', gender: 'M', birth_date: '2016-02-29', is_enabled: true, retired_at: null, sponsor_count: 0 });
    const entries = await history(Number(body.sponsee.id));
    expect(entries.map((e) => e.action)).toContain('insert');
  });

  it('refuses a taken reference, bad input and staff without sponsorship.add, adding nothing; adding is not retiring', async () => {
    const before = await rows(sql`select count(*)::int as n from sponsorships`);
    const taken = await admin.post('/jpanel/sponsorships', { ...form, reference_number: 'hand-1' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.reference_number).toEqual([sponseeMessages.referenceTaken]);
    const bad = await admin.post('/jpanel/sponsorships', { ...form, reference_number: 'HAND-2', gender: 'X', birth_date: '02/30/2016' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['birth_date', 'gender']);
    const blank = await admin.post('/jpanel/sponsorships', { ...form, reference_number: ' ' });
    expect(blank.json().errors.reference_number).toEqual([messages.required]);
    // `sponsorship.edit` includes adding (x.edit implies x.add); viewing alone does not.
    const { agent: viewer } = await signedIn(t, { permissions: ['sponsorship.view'] });
    expect((await viewer.post('/jpanel/sponsorships', { ...form, reference_number: 'HAND-3' })).statusCode).toBe(403);
    const { agent: adder } = await signedIn(t, { permissions: ['sponsorship.add'] });
    expect((await adder.post('/jpanel/sponsorships/1/retire', { reason: 'x' })).statusCode).toBe(403);
    expect(await rows(sql`select count(*)::int as n from sponsorships`)).toEqual(before);
  });
});

describe('a retired sponsee', () => {
  it('is no longer offered and takes no new sponsors, while its sponsor, page and history stay; brought back, it may take sponsors again', async () => {
    const [sponsee] = await rows(sql`insert into sponsorships (reference_number, first_name, gender, is_enabled) values ('RET-1', 'Imani', 'F', true) returning id`);
    const id = Number(sponsee?.id);
    const first = await makeSupporter(t.database.db);
    const second = await makeSupporter(t.database.db);
    expect((await admin.post('/jpanel/sponsor', { sponsorship_id: id, supporter_id: first })).statusCode).toBe(200);

    expect((await admin.post(`/jpanel/sponsorships/${id}/retire`, { reason: ' ' })).json().errors.reason).toEqual([sponseeMessages.retireReason]);
    const retired = await admin.post(`/jpanel/sponsorships/${id}/retire`, { reason: 'Finished school and moved away.' });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().message).toBe(sponseeMessages.retired('RET-1'));
    expect((await admin.post(`/jpanel/sponsorships/${id}/retire`, { reason: 'Again' })).json().message).toBe(sponseeMessages.alreadyRetired('RET-1'));

    const page = (await admin.get(`/jpanel/sponsorships/${id}`)).json() as { sponsee: Record<string, unknown>; sponsors: unknown[] };
    expect(page.sponsee).toMatchObject({ is_enabled: false, retired_reason: 'Finished school and moved away.' });
    expect(page.sponsee.retired_at).toEqual(expect.any(String));
    expect(page.sponsors).toHaveLength(1);
    const refused = await admin.post('/jpanel/sponsor', { sponsorship_id: id, supporter_id: second });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(sponseeMessages.retiredNoSponsor('RET-1'));
    // Nor can the point of sale start one.
    const order = await makeOrder(t.database.db, { supporterId: second, items: [] });
    const sale = await admin.post(`/jpanel/pos/${order.id}/add_by_child_reference`, { reference_number: 'ret-1' });
    expect(sale.statusCode).toBe(422);
    expect(sale.json().errors.reference_number).toEqual([sponseeMessages.retiredNoSponsor('RET-1')]);
    const enable = await admin.post(`/jpanel/sponsorships/${id}`, { reference_number: 'RET-1', gender: 'F', is_enabled: '1' });
    expect(enable.json().errors.is_enabled).toEqual([sponseeMessages.retiredNotEnabled]);
    const changes = (await history(id)).flatMap((e) => e.changes);
    expect(changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'retired_reason', before: null, after: 'Finished school and moved away.' }),
      expect.objectContaining({ field: 'is_enabled', before: true, after: false }),
    ]));

    const back = await admin.post(`/jpanel/sponsorships/${id}/reinstate`, {});
    expect(back.json().message).toBe(sponseeMessages.reinstated('RET-1'));
    expect((await admin.post(`/jpanel/sponsorships/${id}/reinstate`, {})).json().message).toBe(sponseeMessages.notRetired('RET-1'));
    expect((await admin.post('/jpanel/sponsor', { sponsorship_id: id, supporter_id: second })).statusCode).toBe(200);
  });

  it('is for staff who may edit sponsees; an unknown sponsee is not found', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['sponsorship.view'] });
    expect((await viewer.post('/jpanel/sponsorships/1/retire', { reason: 'x' })).statusCode).toBe(403);
    const missing = await admin.post('/jpanel/sponsorships/999999/retire', { reason: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(sponsorMessages.sponseeNotFound);
  });
});
