import { contributionEditMessages as m, contributionNumber, messages } from '@almoner/contracts';
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

/**
 * A receiptable $25.00 donation to the GENERAL fund, paid at the point of sale (so with an issued
 * receipt); a second product names the BUILDING_FUND, so both are funds a gift can go to.
 */
async function paidGift(opts: { supporterId?: number | null } = {}): Promise<{ id: number; item: number; supporterId: number | null }> {
  const v = await makeVariant(db(), { price: 2500, quantity: 5, receiptable: true });
  await db().execute(sql`update products set gl_code = 'GENERAL' where id = ${v.productId}`);
  const other = await makeVariant(db(), {});
  await db().execute(sql`update products set gl_code = 'BUILDING_FUND' where id = ${other.productId}`);
  const supporterId = opts.supporterId === undefined ? await makeSupporter(db()) : opts.supporterId;
  const o = await makeOrder(db(), { supporterId, billFirstName: 'Gus', billLastName: 'Guest', items: [{ variantId: v.variantId, productId: v.productId, price: 2500 }] });
  await db().execute(sql`update contribution_items set is_donation = true, gl_code = 'GENERAL' where contribution_id = ${o.id}`);
  const paid = await admin.post(`/jpanel/pos/${o.id}/complete`, { payment_type: 'credit_card', token: await cardToken(db()) });
  expect(paid.statusCode, paid.body).toBe(200);
  const item = await one(sql`select id from contribution_items where contribution_id = ${o.id}`);
  return { id: o.id, item: Number(item.id), supporterId };
}

const edit = (id: number, body: Record<string, unknown>, agent = admin) => agent.post(`/jpanel/contributions/${id}`, body);
const detail = async (id: number) => (await admin.get(`/jpanel/contributions/${id}`)).json() as { contribution: Record<string, unknown>; items: Record<string, unknown>[]; notes: Record<string, unknown>[] };
const giving = async (supporterId: number) => Number((await one(sql`select lifetime_donation_amount::int as n from supporters where id = ${supporterId}`)).n);
const receiptOf = (id: number) => one(sql`select r.id, r.status, r.number, r.supporter_id, r.first_name, l.donated_at from tax_receipt_lines l join tax_receipts r on r.id = l.tax_receipt_id where l.contribution_id = ${id} and l.live`);
const events = async (id: number) => (await queryRows(db(), sql`select payload from domain_events where type = 'contribution.updated' and (payload->>'contribution_id')::int = ${id} order by id`)).map((r) => r.payload);
const history = async (id: number) => ((await admin.get(`/jpanel/history/contributions/${id}`)).json() as { data: { changes: { field: string; before: unknown; after: unknown }[] }[] }).data.flatMap((e) => e.changes);

function expectField(response: { statusCode: number; body: string; json: () => unknown }, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toMatchObject({ errors: { [field]: [message] } });
}

