import { randomUUID } from 'node:crypto';
import { formatDate, nextDayOn, posCompleteMessages, recurringChangeMessages, recurringRecordMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { dayInZone } from '../money/money.convert.ts';
import { makeSupporter } from '../pos/pos.complete.fixtures.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { addDays } from './recurring.schedule.ts';

let t: TestApp;
let staff: Agent;
let editor: Agent;
let today: string;
const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t, { permissions: ['recurringpaymentprofile.view', 'recurringpaymentprofile.edit', 'recurringpaymentprofile.charge'] })).agent;
  editor = (await signedIn(t, { permissions: ['recurringpaymentprofile.view', 'recurringpaymentprofile.edit'] })).agent;
  today = dayInZone(new Date(), (await getOrgMoneySettings(db())).timeZone);
});

/** An Active monthly $25 manual profile (a gift first paid in cash) on the 15th, with no saved method. */
async function manualProfile(): Promise<{ id: number; ref: string; supporterId: number; next: string }> {
  const supporterId = await makeSupporter(db());
  const next = nextDayOn(addDays(today, 10), { billing_period: 'monthly', recurring_day: 15 });
  const ref = `RP-M${randomUUID().slice(0, 8)}`;
  const [p] = await queryRows(db(), sql`
    insert into recurring_payment_profiles (profile_id, status, supporter_id, is_manual, description, start_date, billing_period,
           recurring_day, currency_code, amount, next_billing_date, next_attempt_date)
    values (${ref}, 'Active', ${supporterId}, true, 'Monthly gift', ${today}, 'monthly', 15, 'USD', 2500, ${next}, ${next})
    returning id`);
  return { id: Number(p?.id), ref, supporterId, next };
}

const state = (id: number) => one(sql`select next_billing_date::text as next, num_cycles_completed::int as cycles, aggregate_amount::int as given,
  last_payment_amount::int as last, (select count(*)::int from recurring_transactions where recurring_payment_profile_id = ${id}) as transactions
  from recurring_payment_profiles where id = ${id}`);

describe('recording a payment on a manual recurring profile', () => {
  it('writes what a paid charge of that billing date writes, once, with the staff member on the trail', async () => {
    const p = await manualProfile();
    const res = await staff.post(`/jpanel/recurring/${p.id}/record-payment`, { billing_date: p.next, payment_type: 'cash' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'charged', message: recurringRecordMessages.recorded(p.ref, '$25.00') });
    const contributionId = Number(res.json().contribution_id);
    const next = nextDayOn(addDays(p.next, 1), { billing_period: 'monthly', recurring_day: 15 });
    expect(await state(p.id)).toEqual({ next, cycles: 1, given: 2500, last: 2500, transactions: 1 });
    expect(await one(sql`select payment_type, payment_status, payment_gateway, total_amount::int as total, paid_at is not null as paid, recurring_payment_profile_id
      from contributions where id = ${contributionId}`)).toEqual({ payment_type: 'cash', payment_status: 'succeeded', payment_gateway: 'offline', total: 2500, paid: true, recurring_payment_profile_id: p.id });
    expect(await one(sql`select p.type, p.status, p.amount::int as amount, p.gateway, rt.payment_method_description as label
      from payments p join payment_links l on l.payment_id = p.id join recurring_transactions rt on rt.id = l.recurring_transaction_id where l.contribution_id = ${contributionId}`))
      .toEqual({ type: 'cash', status: 'succeeded', amount: 2500, gateway: 'offline', label: 'Cash' });
    // The same events as a paid renewal: the webhook's contribution_paid comes from this one.
    expect((await one(sql`select count(*)::int as n from domain_events where type = 'contribution.paid' and (payload->>'contribution_id')::int = ${contributionId}`)).n).toBe(1);
    // The profile's history: who moved the next billing date, from → to.
    const [trail] = await queryRows(db(), sql`select actor_user_id, changes from audit_log where table_name = 'recurring_payment_profiles'
      and record_id = ${String(p.id)} and action = 'update' order by id desc limit 1`);
    expect(trail?.actor_user_id).not.toBeNull();
    expect((trail?.changes as Record<string, unknown>).next_billing_date).toEqual([p.next, next]);

    const again = await staff.post(`/jpanel/recurring/${p.id}/record-payment`, { billing_date: p.next, payment_type: 'cash' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(recurringChangeMessages.alreadyCharged(p.ref, formatDate(p.next)));
    expect((await state(p.id)).transactions).toBe(1);
  });

  it('takes a check (its number and date, ISO or as shown) and the amount and day received', async () => {
    const p = await manualProfile();
    const received = addDays(today, -2);
    const res = await staff.post(`/jpanel/recurring/${p.id}/record-payment`, {
      billing_date: formatDate(p.next), payment_type: 'check', check_number: '1042', check_date: formatDate(received), amount: '30.00', received_on: `${received}T00:00:00.000Z`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const contributionId = Number(res.json().contribution_id);
    expect(await one(sql`select check_number, check_date::text as check_date, total_amount::int as total from contributions where id = ${contributionId}`))
      .toEqual({ check_number: '1042', check_date: received, total: 3000 });
    expect(await one(sql`select p.type, p.cheque_number, p.cheque_date::text as cheque_date from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${contributionId}`))
      .toEqual({ type: 'cheque', cheque_number: '1042', cheque_date: received });
    expect(await one(sql`select ordered_at::date::text as day from recurring_transactions where contribution_id = ${contributionId}`)).toEqual({ day: received });
    expect(await state(p.id)).toMatchObject({ cycles: 1, given: 3000, last: 3000 });
  });

  it('refuses bad input with the point of sale\'s words, and changes nothing', async () => {
    const p = await manualProfile();
    const before = await state(p.id);
    const refused = async (body: Record<string, unknown>, message: string) => {
      const res = await staff.post(`/jpanel/recurring/${p.id}/record-payment`, { billing_date: p.next, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(message);
    };
    await refused({ payment_type: 'check', check_date: today }, posCompleteMessages.checkNumber);
    await refused({ payment_type: 'check', check_number: '7' }, posCompleteMessages.checkDate);
    await refused({ payment_type: 'check', check_number: '7', check_date: today, amount: '0' }, posCompleteMessages.checkAmount);
    await refused({ payment_type: 'other' }, posCompleteMessages.otherReference);
    await refused({ payment_type: 'cash', amount: '0' }, recurringChangeMessages.amount);
    await refused({ payment_type: 'cash', amount: '10.001' }, 'decimal');
    await refused({ payment_type: 'card' }, posCompleteMessages.invalidType);
    await refused({ payment_type: 'cash', received_on: 'June 31, 2026' }, 'Date is invalid.');
    await refused({ payment_type: 'cash', received_on: addDays(today, 1) }, recurringRecordMessages.futureDate);
    expect(await state(p.id)).toEqual(before);
  });

  it('needs the charge permission, and a manual profile with no saved method', async () => {
    const p = await manualProfile();
    const before = await state(p.id);
    expect((await editor.post(`/jpanel/recurring/${p.id}/record-payment`, { billing_date: p.next, payment_type: 'cash' })).statusCode).toBe(403);
    await db().execute(sql`update recurring_payment_profiles set is_manual = false where id = ${p.id}`);
    const scheduled = await staff.post(`/jpanel/recurring/${p.id}/record-payment`, { billing_date: p.next, payment_type: 'cash' });
    expect(scheduled.statusCode).toBe(409);
    expect(scheduled.json().message).toBe(recurringRecordMessages.notManual(p.ref));
    expect(await state(p.id)).toEqual(before);
  });
});
