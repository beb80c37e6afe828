import { posCompleteMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { makeOrder, makeSupporter, makeVariant } from './pos.complete.fixtures.ts';

let t: TestApp;
let cashier: Agent;
beforeAll(async () => {
  t = await createTestApp();
  cashier = (await signedIn(t, { permissions: ['pos.edit'] })).agent;
});

const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};
const supportersWith = async (email: string) => Number((await one(sql`select count(*)::int as n from supporters where lower(email) = lower(${email})`)).n);

/** A guest's one-off gift of $25, paid in cash. */
async function guestGift(bill: { first?: string | null; last?: string | null; email?: string | null }) {
  const v = await makeVariant(db(), { price: 2500, quantity: 5 });
  return makeOrder(db(), { items: [{ variantId: v.variantId, productId: v.productId, price: 2500 }], billFirstName: bill.first ?? null, billLastName: bill.last ?? null, billEmail: bill.email ?? null });
}
const payCash = (id: number, save: boolean) => cashier.post(`/jpanel/pos/${id}/complete`, { payment_type: 'cash', cash_received: 25, save_as_supporter: save });

describe('POS: save a one-off gift\'s new donor as a supporter', () => {
  it('creates the supporter from the billing details in the sale, links the gift and says so', async () => {
    const email = `grace-${randomUUID().slice(0, 8)}@example.org`;
    const order = await guestGift({ first: 'Grace', last: 'Hopper', email });
    const paid = await payCash(order.id, true);
    expect(paid.statusCode, paid.body).toBe(200);
    const supporter = await one(sql`select s.id, s.first_name, s.last_name, s.email, s.bill_email, s.sign_up_method from supporters s join contributions c on c.supporter_id = s.id where c.id = ${order.id}`);
    expect(supporter).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', email, bill_email: email, sign_up_method: 'pos' });
    expect(paid.json().supporter_message).toBe(posCompleteMessages.savedAsSupporter(`Grace Hopper (#${String(supporter.id)})`));
    expect(paid.json().order.member_id).toBe(Number(supporter.id));
    const created = await one(sql`select count(*)::int as n from domain_events where type = 'supporter.created' and (payload->>'supporter_id')::int = ${Number(supporter.id)}`);
    expect(created.n).toBe(1);
    // Their lifetime giving counts the gift, as for a supporter chosen before the sale.
    expect(Number((await one(sql`select lifetime_donation_count + lifetime_purchase_count as n from supporters where id = ${Number(supporter.id)}`)).n)).toBe(1);
  });

  it('links a donor whose e-mail a supporter has to that supporter, making no second record', async () => {
    const email = `ada-${randomUUID().slice(0, 8)}@example.org`;
    const existing = await makeSupporter(db(), email);
    const order = await guestGift({ first: 'Ada', last: 'L.', email: email.toUpperCase() });
    const paid = await payCash(order.id, true);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().supporter_message).toBe(posCompleteMessages.linkedToSupporter(email.toUpperCase(), `Ada Lovelace (#${existing})`));
    expect((await one(sql`select supporter_id from contributions where id = ${order.id}`)).supporter_id).toBe(existing);
    expect(await supportersWith(email)).toBe(1);
  });

  it('leaves a guest gift a guest gift when not asked, and refuses to save a donor with neither name nor e-mail', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.org`;
    const guest = await guestGift({ first: 'Gus', last: 'Guest', email });
    const paid = await payCash(guest.id, false);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().supporter_message ?? null).toBeNull();
    expect([(await one(sql`select supporter_id from contributions where id = ${guest.id}`)).supporter_id, await supportersWith(email)]).toEqual([null, 0]);

    const nameless = await guestGift({});
    const refused = await payCash(nameless.id, true);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ save_as_supporter: [posCompleteMessages.saveNeedsName] });
    expect((await one(sql`select paid_at from contributions where id = ${nameless.id}`)).paid_at).toBeNull();
  });
});
