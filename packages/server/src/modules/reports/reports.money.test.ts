import { toMinor } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { exportThroughApi } from '../lists/exports.test-support.ts';
import { allRows, expectTotals, independent, parseCsv, usdCents } from './reports.test-support.ts';
import { generateReportData } from './reports.test-data.ts';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  await generateReportData(t.database.db, 300, 'mny');
  // Text a spreadsheet would run as a formula, in columns the CSVs export.
  await independent(t, `update recurring_transactions set reason_code = '+1 555 0100' where id = (select min(id) from recurring_transactions)`);
  await independent(t, `update payments set failure_message = '=cmd|calc' where status = 'failed' and id = (select min(id) from payments where status = 'failed')`);
}, 120_000);

describe('transaction history', () => {
  const url = '/jpanel/reports/transactions.ajax';
  const sums = (where: string) =>
    independent(t, `select currency_code as cur, count(*) as n, sum(amount) as amount, sum(refunded_amount) as refunded,
                           sum(${usdCents('amount', 'functional_rate', 'currency_code')}) as org_amount,
                           sum(${usdCents('refunded_amount', 'functional_rate', 'currency_code')}) as org_refunded
                      from recurring_transactions where ${where} group by currency_code order by currency_code`);

  it('totals every charge per currency and in USD, refunds included, as an independent sum does', async () => {
    const answer = (await agent.post(url, {})).json();
    expect(answer.data).toHaveLength(50);
    expect(answer.recordsFiltered).toBe(60);
    const rows = await sums('true');
    expect(rows.length).toBe(3);
    expect(rows.some((r) => Number(r.refunded) > 0)).toBe(true);
    expectTotals(answer.totals, rows, ['amount', 'refunded']);
  });

  it('filters by status and currency, and sorts by amount', async () => {
    const refunded = (await agent.post(url, { status: 'refunded' })).json();
    expectTotals(refunded.totals, await sums('refunded_amount > 0'), ['amount', 'refunded']);
    const failedEur = (await agent.post(url, { status: 'failed', currency: 'EUR' })).json();
    expectTotals(failedEur.totals, await sums(`payment_status = 'failed' and refunded_amount = 0 and currency_code = 'EUR'`), ['amount', 'refunded']);
    const sorted = (await agent.post(url, { order: [{ column: 7, dir: 'asc' }], currency: 'USD' })).json();
    const amounts = sorted.data.map((r: { amount: number }) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('exports exactly the listed rows as strict CSV', async () => {
    const listed = await allRows(agent, url, { currency: 'EUR' });
    const csv = await agent.get('/jpanel/reports/transactions.csv?currency=EUR');
    expect(csv.statusCode).toBe(200);
    const records = parseCsv(csv.body, ['ID', 'Amount', 'Exchange Rate', 'Organisation Currency Amount', 'Refunded Amount']);
    expect(records.map((r) => Number(r.ID))).toEqual(listed.map((r) => r.id));
    expect(records.map((r) => toMinor(r.Amount!, 'EUR'))).toEqual(listed.map((r) => toMinor(r.amount as number, 'EUR')));
    const all = parseCsv((await agent.get('/jpanel/reports/transactions.csv')).body, ['ID', 'Amount', 'Exchange Rate', 'Organisation Currency Amount', 'Refunded Amount']);
    expect(all.some((r) => r.Response === "'+1 555 0100")).toBe(true);
  });
});

describe('payments', () => {
  const url = '/jpanel/reports/payments.ajax';
  const sums = (where: string) =>
    independent(t, `select currency_code as cur, count(*) as n, sum(amount) as amount, sum(amount_refunded) as refunded,
                           sum(${usdCents('amount', 'functional_rate', 'currency_code')}) as org_amount,
                           sum(${usdCents('amount_refunded', 'functional_rate', 'currency_code')}) as org_refunded
                      from payments where ${where} group by currency_code order by currency_code`);

  it('totals per currency and in USD, and filters by status and kind', async () => {
    expectTotals((await agent.post(url, {})).json().totals, await sums('true'), ['amount', 'refunded']);
    expectTotals((await agent.post(url, { status: 'refunded' })).json().totals, await sums('amount_refunded > 0 and not is_spam'), ['amount', 'refunded']);
    const failed = (await agent.post(url, { status: 'failed' })).json();
    expectTotals(failed.totals, await sums(`status = 'failed' and not is_spam and amount_refunded = 0`), ['amount', 'refunded']);
    const recurring = (await agent.post(url, { kind: 'recurring' })).json();
    expectTotals(recurring.totals, await sums('exists (select 1 from payment_links l where l.payment_id = payments.id and l.recurring_transaction_id is not null)'), ['amount', 'refunded']);
  });

  it('aggregates what was kept by gateway and brand in USD, as an independent sum does', async () => {
    const aggregate = (await agent.post('/jpanel/reports/payments-aggregate.ajax', {})).json();
    const rows = await independent(t, `select gateway, case lower(card_brand) when 'visa' then 'Visa' when 'mastercard' then 'MasterCard' when 'amex' then 'Amex' else 'Other' end as brand,
        sum(${usdCents('amount - amount_refunded', 'functional_rate', 'currency_code')}) as kept
      from payments where status = 'succeeded' group by 1, 2`);
    for (const row of rows) {
      const line = aggregate.rows.find((r: { gateway: string }) => r.gateway === row.gateway);
      expect(toMinor(line.amounts.find((a: { brand: string }) => a.brand === row.brand).amount, 'USD'), `${String(row.gateway)} ${String(row.brand)}`).toBe(Number(row.kept));
    }
    expect(toMinor(aggregate.total, 'USD')).toBe(rows.reduce((s, r) => s + Number(r.kept), 0));
  });

  it('exports exactly the listed rows, formulas neutralised', async () => {
    const listed = await allRows(agent, url, { status: 'failed' });
    const records = parseCsv((await agent.get('/jpanel/reports/payments.csv?status=failed')).body, ['Transaction', 'Amount', 'Amount Refunded', 'FX Rate', 'Organisation Currency Amount']);
    expect(records.map((r) => Number(r.Transaction))).toEqual(listed.map((r) => r.id));
    expect(records.some((r) => r['Fail Text'] === "'=cmd|calc")).toBe(true);
  });

  it('lists under each status only rows that show that status, a failed payment marked spam included', async () => {
    await independent(t, `update payments set is_spam = true where id = (select max(id) from payments where status = 'failed')`);
    for (const status of ['paid', 'refunded', 'failed', 'spam']) {
      const rows = await allRows(agent, url, { status });
      expect(rows.length, status).toBeGreaterThan(0);
      expect(rows.every((r) => r.status === status), status).toBe(true);
    }
  });
});

describe('payments by item', () => {
  const url = '/jpanel/reports/payments-by-item.ajax';
  const sums = (where: string) =>
    independent(t, `select c.currency_code as cur, count(*) as n, sum(i.total) as amount,
                           sum(${usdCents('i.total', 'c.functional_exchange_rate', 'c.currency_code')}) as org_amount
                      from contribution_items i, contributions c
                     where c.id = i.contribution_id and c.payment_status is not null and ${where}
                     group by c.currency_code order by c.currency_code`);

  it('totals each line per currency and in USD, and filters by status and product', async () => {
    expectTotals((await agent.post(url, {})).json().totals, await sums('true'), ['amount']);
    expectTotals((await agent.post(url, { status: 'failed' })).json().totals, await sums(`c.payment_status = 'failed'`), ['amount']);
    const [product] = await independent(t, `select min(id) as id from products`);
    expectTotals((await agent.post(url, { product_id: product!.id })).json().totals, await sums(`i.product_id = ${Number(product!.id)}`), ['amount']);
  });

  it('exports exactly the listed rows, formulas neutralised', async () => {
    const listed = await allRows(agent, url, { currency: 'JPY' });
    const records = parseCsv((await agent.get('/jpanel/reports/payments-by-item.csv?currency=JPY')).body, ['Qty', 'Price', 'Amount', 'FX Rate', 'Organisation Currency Amount']);
    expect(records.map((r) => r.Contribution)).toEqual(listed.map((r) => r.contribution));
    // The invoice number stays in the export as the reference.
    expect(records.every((r) => Boolean(r.Reference) && !r.Reference?.startsWith('#'))).toBe(true);
    expect(records.map((r) => Number(r.Amount))).toEqual(listed.map((r) => r.amount));
    expect(records.some((r) => r['Billing First Name'] === `'=HYPERLINK("x")`)).toBe(true);
  });
});

describe('background exports', () => {
  // The job writes the same file the CSV route streams, for the same filters: every row, no cap.
  it.each([
    ['transactions_report', '/jpanel/reports/transactions.csv', { currency: 'EUR' }],
    ['payments_report', '/jpanel/reports/payments.csv', { status: 'failed' }],
    ['payments_by_item_report', '/jpanel/reports/payments-by-item.csv', {}],
  ] as const)('%s exports exactly what its CSV route lists', async (list, csvUrl, filters) => {
    const { raw, records } = await exportThroughApi(t, agent, list, filters);
    const query = new URLSearchParams(filters as Record<string, string>).toString();
    const streamed = await agent.get(`${csvUrl}${query ? `?${query}` : ''}`);
    expect(records.length).toBeGreaterThan(0);
    expect(raw).toBe(streamed.body);
  });

  it('is refused to staff without the report permission', async () => {
    const { agent: clerk } = await signedIn(t, { permissions: ['order.view'] });
    expect((await clerk.post('/jpanel/exports', { list: 'payments_report', params: {} })).statusCode).toBe(403);
  });
});

describe('permissions and bad input', () => {
  it('refuses staff without the report permission and answers 422 for a bad filter', async () => {
    const { agent: clerk } = await signedIn(t, { permissions: ['order.view'] });
    expect((await clerk.post('/jpanel/reports/payments.ajax', {})).statusCode).toBe(403);
    expect((await clerk.get('/jpanel/reports/transactions.csv')).statusCode).toBe(403);
    const bad = await agent.post('/jpanel/reports/transactions.ajax', { from: '2024-02-30' });
    expect(bad.statusCode).toBe(422);
  });
});
