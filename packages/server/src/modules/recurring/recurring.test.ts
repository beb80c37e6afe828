import { recurringMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { seedDemoIfEmpty } from '../../seed/demo.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.database, () => {}, scaleFor(150, 50));
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

  it('needs the edit permission to change a profile, and answers 404 for an unknown one', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['recurringpaymentprofile.view'] });
    const [p] = await rowsOf(sql`select id from recurring_payment_profiles limit 1`);
    expect((await viewer.get(`/jpanel/recurring/${p?.id}`)).statusCode).toBe(200);
    expect((await viewer.post(`/jpanel/recurring/${p?.id}/suspend`)).statusCode).toBe(403);
    expect((await agent.get('/jpanel/recurring/2147483647')).statusCode).toBe(404);
  });
});
