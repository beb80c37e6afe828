import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const run = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
}, 180_000);

type Row = { id: number; profile_id: string; reason: string; failed_payment_count: number; card: string | null; card_expires: string | null; last_failure: string | null; amount: number; currency_code: string };
const list = async (body: Record<string, unknown> = {}) => {
  const response = await agent.post('/jpanel/recurring/attention.ajax', { length: 500, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { recordsFiltered: number; data: Row[] };
};

/** A saved card for a profile's supporter, expiring at the end of the given month. */
async function card(profileId: number, year: number, month: number) {
  const [pm] = await rows(sql`insert into payment_methods (supporter_id, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, currency_code)
    select supporter_id, 'card', 'Visa', '4242', ${month}, ${year}, currency_code from recurring_payment_profiles where id = ${profileId} returning id`);
  await run(sql`update recurring_payment_profiles set payment_method_id = ${pm?.id} where id = ${profileId}`);
}

describe('recurring profiles that need attention', () => {
  it('lists failing, expiring-card and suspended profiles, and not the healthy ones', async () => {
    // Every demo profile healthy first, so the list is exactly what this test makes.
    await run(sql`update recurring_payment_profiles set failed_payment_count = 0, status = case when status = 'Suspended' then 'Cancelled' else status end`);
    await run(sql`update payment_methods set card_expiry_year = 2099`);
    const ids = (await rows(sql`select id from recurring_payment_profiles where supporter_id is not null and deleted_at is null order by id limit 3`)).map((r) => Number(r.id));
    expect(ids).toHaveLength(3);
    await run(sql`update recurring_payment_profiles set status = 'Active' where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    const [failing, suspended, expiring] = ids as [number, number, number];
    // Healthy profiles (a card good for years) are not listed.
    await card(expiring, new Date().getUTCFullYear() + 3, 12);
    expect((await list()).data).toEqual([]);
    await run(sql`update recurring_payment_profiles set failed_payment_count = 2 where id = ${failing}`);
    await run(sql`insert into recurring_transactions (recurring_payment_profile_id, payment_status, reason_code, ordered_at, currency_code, amount, functional_amount, functional_rate, functional_rate_date)
      select id, 'failed', 'Your card was declined.', now(), currency_code, amount, amount, 1, current_date from recurring_payment_profiles where id = ${failing}`);
    await run(sql`update recurring_payment_profiles set status = 'Suspended', suspended_at = now() where id = ${suspended}`);
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1));
    await card(expiring, lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() + 1);

    const all = await list();
    const byId = new Map(all.data.map((r) => [r.id, r]));
    expect(all.data.map((r) => r.id).sort((a, b) => a - b)).toEqual([failing, suspended, expiring].sort((a, b) => a - b));
    expect(byId.get(failing)).toMatchObject({ reason: 'failing', failed_payment_count: 2, last_failure: 'Your card was declined.' });
    expect(byId.get(suspended)).toMatchObject({ reason: 'suspended' });
    const lastDay = new Date(Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    expect(byId.get(expiring)).toMatchObject({ reason: 'expiring', card: 'Visa ending 4242', card_expires: lastDay });

    expect((await list({ reason: 'failing' })).data.map((r) => r.id)).toEqual([failing]);
    expect((await list({ reason: 'expiring' })).data.map((r) => r.id)).toEqual([expiring]);
    const ref = byId.get(suspended)?.profile_id ?? '';
    expect((await list({ search: { value: ref } })).data.map((r) => r.id)).toEqual([suspended]);
    const csv = await agent.get('/jpanel/recurring/attention.csv?reason=suspended');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(2);
    expect(csv.body).toContain(ref);
  });

  it('answers 422 for an unknown reason and 403 without the recurring permission', async () => {
    expect((await agent.post('/jpanel/recurring/attention.ajax', { reason: 'sad' })).statusCode).toBe(422);
    const { agent: other } = await signedIn(t, { permissions: ['order.view'] });
    expect((await other.post('/jpanel/recurring/attention.ajax', {})).statusCode).toBe(403);
    const { agent: viewer } = await signedIn(t, { permissions: ['recurringpaymentprofile.view'] });
    expect((await viewer.post('/jpanel/recurring/attention.ajax', {})).statusCode).toBe(200);
  });
});