describe('correct a gift after entry', () => {
  it('changes the fund and the date: the issued receipt is revised, the event names both, the history shows from → to', async () => {
    const c = await paidGift();
    const before = await receiptOf(c.id);
    expect(before.status).toBe('issued');
    const loaded = await detail(c.id);
    const answer = await edit(c.id, { updated_at: loaded.contribution.updated_at, ordered_at: '01/15/2020', lines: [{ id: c.item, gl_code: 'building fund' }] });
    expect(answer.statusCode, answer.body).toBe(200);
    const revised = `${String(before.number)}-R1`;
    expect(answer.json()).toEqual({ message: `${m.updated(contributionNumber(c.id))} ${m.receiptRevised(revised)}`, changes: ['ordered_at', 'gl_code'], receipt_number: revised });
    expect(await one(sql`select gl_code from contribution_items where id = ${c.item}`)).toEqual({ gl_code: 'BUILDING_FUND' });
    expect(await one(sql`select to_char(ordered_at at time zone 'UTC', 'YYYY-MM-DD') as day from contributions where id = ${c.id}`)).toEqual({ day: '2020-01-15' });
    const after = await receiptOf(c.id);
    expect(after).toMatchObject({ id: before.id, status: 'issued', number: revised });
    expect(new Date(after.donated_at as string).toISOString().slice(0, 10)).toBe('2020-01-15');
    expect(await one(sql`select revision, reason from tax_receipt_revisions where tax_receipt_id = ${Number(before.id)}`)).toEqual({ revision: 1, reason: 'The gift’s date was corrected.' });
    expect(await events(c.id)).toEqual([{ contribution_id: c.id, supporter_id: c.supporterId, changes: ['ordered_at', 'gl_code'] }]);
    const changes = await history(c.id);
    expect(changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'ordered_at', after: expect.stringMatching(/^2020-01-15/) }),
      expect.objectContaining({ field: 'gl_code', before: 'GENERAL', after: 'BUILDING_FUND' }),
    ]));
  });

  it('moves a gift between supporters: both lifetime givings follow, the row is renamed, the receipt names the new donor', async () => {
    const c = await paidGift();
    const from = c.supporterId as number;
    const to = await makeSupporter(db());
    await db().execute(sql`update supporters set display_name = 'Grace Hopper', first_name = 'Grace', last_name = 'Hopper', bill_first_name = 'Grace', bill_last_name = 'Hopper' where id = ${to}`);
    expect(await giving(from)).toBe(2500);
    expect(await giving(to)).toBe(0);
    const answer = await edit(c.id, { supporter_id: to });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await giving(from)).toBe(0);
    expect(await giving(to)).toBe(2500);
    expect(await one(sql`select supporter_name, searchable_text like '%grace hopper%' as found from contributions where id = ${c.id}`)).toEqual({ supporter_name: 'Grace Hopper', found: true });
    expect(await receiptOf(c.id)).toMatchObject({ supporter_id: to, first_name: 'Grace', status: 'issued' });
    expect(await events(c.id)).toEqual([{ contribution_id: c.id, supporter_id: to, changes: ['supporter_id'] }]);
    expect(await history(c.id)).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'supporter_id', before: expect.objectContaining({ id: from }), after: { id: to, name: 'Grace Hopper' } })]));
  });

  it('updates a draft receipt in place when the gift moves (only an issued one is revised)', async () => {
    const c = await paidGift();
    const issued = await receiptOf(c.id);
    expect((await admin.post(`/jpanel/tax_receipt/${Number(issued.id)}/void`, {})).statusCode).toBe(200);
    const draft = await admin.post(`/jpanel/contributions/${c.id}/tax_receipt`, { issue: false });
    expect(draft.statusCode, draft.body).toBe(200);
    const to = await makeSupporter(db());
    await db().execute(sql`update supporters set bill_first_name = 'Katherine' where id = ${to}`);
    const answer = await edit(c.id, { supporter_id: to });
    expect(answer.json()).toMatchObject({ receipt_number: null, message: m.updated(contributionNumber(c.id)) });
    const after = await receiptOf(c.id);
    expect(after).toMatchObject({ status: 'draft', number: null, supporter_id: to, first_name: 'Katherine' });
    expect(await one(sql`select count(*)::int as n from tax_receipt_revisions where tax_receipt_id = ${Number(after.id)}`)).toEqual({ n: 0 });
  });

  it('attaches a guest gift to a supporter, changes special notes and a tribute', async () => {
    const c = await paidGift({ supporterId: null });
    const to = await makeSupporter(db());
    const answer = await edit(c.id, { supporter_id: to, comments: 'Cheque came with a card', lines: [{ id: c.item, tribute: { name: 'Grandma Rose', message: 'With love' } }] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().changes).toEqual(['comments', 'supporter_id', 'tribute']);
    expect(await giving(to)).toBe(2500);
    expect(await one(sql`select comments, supporter_id from contributions where id = ${c.id}`)).toEqual({ comments: 'Cheque came with a card', supporter_id: to });
    expect(await one(sql`select t.name, t.message, t.amount::int as amount, i.tribute_name from tributes t join contribution_items i on i.id = t.contribution_item_id where i.id = ${c.item}`))
      .toEqual({ name: 'Grandma Rose', message: 'With love', amount: 2500, tribute_name: 'Grandma Rose' });
    // Saving the same again changes nothing and says so.
    const same = await edit(c.id, { supporter_id: to, comments: 'Cheque came with a card', lines: [{ id: c.item, tribute: { name: 'Grandma Rose', message: 'With love' } }] });
    expect(same.json()).toEqual({ message: m.unchanged(contributionNumber(c.id)), changes: [], receipt_number: null });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const c = await paidGift();
    const archived = await makeSupporter(db());
    await db().execute(sql`update supporters set archived_at = now(), is_active = false where id = ${archived}`);
    const spam = await makeSupporter(db());
    await db().execute(sql`update supporters set is_spam = true where id = ${spam}`);
    expectField(await edit(c.id, { supporter_id: archived }), 'supporter_id', m.supporterArchived('Ada Lovelace'));
    expectField(await edit(c.id, { supporter_id: spam }), 'supporter_id', m.supporterSpam('Ada Lovelace'));
    expectField(await edit(c.id, { supporter_id: 2 ** 31 - 1 }), 'supporter_id', m.supporterMissing);
    const tomorrow = String((await one(sql`select to_char(now() + interval '2 days', 'YYYY-MM-DD') as d`)).d);
    expectField(await edit(c.id, { ordered_at: tomorrow }), 'ordered_at', m.futureDate);
    expectField(await edit(c.id, { ordered_at: '2024-02-30' }), 'ordered_at', messages.date);
    expectField(await edit(c.id, { lines: [{ id: c.item, gl_code: 'NO SUCH FUND' }] }), 'lines.0.gl_code', m.fundUnknown('NO_SUCH_FUND'));
    expectField(await edit(c.id, { lines: [{ id: c.item, gl_code: '  !! ' }] }), 'lines.0.gl_code', m.fundRequired);
    expectField(await edit(c.id, { lines: [{ id: 2 ** 31 - 1, gl_code: 'GENERAL' }] }), 'lines.0.id', m.lineMissing);
    expect((await edit(c.id, { comments: 'a\u0000b' })).statusCode).toBe(422);
    expect((await edit(c.id, { supporter_id: 'x' })).statusCode).toBe(422);
    expect((await edit(2 ** 31 - 1, { comments: 'x' })).statusCode).toBe(404);
    expect((await edit(c.id, { comments: 'x' }, viewer)).statusCode).toBe(403);
    expect(await events(c.id)).toEqual([]);
    expect(await one(sql`select comments, supporter_id from contributions where id = ${c.id}`)).toEqual({ comments: null, supporter_id: c.supporterId });
  });

  it('refuses a stale save with 409', async () => {
    const c = await paidGift();
    const loaded = await detail(c.id);
    expect((await edit(c.id, { updated_at: loaded.contribution.updated_at, comments: 'First' })).statusCode).toBe(200);
    const stale = await edit(c.id, { updated_at: loaded.contribution.updated_at, comments: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(m.stale);
    expect(await one(sql`select comments from contributions where id = ${c.id}`)).toEqual({ comments: 'First' });
  });
});

describe('notes on a gift', () => {
  it('adds a note, escaped, shown on the contribution page with its author', async () => {
    const c = await paidGift();
    const added = await admin.post(`/jpanel/contributions/${c.id}/notes`, { body: 'Called <the donor>' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ message: m.noteAdded, note: { body: '<p>Called &lt;the donor&gt;</p>' } });
    expect((await detail(c.id)).notes).toEqual([expect.objectContaining({ body: '<p>Called &lt;the donor&gt;</p>' })]);
    expect((await admin.post(`/jpanel/contributions/${c.id}/notes`, { body: '  ' })).statusCode).toBe(422);
    expect((await viewer.post(`/jpanel/contributions/${c.id}/notes`, { body: 'x' })).statusCode).toBe(403);
    expect((await admin.post(`/jpanel/contributions/${2 ** 31 - 1}/notes`, { body: 'x' })).statusCode).toBe(404);
  });
});

describe('restore a deleted gift', () => {
  it('puts it back in the listing and lifetime giving, with history; a gift not deleted answers 409', async () => {
    const c = await paidGift();
    const supporter = c.supporterId as number;
    const notDeleted = await admin.post(`/jpanel/contributions/${c.id}/restore`, {});
    expect(notDeleted.statusCode).toBe(409);
    expect(notDeleted.json().message).toBe(m.notDeleted(contributionNumber(c.id)));
    expect((await admin.post('/jpanel/contributions/destroy', { ids: [c.id] })).statusCode).toBe(200);
    expect(await giving(supporter)).toBe(0);
    const refused = await edit(c.id, { comments: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.deleted(contributionNumber(c.id)));
    const listed = async () => ((await admin.post('/jpanel/contributions-v2.listing', { start: 0, length: 500 })).json() as { data: { id: number }[] }).data.some((r) => r.id === c.id);
    expect(await listed()).toBe(false);

    const restored = await admin.post(`/jpanel/contributions/${c.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ message: m.restored(contributionNumber(c.id)) });
    expect(await listed()).toBe(true);
    expect(await giving(supporter)).toBe(2500);
    expect(await one(sql`select deleted_at from contributions where id = ${c.id}`)).toEqual({ deleted_at: null });
    expect((await detail(c.id)).contribution.deleted_at).toBeNull();
    expect(await one(sql`select event from contribution_status_history where contribution_id = ${c.id} order by id desc limit 1`)).toEqual({ event: 'restored' });
    expect(await events(c.id)).toEqual([{ contribution_id: c.id, supporter_id: supporter, changes: ['deleted_at'] }]);
    expect(await history(c.id)).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'deleted_at', after: null })]));
    expect((await viewer.post(`/jpanel/contributions/${c.id}/restore`, {})).statusCode).toBe(403);
  });
});
