import { consentMessages, contributionNumber, messages, thanksMessages as m } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { cardToken, makeOrder, makeSupporter, makeVariant } from '../pos/pos.complete.fixtures.ts';

let t: TestApp;
let admin: Agent;
let viewer: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  viewer = (await signedIn(t, { permissions: ['order.view'] })).agent;
});

const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};
const today = async () => String((await one(sql`select (now() at time zone 'UTC')::date::text as d`)).d);
let seq = 0;

/** A $25.00 gift paid at the point of sale, billed to an address that can be written to. */
async function paidGift(opts: { email?: string | null; price?: number; campaignId?: number } = {}): Promise<{ id: number; supporterId: number }> {
  const price = opts.price ?? 2500;
  const v = await makeVariant(db(), { price, quantity: 5 });
  const supporterId = await makeSupporter(db());
  const email = opts.email === undefined ? `donor${++seq}@example.org` : opts.email;
  await db().execute(sql`update supporters set email = ${email}, bill_email = ${email}, first_name = 'Dana', last_name = 'Donor', display_name = 'Dana Donor' where id = ${supporterId}`);
  const o = await makeOrder(db(), { supporterId, billFirstName: 'Dana', billLastName: 'Donor', billEmail: email, items: [{ variantId: v.variantId, productId: v.productId, price }] });
  await db().execute(sql`update contribution_items set is_donation = true where contribution_id = ${o.id}`);
  const paid = await admin.post(`/jpanel/pos/${o.id}/complete`, { payment_type: 'credit_card', token: await cardToken(db()) });
  expect(paid.statusCode, paid.body).toBe(200);
  if (opts.campaignId) await db().execute(sql`update contributions set campaign_id = ${opts.campaignId} where id = ${o.id}`);
  return { id: o.id, supporterId };
}

async function campaign(letter: string | null = null): Promise<number> {
  const res = await admin.post('/jpanel/campaigns', { name: `Thanks campaign ${++seq}`, goal: '1000', starts_on: '2020-01-01' });
  expect(res.statusCode, res.body).toBe(201);
  const id = Number(res.json().campaign.id);
  // Set directly: a broken template cannot be saved through the form (tested below).
  if (letter !== null) await db().execute(sql`update campaigns set thank_you_letter = ${letter} where id = ${id}`);
  return id;
}

const listing = async (filters: Record<string, unknown> = {}) => {
  const res = await admin.post('/jpanel/contributions/unacknowledged.listing', { draw: 1, start: 0, length: 100, ...filters });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((r) => r.id);
};
const history = async (id: number) => ((await admin.get(`/jpanel/history/contributions/${id}`)).json() as { data: { changes: { field: string; before: unknown; after: unknown }[] }[] }).data.flatMap((e) => e.changes);
const events = async (id: number) => (await queryRows(db(), sql`select event, note from contribution_status_history where contribution_id = ${id} and event in ('confirmation_sent', 'thanked') order by id`));
const outbox = async (supporterId: number) => queryRows(db(), sql`select to_address as to, kind, subject, created_by from mail_outbox where supporter_id = ${supporterId} and kind = 'confirmation' order by id`);

