import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createSandboxGateway } from '../../integrations/payments/sandbox/sandbox-gateway.ts';
import { createTestApp, signedIn, testConfig, type TestApp } from '../../test/test-app.ts';
import { encrypt } from '../auth/crypto.ts';
import { cardToken, makeSupporter } from '../pos/pos.complete.fixtures.ts';
import { runRecurringBilling } from './recurring.billing.ts';
import { billingDepsFor } from './recurring.job.ts';

/** Issue 10: the billing job's paid charges get a receipt like any other completion (setting on). */
let t: TestApp;
const db = () => t.database.db;
const rows = (q: ReturnType<typeof sql>) => queryRows(db(), q);

beforeAll(async () => {
  t = await createTestApp();
});

/** An Active profile for a receiptable product, charged on `start`, whose first gift asked for `receiptType` receipts. */
async function profile(start: string, receiptType = 'single'): Promise<number> {
  const supporterId = await makeSupporter(db());
  const saved = await createSandboxGateway(db()).savePaymentMethod({ token: await cardToken(db()), idempotencyKey: `test-save:${randomUUID()}` });
  const [m] = await rows(sql`insert into payment_methods (supporter_id, token, type, card_brand, account_last_four, card_expiry_month, card_expiry_year, currency_code)
    values (${supporterId}, ${encrypt(testConfig.appKey, saved.reference)}, 'card', ${saved.brand}, ${saved.last4}, ${saved.expMonth}, ${saved.expYear}, 'USD') returning id`);
  const [product] = await rows(sql`insert into products (name, code, is_tax_receiptable, base_currency) values ('Monthly giving', ${`MG-${randomUUID().slice(0, 6)}`}, true, 'USD') returning id`);
  const [origin] = await rows(sql`insert into contributions (client_uuid, supporter_id, currency_code, functional_currency_code, functional_exchange_rate, functional_total_amount, functional_rate_date, tax_receipt_type)
    values (${randomUUID()}, ${supporterId}, 'USD', 'USD', 1, 0, current_date, ${receiptType}) returning id`);
  const [p] = await rows(sql`
    insert into recurring_payment_profiles (profile_id, status, supporter_id, payment_method_id, product_id, contribution_id, description, start_date, billing_period,
           currency_code, amount, next_billing_date, next_attempt_date)
    values (${`RP-R${randomUUID().slice(0, 8)}`}, 'Active', ${supporterId}, ${m?.id}, ${product?.id}, ${origin?.id}, 'Monthly gift', ${start}, 'monthly', 'USD', 2500, ${start}, ${start})
    returning id`);
  return Number(p?.id);
}

const receiptsOf = (profileId: number) => rows(sql`
  select r.status, r.receipt_type, r.amount::int as amount, l.contribution_id from tax_receipts r join tax_receipt_lines l on l.tax_receipt_id = r.id
   where l.contribution_id in (select id from contributions where recurring_payment_profile_id = ${profileId}) order by r.id`);

describe('receipts for recurring charges', () => {
  it('issues each paid charge its receipt when receipt-on-completion is on, once, and none when it is off or the gift asked for none', async () => {
    const { agent } = await signedIn(t);
    const on = await profile('2027-05-03');
    const none = await profile('2027-05-03', 'none');
    await runRecurringBilling(t.database, billingDepsFor(t.database), '2027-05-03');
    // A second run the same day charges nothing and receipts nothing again.
    await runRecurringBilling(t.database, billingDepsFor(t.database), '2027-05-03');
    const [charge] = await rows(sql`select id from contributions where recurring_payment_profile_id = ${on} and paid_at is not null`);
    expect(await receiptsOf(on)).toEqual([{ status: 'issued', receipt_type: 'single', amount: 2500, contribution_id: Number(charge?.id) }]);
    expect(await receiptsOf(none)).toEqual([]);

    expect((await agent.post('/jpanel/settings', { tax_receipt_on_completion: false })).statusCode).toBe(200);
    await runRecurringBilling(t.database, billingDepsFor(t.database), '2027-06-03');
    expect(await receiptsOf(on)).toHaveLength(1);
    expect((await agent.get('/jpanel/settings.json')).json().values.tax_receipt_on_completion).toBe(false);
    expect((await agent.post('/jpanel/settings', { tax_receipt_on_completion: true })).statusCode).toBe(200);
    await runRecurringBilling(t.database, billingDepsFor(t.database), '2027-07-03');
    expect(await receiptsOf(on)).toHaveLength(2);
  });
});
