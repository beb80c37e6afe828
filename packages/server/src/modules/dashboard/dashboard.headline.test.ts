import type { DashboardHeadline } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { generateDashboardData, TIME_ZONE } from './dashboard.test-data.ts';

/**
 * Issue 41: the dashboard's headline figures, as of a given day (never today's date), against SQL
 * written here from the generated rows: paid, not test, spam or deleted, net of refunds, in US
 * dollars at each contribution's own rate, by the calendar day in the organisation's zone.
 */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  await generateDashboardData(t.database);
  ({ agent: admin } = await signedIn(t));
}, 120_000);

const rows = (q: SQL) => queryRows(t.database.db, q);
const localDay = sql.raw(`(c.ordered_at at time zone '${TIME_ZONE}')::date`);
const COUNTED = sql`c.paid_at is not null and not c.is_test and not c.is_spam and c.deleted_at is null`;

async function headline(on: string, agent = admin): Promise<DashboardHeadline> {
  const response = await agent.get(`/jpanel/dashboard/headline.json?on=${on}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardHeadline;
}

async function raised(from: string, to: string) {
  const [row] = await rows(sql`
    select coalesce(sum(case when c.total_amount = 0 then 0
             else round(c.functional_total_amount::numeric * (c.total_amount - c.refunded_amount) / c.total_amount) end), 0)::int as cents,
           count(*)::int as gifts
      from contributions c where ${COUNTED} and ${localDay} between ${from}::date and ${to}::date`);
  return { raised: Number(row?.cents) / 100, gifts: Number(row?.gifts) };
}

describe('dashboard headline figures', () => {
  it('are the month and the year to the day against a year before, gifts, donors and recurring giving', async () => {
    const figures = await headline('2025-03-31');
    expect(figures.on).toBe('2025-03-31');
    expect(figures.org_currency).toBe('USD');
    const month = await raised('2025-03-01', '2025-03-31');
    expect(month.gifts).toBeGreaterThan(10);
    expect(figures.money?.month).toMatchObject({ from: '2025-03-01', to: '2025-03-31', gifts: month.gifts });
    expect(figures.money?.month.raised).toBeCloseTo(month.raised, 2);
    const year = await raised('2025-01-01', '2025-03-31');
    expect(figures.money?.year.gifts).toBe(year.gifts);
    expect(figures.money?.year.raised).toBeCloseTo(year.raised, 2);
    expect(year.gifts).toBeGreaterThan(month.gifts);
    expect(figures.money?.month_last_year).toEqual({ from: '2024-03-01', to: '2024-03-31', raised: 0, gifts: 0 });

    const [donors] = await rows(sql`select count(*)::int as n from (
        select c.supporter_id, min(${localDay}) as first from contributions c where ${COUNTED} and c.supporter_id is not null group by 1) f
      where f.first between '2025-03-01' and '2025-03-31'`);
    expect(figures.new_donors).toBe(donors?.n);

    const [monthly] = await rows(sql`select count(distinct supporter_id)::int as n from recurring_payment_profiles
      where deleted_at is null and billing_period = 'monthly' and start_date between '2025-03-01' and '2025-03-31'`);
    expect(figures.new_monthly_donors).toBe(monthly?.n);
    const [active] = await rows(sql`select count(*)::int as n from recurring_payment_profiles where deleted_at is null and status = 'Active'`);
    // Every generated profile is $10.00 a month.
    expect(figures.monthly_recurring).toBeCloseTo(Number(active?.n) * 10, 2);
  });

  it('counts the month of a day in the middle of it only to that day', async () => {
    const figures = await headline('2025-03-10');
    const part = await raised('2025-03-01', '2025-03-10');
    expect(figures.money?.month.gifts).toBe(part.gifts);
    expect(figures.money?.month.raised).toBeCloseTo(part.raised, 2);
  });

  it('shows each figure only with its chart\'s permission, and refuses a day that is not one', async () => {
    const { agent: dashboardOnly } = await signedIn(t, { permissions: ['dashboard.view'] });
    expect(await headline('2025-03-31', dashboardOnly)).toMatchObject({ money: null, new_donors: null, new_monthly_donors: null, monthly_recurring: null });
    const { agent: none } = await signedIn(t, { permissions: ['order.view'] });
    expect((await none.get('/jpanel/dashboard/headline.json?on=2025-03-31')).statusCode).toBe(403);
    for (const on of ['2025-02-30', 'soon', '']) {
      const response = await admin.get(`/jpanel/dashboard/headline.json?on=${on}`);
      expect(response.statusCode, on).toBe(422);
    }
  });
});
