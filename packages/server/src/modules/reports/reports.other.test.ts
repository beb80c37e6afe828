import { toMinor } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { expectTotals, independent, usdCents } from './reports.test-support.ts';
import { generateReportData } from './reports.test-data.ts';

let t: TestApp;
let agent: Agent;
const PAID = `c.paid_at is not null and c.deleted_at is null and not c.is_spam`;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  await generateReportData(t.database.db, 300, 'oth');
}, 120_000);

describe('orders by product', () => {
  it('groups each product\'s paid lines, amounts in USD at each line\'s rate, as an independent query does', async () => {
    const answer = (await agent.post('/jpanel/reports/products.ajax', {})).json();
    const rows = await independent(t, `select i.product_id as id, count(distinct c.id) as n, sum(i.qty) as qty,
        sum(${usdCents('i.total', 'c.functional_exchange_rate', 'c.currency_code')}) as org
      from contribution_items i, contributions c where c.id = i.contribution_id and ${PAID} group by i.product_id`);
    expect(answer.data).toHaveLength(rows.length);
    for (const row of rows) {
      const line = answer.data.find((r: { id: number }) => r.id === Number(row.id));
      expect(line.contributions).toBe(Number(row.n));
      expect(line.qty).toBe(Number(row.qty));
      expect(toMinor(line.org_amount, 'USD')).toBe(Number(row.org));
    }
    const orgs = answer.data.map((r: { org_amount: number }) => r.org_amount);
    expect(orgs).toEqual([...orgs].sort((a: number, b: number) => b - a));
    const totals = await independent(t, `select c.currency_code as cur, count(*) as n, sum(i.total) as amount,
        sum(${usdCents('i.total', 'c.functional_exchange_rate', 'c.currency_code')}) as org_amount
      from contribution_items i, contributions c where c.id = i.contribution_id and ${PAID} group by 1 order by 1`);
    expectTotals(answer.totals, totals, ['amount']);
  });

  it('applies the date range before grouping', async () => {
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const answer = (await agent.post('/jpanel/reports/products.ajax', { from })).json();
    const [row] = await independent(t, `select count(distinct c.id) as n from contribution_items i, contributions c
      where c.id = i.contribution_id and ${PAID} and c.ordered_at >= '${from}'::date`);
    expect(answer.data.reduce((s: number, r: { contributions: number }) => s + r.contributions, 0)).toBe(Number(row!.n));
  });
});

describe('product orders', () => {
  it('lists the product\'s paid contributions with total_qty, order_count and total_sales', async () => {
    const [product] = await independent(t, `select min(id) as id from products`);
    const id = Number(product!.id);
    const answer = (await agent.post(`/jpanel/products/${id}/contributions.ajax`, {})).json();
    const [row] = await independent(t, `select count(distinct c.id) as n, sum(i.qty) as qty,
        sum(${usdCents('i.total', 'c.functional_exchange_rate', 'c.currency_code')}) as org
      from contribution_items i, contributions c where c.id = i.contribution_id and i.product_id = ${id} and ${PAID}`);
    expect(answer.stats.order_count).toBe(Number(row!.n));
    expect(answer.stats.total_qty).toBe(Number(row!.qty));
    expect(toMinor(answer.stats.total_sales, 'USD')).toBe(Number(row!.org));
    expect(answer.recordsFiltered).toBe(Number(row!.n));
    expect((await agent.post('/jpanel/products/999999/contributions.ajax', {})).statusCode).toBe(404);
  });
});

describe('platform fees', () => {
  it('answers the month\'s fees with summary_data and dcc_total equal to independent sums', async () => {
    const period = new Date().toISOString().slice(0, 7);
    const answer = (await agent.post('/jpanel/reports/platform-fees.json', { period })).json();
    const [count] = await independent(t, `select count(*) as n from transaction_fees where period = '${period}'`);
    expect(answer.recordsFiltered).toBe(Number(count!.n));
    const summary = await independent(t, `select f.currency_code as cur, coalesce(p.platform_fee_type, rp.platform_fee_type) as type,
        count(f.payment_id) as payments, count(f.refund_id) as refunds, sum(f.settlement_amount) as settled
      from transaction_fees f left join payments p on p.id = f.payment_id left join refunds r on r.id = f.refund_id left join payments rp on rp.id = r.payment_id
      where f.period = '${period}' group by 1, 2`);
    expect(answer.summary_data).toHaveLength(summary.length);
    for (const row of summary) {
      const line = answer.summary_data.find((s: { currency: string; fees_type: string }) => s.currency === row.cur && s.fees_type === row.type);
      expect(line.payments_count).toBe(Number(row.payments));
      expect(line.refunds_count).toBe(Number(row.refunds));
      expect(toMinor(line.total_amount, 'USD')).toBe(Number(row.settled));
      expect(line.fees_rate).toBe(2.5);
    }
    const [dcc] = await independent(t, `select coalesce(sum(case when t.id is not null then ${usdCents('t.dcc_amount', 't.functional_rate', 't.currency_code')}
        else ${usdCents('c.dcc_amount', 'c.functional_exchange_rate', 'c.currency_code')} end), 0) as dcc
      from payments p join payment_links l on l.payment_id = p.id left join recurring_transactions t on t.id = l.recurring_transaction_id
      left join contributions c on c.id = l.contribution_id
      where p.status in ('succeeded', 'pending') and to_char(p.created_at at time zone 'UTC', 'YYYY-MM') = '${period}'`);
    const [fees] = await independent(t, `select coalesce(sum(settlement_amount), 0) as n from transaction_fees where period = '${period}'`);
    expect(toMinor(answer.dcc_total.dcc_collected, 'USD')).toBe(Number(dcc!.dcc));
    expect(toMinor(answer.dcc_total.platform_fees, 'USD')).toBe(Number(fees!.n));
    expect(toMinor(answer.dcc_total.extra, 'USD')).toBe(Math.max(0, Number(dcc!.dcc) - Number(fees!.n)));
    const totals = await independent(t, `select currency_code as cur, count(*) as n, sum(amount) as amount,
        sum(${usdCents('amount', 'exchange_rate', 'currency_code')}) as org_amount from transaction_fees where period = '${period}' group by 1 order by 1`);
    expectTotals(answer.totals, totals, ['amount']);
    expect((await agent.post('/jpanel/reports/platform-fees.json', { period: '2024-13' })).statusCode).toBe(422);
  });
});

