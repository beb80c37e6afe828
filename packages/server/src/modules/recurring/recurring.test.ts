import { recurringMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
}, 180_000);

describe('recurring profile page', () => {
  it('shows a profile with its charges, then suspends, cancels with a reason and re-enables it, recording each change', async () => {
    const [p] = await rowsOf(sql`select rp.id, rp.profile_id from recurring_payment_profiles rp where rp.status = 'Active' and not rp.is_locked
      and exists (select 1 from recurring_transactions t where t.recurring_payment_profile_id = rp.id) order by rp.id limit 1`);
    const id = Number(p?.id);
    const ref = String(p?.profile_id);
    const page = (await agent.get(`/jpanel/recurring/${id}`)).json();
    expect(page).toMatchObject({ id, profile_id: ref, status: 'Active' });
    expect(page.transactions.length).toBeGreaterThan(0);

    expect((await agent.post(`/jpanel/recurring/${id}/suspend`)).json()).toEqual({ id, status: 'Suspended', message: recurringMessages.suspended(ref) });
    expect((await agent.post(`/jpanel/recurring/${id}/suspend`)).statusCode).toBe(409);
    expect((await agent.post(`/jpanel/recurring/${id}/cancel`, { reason: '' })).statusCode).toBe(422);
    expect((await agent.post(`/jpanel/recurring/${id}/cancel`, { reason: 'Donor asked by phone' })).json().message).toBe(recurringMessages.cancelled(ref));
    const [cancelled] = await rowsOf(sql`select status, cancel_reason from recurring_payment_profiles where id = ${id}`);
    expect(cancelled).toEqual({ status: 'Cancelled', cancel_reason: 'Donor asked by phone' });
    expect((await agent.post(`/jpanel/recurring/${id}/enable`)).json().status).toBe('Active');
    const events = await rowsOf(sql`select payload->>'status' as status from domain_events where type = 'recurring_profile.changed'
      and (payload->>'recurring_profile_id')::int = ${id} order by id`);
    expect(events.map((e) => e.status)).toEqual(['Suspended', 'Cancelled', 'Active']);
  });

  it('lists every payment its figures count: the first gift and each charge, one definition for rows, cycles, total and last payment', async () => {
    const profiles = await rowsOf(sql`select rp.id from recurring_payment_profiles rp where rp.deleted_at is null order by rp.id`);
    expect(profiles.length).toBeGreaterThan(0);
    let startedWithAGift = 0;
    for (const { id } of profiles) {
      const page = (await agent.get(`/jpanel/recurring/${Number(id)}`)).json();
      const counted = page.transactions.filter((t: { counts: boolean }) => t.counts);
      expect(page.num_cycles_completed, `profile ${page.profile_id}`).toBe(counted.length);
      const net = counted.reduce((sum: number, t: { amount: number; refunded_amount: number }) => sum + Math.round((t.amount - t.refunded_amount) * 100), 0);
      expect(Math.round(page.aggregate_amount * 100), `profile ${page.profile_id}`).toBe(net);
      const last = counted.map((t: { ordered_at: string }) => t.ordered_at).sort().at(-1) ?? null;
      expect(page.last_payment_at, `profile ${page.profile_id}`).toBe(last);
      if (page.transactions.some((t: { is_first_gift: boolean }) => t.is_first_gift)) startedWithAGift += 1;
      // The recurring payments list reads the stored figures: they agree with the page.
      const [stored] = await rowsOf(sql`select num_cycles_completed, aggregate_amount from recurring_payment_profiles where id = ${Number(id)}`);
      expect({ cycles: Number(stored?.num_cycles_completed), cents: Number(stored?.aggregate_amount) }, `profile ${page.profile_id}`).toEqual({ cycles: counted.length, cents: net });
    }
    // The demo's profiles all start with a charged first gift (the seed's initial charge).
    expect(startedWithAGift).toBe(profiles.length);
  });

  it('needs the edit permission to change a profile, and answers 404 for an unknown one', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['recurringpaymentprofile.view'] });
    const [p] = await rowsOf(sql`select id from recurring_payment_profiles limit 1`);
    expect((await viewer.get(`/jpanel/recurring/${p?.id}`)).statusCode).toBe(200);
    expect((await viewer.post(`/jpanel/recurring/${p?.id}/suspend`)).statusCode).toBe(403);
    expect((await agent.get('/jpanel/recurring/2147483647')).statusCode).toBe(404);
  });
});