describe('re-send a gift\'s confirmation e-mail', () => {
  it('queues the confirmation again through the outbox, with a history entry', async () => {
    const g = await paidGift({ email: 'resend@example.org' });
    const before = (await outbox(g.supporterId)).length;
    const res = await admin.post(`/jpanel/contributions/${g.id}/resend-confirmation`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.confirmationSent(contributionNumber(g.id), 'resend@example.org'));
    const mails = await outbox(g.supporterId);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({ to: 'resend@example.org', kind: 'confirmation', subject: expect.stringContaining('Thank you for your gift') });
    expect(mails.at(-1)?.created_by).not.toBeNull();
    expect(await events(g.id)).toEqual([{ event: 'confirmation_sent', note: 'To resend@example.org' }]);
  });

  it('refuses an unknown gift, a gift with no address and a donor who asked not to be contacted, queuing nothing', async () => {
    expect((await admin.post('/jpanel/contributions/99999999/resend-confirmation')).statusCode).toBe(404);
    expect((await admin.post('/jpanel/contributions/abc/resend-confirmation')).statusCode).not.toBe(500);
    const none = await paidGift({ email: null });
    const noAddress = await admin.post(`/jpanel/contributions/${none.id}/resend-confirmation`);
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json().message).toBe(m.noEmail(contributionNumber(none.id)));
    const quiet = await paidGift();
    await db().execute(sql`update supporters set do_not_contact = true where id = ${quiet.supporterId}`);
    const before = (await outbox(quiet.supporterId)).length;
    const refused = await admin.post(`/jpanel/contributions/${quiet.id}/resend-confirmation`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(consentMessages.doNotContact('Dana Donor'));
    expect(await outbox(quiet.supporterId)).toHaveLength(before);
    expect(await events(quiet.id)).toEqual([]);
  });

  it('is refused to a user who may only view gifts', async () => {
    const g = await paidGift();
    expect((await viewer.post(`/jpanel/contributions/${g.id}/resend-confirmation`)).statusCode).toBe(403);
  });
});

describe('acknowledged on', () => {
  it('is set, corrected and cleared by staff, each change in the history; a future or unreal date is refused', async () => {
    const g = await paidGift();
    const set = await admin.post(`/jpanel/contributions/${g.id}/acknowledgement`, { acknowledged_on: '03/02/2024' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ message: m.acknowledged(contributionNumber(g.id), 'Mar 2, 2024'), acknowledged_on: '2024-03-02' });
    expect(await history(g.id)).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'acknowledged_on', before: null, after: '2024-03-02' })]));
    expect((await admin.post(`/jpanel/contributions/${g.id}/acknowledgement`, { acknowledged_on: '2024-03-02' })).json().message).toBe(m.unchanged(contributionNumber(g.id)));

    const future = await admin.post(`/jpanel/contributions/${g.id}/acknowledgement`, { acknowledged_on: '2999-01-01' });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ acknowledged_on: [m.futureDate] });
    const unreal = await admin.post(`/jpanel/contributions/${g.id}/acknowledgement`, { acknowledged_on: '2024-02-30' });
    expect(unreal.statusCode).toBe(422);
    expect(unreal.json().errors.acknowledged_on).toEqual([messages.date]);

    const cleared = await admin.post(`/jpanel/contributions/${g.id}/acknowledgement`, { acknowledged_on: '' });
    expect(cleared.json()).toEqual({ message: m.cleared(contributionNumber(g.id)), acknowledged_on: null });
    expect(await history(g.id)).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'acknowledged_on', before: '2024-03-02', after: null })]));
    expect(await one(sql`select acknowledged_on from contributions where id = ${g.id}`)).toEqual({ acknowledged_on: null });
    expect((await admin.post('/jpanel/contributions/99999999/acknowledgement', { acknowledged_on: '2024-01-01' })).statusCode).toBe(404);
    expect((await viewer.post(`/jpanel/contributions/${g.id}/acknowledgement`, { acknowledged_on: '2024-01-01' })).statusCode).toBe(403);
  });
});

