import { randomUUID } from 'node:crypto';
import { nextDayOn, recurringChangeMessages, recurringMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway } from '../../integrations/payments/sandbox/sandbox-gateway.ts';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, testConfig, type TestApp } from '../../test/test-app.ts';
import { encrypt } from '../auth/crypto.ts';
import { dayInZone } from '../money/money.convert.ts';
import { cardToken, makeSupporter } from '../pos/pos.complete.fixtures.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { addDays } from './recurring.schedule.ts';

let t: TestApp;
let staff: Agent;
let editor: Agent;
let viewer: Agent;
let today: string;
const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t, { permissions: ['recurringpaymentprofile.view', 'recurringpaymentprofile.edit', 'recurringpaymentprofile.charge'] })).agent;
  editor = (await signedIn(t, { permissions: ['recurringpaymentprofile.view', 'recurringpaymentprofile.edit'] })).agent;
  viewer = (await signedIn(t, { permissions: ['recurringpaymentprofile.view'] })).agent;
  // The organisation's today by the app's clock: billing dates are days on its calendar.
  today = dayInZone(new Date(), (await getOrgMoneySettings(db())).timeZone);
});

async function savedCard(supporterId: number, number = '4242424242424242'): Promise<number> {
  const saved = await createSandboxGateway(db()).savePaymentMethod({ token: await cardToken(db(), number), idempotencyKey: `test-save:${randomUUID()}` });
  const [m] = await queryRows(db(), sql`
    insert into payment_methods (supporter_id, status, display_name, token, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, currency_code)
    values (${supporterId}, 'ACTIVE', null, ${encrypt(testConfig.appKey, saved.reference)}, 'card', ${saved.brand}, ${saved.last4}, ${saved.expMonth}, ${saved.expYear}, 'USD')
    returning id`);
  return Number(m?.id);
}

/** An Active monthly $25 profile of a new supporter (with an e-mail), charged on the 15th, next due at least ten days on. */
async function profile(card?: string): Promise<{ id: number; ref: string; supporterId: number; methodId: number; next: string }> {
  const supporterId = await makeSupporter(db());
  await db().execute(sql`update supporters set email = ${`donor-${supporterId}@example.org`}, bill_first_name = 'Ada' where id = ${supporterId}`);
  const methodId = await savedCard(supporterId, card);
  const next = nextDayOn(addDays(today, 10), { billing_period: 'monthly', recurring_day: 15 });
  const ref = `RP-C${randomUUID().slice(0, 8)}`;
  const [p] = await queryRows(db(), sql`
    insert into recurring_payment_profiles (profile_id, status, supporter_id, payment_method_id, description, start_date, billing_period,
           recurring_day, currency_code, amount, next_billing_date, next_attempt_date)
    values (${ref}, 'Active', ${supporterId}, ${methodId}, 'Monthly gift', ${today}, 'monthly', 15,
            'USD', 2500, ${next}, ${next})
    returning id`);
  return { id: Number(p?.id), ref, supporterId, methodId, next };
}

/** A weekday (1 Monday … 7 Sunday) that `day` does not fall on. */
const weekdayAfter = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 2 > 7 ? 1 : ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 2;

const read = async (agent: Agent, id: number) => (await agent.get(`/jpanel/recurring/${id}`)).json();