describe('donor covers costs', () => {
  it('lists every covered line with stats (totals, average, conversions) equal to independent sums', async () => {
    const answer = (await agent.post('/jpanel/reports/donor-covers-costs.json', {})).json();
    const lines = await independent(t, `
      select c.currency_code as cur, i.dcc_amount as dcc, i.total + i.dcc_amount as line, c.functional_exchange_rate as rate
        from contribution_items i, contributions c
       where c.id = i.contribution_id and i.dcc_amount > 0 and c.refunded_amount = 0 and c.payment_status in ('succeeded', 'pending') and not c.is_spam and c.deleted_at is null
         and c.id not in (select contribution_id from recurring_transactions where contribution_id is not null)
      union all
      select currency_code, dcc_amount, amount, functional_rate from recurring_transactions
       where dcc_amount > 0 and refunded_amount = 0 and payment_status in ('succeeded', 'pending')`);
    expect(answer.recordsFiltered).toBe(lines.length);
    const [sum] = await independent(t, `select sum(${usdCents('dcc', 'rate', 'cur')}) as dcc from (
      select c.currency_code as cur, i.dcc_amount as dcc, c.functional_exchange_rate as rate from contribution_items i, contributions c
       where c.id = i.contribution_id and i.dcc_amount > 0 and c.refunded_amount = 0 and c.payment_status in ('succeeded', 'pending') and not c.is_spam and c.deleted_at is null
      union all select currency_code, dcc_amount, functional_rate from recurring_transactions where dcc_amount > 0 and refunded_amount = 0 and payment_status in ('succeeded', 'pending')) x`);
    expect(answer.stats.totals.count).toBe(lines.length);
    expect(toMinor(answer.stats.totals.dcc, 'USD')).toBe(Number(sum!.dcc));
    expect(answer.stats.totals.text).toBe(`${lines.length} Contributions with DCC`);
    const [conv] = await independent(t, `select count(*) as eligible, count(*) filter (where c.dcc_amount > 0) as converted from contributions c
      where ${PAID} and c.refunded_amount = 0 and exists (select 1 from contribution_items i where i.contribution_id = c.id and i.dcc_eligible)`);
    expect(answer.stats.conversions).toMatchObject({ eligible: Number(conv!.eligible), converted: Number(conv!.converted) });
    expect(answer.stats.conversions.text).toBe(`${Number(conv!.converted)} out of ${Number(conv!.eligible)} Contributions Eligible for DCC`);
  });
});

describe('impact by supporter', () => {
  it('adds each supporter\'s gifts and purchases in USD and what their referrals gave', async () => {
    const answer = (await agent.post('/jpanel/reports/impact-by-supporter.json', { length: 100 })).json();
    const counted = `c.paid_at is not null and c.deleted_at is null and not c.is_test and not c.is_spam and c.refunded_amount < c.total_amount`;
    const rows = await independent(t, `select c.supporter_id as id,
        sum(${usdCents('i.total', 'c.functional_exchange_rate', 'c.currency_code')}) filter (where i.is_donation) as donation,
        sum(${usdCents('i.total', 'c.functional_exchange_rate', 'c.currency_code')}) filter (where not i.is_donation) as purchase
      from contributions c join contribution_items i on i.contribution_id = c.id where ${counted} group by 1`);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const line = answer.data.find((r: { id: number }) => r.id === Number(row.id));
      expect(toMinor(line.donation_amount, 'USD')).toBe(Number(row.donation ?? 0));
      expect(toMinor(line.purchase_amount, 'USD')).toBe(Number(row.purchase ?? 0));
    }
    const [referrer] = await independent(t, `select referred_by_supporter_id as id, count(*) as n from supporters where referred_by_supporter_id is not null group by 1`);
    const line = answer.data.find((r: { id: number }) => r.id === Number(referrer!.id));
    expect(line.referred_count).toBe(Number(referrer!.n));
    const donations = answer.data.map((r: { donation_amount: number }) => r.donation_amount);
    expect(donations).toEqual([...donations].sort((a: number, b: number) => b - a));
  });
});

describe('abandoned carts', () => {
  it('lists unpaid, non-POS carts with totals per currency and in USD', async () => {
    const answer = (await agent.post('/jpanel/contributions/abandoned_carts.ajax', {})).json();
    const rows = await independent(t, `select currency_code as cur, count(*) as n, sum(total_amount) as amount,
        sum(${usdCents('total_amount', 'functional_exchange_rate', 'currency_code')}) as org_amount
      from contributions where paid_at is null and not is_pos and deleted_at is null and not is_spam and total_items > 0 group by 1 order by 1`);
    expectTotals(answer.totals, rows, ['amount']);
    expect(answer.recordsFiltered).toBe(rows.reduce((s, r) => s + Number(r.n), 0));
    expect(answer.data[0]._url).toMatch(/^\/jpanel\/contributions\/\d+$/);
  });
});