describe('unacknowledged gifts and thank-you letters', () => {
  it('lists gifts not yet thanked, by date range, campaign and minimum amount, and exports the same rows as CSV', async () => {
    const k = await campaign();
    const small = await paidGift({ price: 1000, campaignId: k });
    const large = await paidGift({ price: 9000, campaignId: k });
    const elsewhere = await paidGift({ price: 9000 });
    expect(await listing()).toEqual(expect.arrayContaining([small.id, large.id, elsewhere.id]));
    expect(await listing({ campaign_id: k })).toEqual([large.id, small.id]);
    expect(await listing({ campaign_id: k, min_amount: '50' })).toEqual([large.id]);
    expect(await listing({ campaign_id: k, from: '2000-01-01', to: '2000-12-31' })).toEqual([]);
    const wrong = await admin.post('/jpanel/contributions/unacknowledged.listing', { from: '2024-02-01', to: '2024-01-01' });
    expect(wrong.statusCode).toBe(422);
    const csv = await admin.get(`/jpanel/contributions/unacknowledged.csv?campaign_id=${k}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Contribution ID');
  });

  it('prints letters without changing anything; sending marks them acknowledged today in one go, and again is harmless', async () => {
    const a = await paidGift();
    const b = await paidGift();
    const print = await viewer.post('/jpanel/thank-you-letters/print', { ids: [a.id, b.id] });
    expect(print.statusCode, print.body).toBe(200);
    expect(print.headers['content-type']).toBe('application/pdf');
    expect(print.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await listing()).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await viewer.post('/jpanel/thank-you-letters/send', { ids: [a.id] })).statusCode).toBe(403);

    const sent = await admin.post('/jpanel/thank-you-letters/send', { ids: [a.id, b.id] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sent.headers['x-almoner-message']).toBe(m.lettersSent(2, 0));
    const day = await today();
    expect(await one(sql`select count(*)::int as n from contributions where id in (${a.id}, ${b.id}) and acknowledged_on = ${day}::date`)).toEqual({ n: 2 });
    expect(await listing()).not.toEqual(expect.arrayContaining([a.id]));
    expect(await events(a.id)).toEqual([{ event: 'thanked', note: null }]);

    await db().execute(sql`update contributions set acknowledged_on = '2024-01-05' where id = ${a.id}`);
    const again = await admin.post('/jpanel/thank-you-letters/send', { ids: [a.id] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['x-almoner-message']).toBe(m.lettersSent(0, 1));
    expect(await one(sql`select acknowledged_on::text as d from contributions where id = ${a.id}`)).toEqual({ d: '2024-01-05' });
    expect(await events(a.id)).toHaveLength(1);
    expect((await admin.get(`/jpanel/contributions/${a.id}/thank-you.pdf`)).headers['content-type']).toBe('application/pdf');
  });

  it('sends every row matching the list\'s filter when asked for all', async () => {
    const k = await campaign();
    const g = await paidGift({ campaignId: k });
    const sent = await admin.post('/jpanel/thank-you-letters/send', { all: true, campaign_id: k });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await listing({ campaign_id: k })).toEqual([]);
    expect(await one(sql`select acknowledged_on is not null as done from contributions where id = ${g.id}`)).toEqual({ done: true });
  });

  it('refuses nothing selected, unknown gifts, and a template with a Liquid error, changing nothing', async () => {
    expect((await admin.post('/jpanel/thank-you-letters/send', {})).json()).toMatchObject({ message: messages.noItemsSelected });
    const unknown = await admin.post('/jpanel/thank-you-letters/send', { ids: [99999999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(m.noGifts);
    expect((await admin.get('/jpanel/contributions/99999999/thank-you.pdf')).statusCode).toBe(422);

    const k = await campaign('Dear {{ donor.first_name | shout }}');
    const g = await paidGift({ campaignId: k });
    const fine = await paidGift();
    const broken = await admin.post('/jpanel/thank-you-letters/send', { ids: [fine.id, g.id] });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toMatch(/^The thank-you letter of the campaign "Thanks campaign \d+" cannot be used: .*shout.* Correct it on the campaign\.$/);
    expect(await one(sql`select count(*)::int as n from contributions where id in (${fine.id}, ${g.id}) and acknowledged_on is not null`)).toEqual({ n: 0 });
  });

  it('refuses to save a default or campaign letter that does not parse, on its field', async () => {
    const settings = await admin.post('/jpanel/settings', { thank_you_letter: 'Dear {% if donor.first_name %}' });
    expect(settings.statusCode).toBe(422);
    expect(settings.json().errors.thank_you_letter[0]).toMatch(/^This template cannot be used: /);
    const saved = await admin.post('/jpanel/settings', { thank_you_letter: '<p>Thank you, {{ donor.first_name }}.</p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    const k = await admin.post('/jpanel/campaigns', { name: `Bad letter ${++seq}`, goal: '10', starts_on: '2020-01-01', thank_you_letter: '{{ x | nope }}' });
    expect(k.statusCode).toBe(422);
    expect(k.json().errors.thank_you_letter[0]).toMatch(/nope/);
  });
});