describe('changing a recurring gift', () => {
  it('changes amount, frequency, next billing date and method in one audited change, and e-mails the donor the new terms', async () => {
    const p = await profile();
    const second = await savedCard(p.supporterId, '5555555555554444');
    const page = await read(staff, p.id);
    expect(page.payment_methods.map((m: { id: number }) => m.id).sort()).toEqual([p.methodId, second].sort());
    const next = nextDayOn(addDays(today, 3), { billing_period: 'weekly', recurring_day_of_week: 5 });
    const answer = await staff.post(`/jpanel/recurring/${p.id}`, {
      amount: '30.00', billing_period: 'weekly', recurring_day_of_week: 5, next_billing_date: next, payment_method_id: second, updated_at: page.updated_at,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: p.id, status: 'Active', message: recurringChangeMessages.changed(p.ref) });
    const after = await one(sql`select amount::int, billing_period, recurring_day, recurring_day_of_week, next_billing_date::text as next,
      next_attempt_date::text as attempt, payment_method_id from recurring_payment_profiles where id = ${p.id}`);
    expect(after).toEqual({ amount: 3000, billing_period: 'weekly', recurring_day: null, recurring_day_of_week: 5, next, attempt: next, payment_method_id: second });

    // The trail: who, and each field from → to.
    const [trail] = await queryRows(db(), sql`select actor_user_id, changes from audit_log where table_name = 'recurring_payment_profiles'
      and record_id = ${String(p.id)} and action = 'update' order by id desc limit 1`);
    expect(trail?.actor_user_id).not.toBeNull();
    expect((trail?.changes as Record<string, unknown>).amount).toEqual([2500, 3000]);
    expect((trail?.changes as Record<string, unknown>).billing_period).toEqual(['monthly', 'weekly']);

    const [mail] = await queryRows(db(), sql`select to_address, subject, text from mail_outbox where to_address = ${`donor-${p.supporterId}@example.org`} order by id desc limit 1`);
    expect(mail?.text).toContain('$30.00, weekly, on friday');
    expect(mail?.text).toContain('Mastercard ending 4444');
    const [event] = await queryRows(db(), sql`select payload from domain_events where type = 'recurring_profile.changed' and (payload->>'recurring_profile_id')::int = ${p.id}`);
    expect(event).toBeDefined();
  });

  it('refuses what it cannot do, with a message, and changes nothing', async () => {
    const p = await profile();
    const page = await read(staff, p.id);
    const base = { amount: '25', billing_period: 'monthly', recurring_day: 15, next_billing_date: p.next, payment_method_id: p.methodId, updated_at: page.updated_at };
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const res = await staff.post(`/jpanel/recurring/${p.id}`, { ...base, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.json())).toContain(message.replace(/"/g, '\\"'));
    };
    await refused({ amount: '0' }, 422, recurringChangeMessages.amount);
    await refused({ amount: '10.001' }, 422, 'decimal');
    await refused({ next_billing_date: addDays(today, -1), recurring_day: null }, 422, recurringChangeMessages.pastDate);
    await refused({ next_billing_date: '2027-02-30' }, 422, 'Date is invalid.');
    await refused({ recurring_day: 31 }, 422, recurringChangeMessages.day);
    await refused({ recurring_day: 16 }, 422, recurringChangeMessages.notOnDay('the 16th'));
    await refused({ billing_period: 'weekly', recurring_day_of_week: weekdayAfter(p.next) }, 422, 'must fall on a ');
    const stranger = await savedCard(await makeSupporter(db()));
    await refused({ payment_method_id: stranger }, 422, recurringChangeMessages.method);
    await refused({ updated_at: '2020-01-01T00:00:00.000Z' }, 409, recurringChangeMessages.stale);
    await refused({ billing_period: 'daily' }, 422, 'Choose how often');
    expect(await one(sql`select amount::int, billing_period from recurring_payment_profiles where id = ${p.id}`)).toEqual({ amount: 2500, billing_period: 'monthly' });

    expect((await viewer.post(`/jpanel/recurring/${p.id}`, base)).statusCode).toBe(403);
    await db().execute(sql`update recurring_payment_profiles set status = 'Cancelled' where id = ${p.id}`);
    const cancelled = await staff.post(`/jpanel/recurring/${p.id}`, { ...base, updated_at: undefined });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(recurringChangeMessages.notChangeable(p.ref, 'Cancelled'));
  });
});

describe('charging a recurring gift now', () => {
  it('charges the period once: a second request for the same billing date is refused and charges nothing', async () => {
    const p = await profile();
    const first = await staff.post(`/jpanel/recurring/${p.id}/charge`, { billing_date: p.next });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'charged', message: recurringChangeMessages.charged(p.ref, '$25.00') });
    const again = await staff.post(`/jpanel/recurring/${p.id}/charge`, { billing_date: p.next });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('has already been charged for');
    const charges = await one(sql`select count(*)::int as n from sandbox_ledger where kind = 'charge' and idempotency_key like ${`recurring:${p.id}:%`}`);
    expect(charges.n).toBe(1);
    const after = await read(staff, p.id);
    expect(after.next_billing_date).not.toBe(p.next);
    expect(after.transactions.filter((x: { counts: boolean }) => x.counts)).toHaveLength(1);
    // Only with the charge permission.
    expect((await editor.post(`/jpanel/recurring/${p.id}/charge`, { billing_date: after.next_billing_date })).statusCode).toBe(403);
  });

  it('records a decline on the profile and says so', async () => {
    const p = await profile('4000000000000002');
    const res = await staff.post(`/jpanel/recurring/${p.id}/charge`, { billing_date: p.next });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('declined');
    expect(res.json().message).toMatch(/was declined: .+\. It is recorded on the profile\.$/);
    expect(await one(sql`select failed_payment_count::int as failed, next_billing_date::text as next from recurring_payment_profiles where id = ${p.id}`)).toEqual({ failed: 1, next: p.next });
  });

  it('refuses a profile that is not active', async () => {
    const p = await profile();
    await staff.post(`/jpanel/recurring/${p.id}/suspend`);
    const res = await staff.post(`/jpanel/recurring/${p.id}/charge`, { billing_date: p.next });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(recurringChangeMessages.notChargeable(p.ref, 'Suspended'));
    expect((await staff.post(`/jpanel/recurring/999999/charge`, { billing_date: p.next })).json().message).toBe(recurringMessages.notFound);
  });
});
