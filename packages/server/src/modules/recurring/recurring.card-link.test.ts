import { randomUUID } from 'node:crypto';
import { cardUpdateMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway } from '../../integrations/payments/sandbox/sandbox-gateway.ts';
import { queryRows } from '../../listing/engine.ts';
import { Agent, createTestApp, signedIn, testConfig, type TestApp } from '../../test/test-app.ts';
import { encrypt } from '../auth/crypto.ts';
import { dayInZone } from '../money/money.convert.ts';
import { cardToken, makeSupporter } from '../pos/pos.complete.fixtures.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { signCardLink } from './recurring.card-link.ts';
import { noticeExpiringCards } from './recurring.job.ts';
import { addDays } from './recurring.schedule.ts';

let t: TestApp;
let staff: Agent;
let today: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t, { permissions: ['recurringpaymentprofile.view', 'recurringpaymentprofile.edit', 'recurringpaymentprofile.charge'] })).agent;
  today = dayInZone(new Date(), (await getOrgMoneySettings(db())).timeZone);
});

/** An Active monthly profile of a new supporter paid by a saved card expiring `expiry` ([year, month]). */
async function profile(card = '4242424242424242', expiry: [number, number] = [2039, 12]) {
  const supporterId = await makeSupporter(db());
  const email = `card-${supporterId}@example.org`;
  await db().execute(sql`update supporters set email = ${email} where id = ${supporterId}`);
  const saved = await createSandboxGateway(db()).savePaymentMethod({ token: await cardToken(db(), card), idempotencyKey: `test-save:${randomUUID()}` });
  const [m] = await queryRows(db(), sql`
    insert into payment_methods (supporter_id, status, token, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, currency_code)
    values (${supporterId}, 'ACTIVE', ${encrypt(testConfig.appKey, saved.reference)}, 'card', ${saved.brand}, ${saved.last4}, ${expiry[1]}, ${expiry[0]}, 'USD') returning id`);
  const next = addDays(today, 5);
  const [p] = await queryRows(db(), sql`
    insert into recurring_payment_profiles (profile_id, status, supporter_id, payment_method_id, start_date, billing_period, currency_code, amount, next_billing_date, next_attempt_date)
    values (${`RP-L${randomUUID().slice(0, 8)}`}, 'Active', ${supporterId}, ${Number(m?.id)}, ${today}, 'monthly', 'USD', 2000, ${next}, ${next}) returning id, profile_id`);
  return { id: Number(p?.id), ref: String(p?.profile_id), email, next, methodId: Number(m?.id) };
}

const mailsTo = async (to: string) => queryRows(db(), sql`select subject, text from mail_outbox where to_address = ${to} order by id`);
const linkIn = (text: unknown) => /\/jpanel\/update-card\/([A-Za-z0-9_.-]+)/.exec(String(text))?.[1] ?? '';

describe("the donor's link to update their card", () => {
  it('is sent by staff; the page names the gift and its card; a new card goes on the gift, once', async () => {
    const p = await profile();
    const sent = await staff.post(`/jpanel/recurring/${p.id}/card-link`);
    expect(sent.json()).toEqual({ message: cardUpdateMessages.sent(p.ref) });
    const [mail] = await mailsTo(p.email);
    expect(mail?.text).toContain('As you asked, here is your link');
    const token = linkIn(mail?.text);
    const visitor = new Agent(t.app);
    const view = (await visitor.get(`/jpanel/api/v1/update-card/${token}`)).json();
    expect(view).toMatchObject({ profile_number: p.ref, amount: 20, currency: 'USD', schedule: 'Monthly', current_card: 'Visa ending 4242' });

    const capture = await cardToken(db(), '5555555555554444');
    const answer = await visitor.post(`/jpanel/api/v1/update-card/${token}`, { token: capture });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(cardUpdateMessages.saved('Mastercard ending 4444'));
    const page = (await staff.get(`/jpanel/recurring/${p.id}`)).json();
    expect(page.payment_method).toBe('Mastercard ending 4444');
    // The page sent again with the same capture token keeps the card once.
    expect((await visitor.post(`/jpanel/api/v1/update-card/${token}`, { token: capture })).statusCode).toBe(200);
    const methods = await queryRows(db(), sql`select count(*)::int as n from payment_methods m join recurring_payment_profiles rp on rp.supporter_id = m.supporter_id where rp.id = ${p.id}`);
    expect(methods[0]?.n).toBe(2);
  });

  it('refuses a changed or expired link, and a gift that has ended', async () => {
    const p = await profile();
    const { token } = signCardLink(testConfig.appKey, p.id);
    const tampered = `${token.slice(0, -2)}xx`;
    expect((await t.app.inject({ method: 'GET', url: `/jpanel/api/v1/update-card/${tampered}` })).json().message).toBe(cardUpdateMessages.linkInvalid);
    const old = signCardLink(testConfig.appKey, p.id, Date.now() - 40 * 86_400_000).token;
    expect((await t.app.inject({ method: 'GET', url: `/jpanel/api/v1/update-card/${old}` })).json().message).toBe(cardUpdateMessages.linkExpired);
    await db().execute(sql`update recurring_payment_profiles set status = 'Cancelled' where id = ${p.id}`);
    expect((await t.app.inject({ method: 'GET', url: `/jpanel/api/v1/update-card/${token}` })).statusCode).toBe(404);
    expect((await staff.post(`/jpanel/recurring/${p.id}/card-link`)).json().message).toBe(cardUpdateMessages.cannotSend(p.ref));
  });

  it('is e-mailed on the first decline of a period', async () => {
    const p = await profile('4000000000000002');
    expect((await staff.post(`/jpanel/recurring/${p.id}/charge`, { billing_date: p.next })).json().outcome).toBe('declined');
    const mails = await mailsTo(p.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('We could not charge Visa ending 0002');
    expect(linkIn(mails[0]?.text)).not.toBe('');
  });

  it('is e-mailed once when the card on file expires this month, however often the job runs', async () => {
    const [year, month] = today.split('-').map(Number) as [number, number];
    const p = await profile('4242424242424242', [year, month]);
    await noticeExpiringCards(t.database, today);
    await noticeExpiringCards(t.database, today);
    const mails = await mailsTo(p.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('expires this month');
  });
});
