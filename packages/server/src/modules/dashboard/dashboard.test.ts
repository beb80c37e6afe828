import { DASHBOARD_CHARTS, type DashboardChart, dashboardMessages, messages, toDecimal } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { type Agent, createTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { generateDashboardData, PERIOD, TIME_ZONE } from './dashboard.test-data.ts';

/**
 * Every chart's figures against SQL written here, independently of the service's queries: the
 * expected numbers come from plain per-row arithmetic on the generated data (refunds, four
 * currencies, rows that must not count), grouped by the calendar day in the organisation's zone.
 */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  await generateDashboardData(t.database);
  ({ agent: admin } = await signedIn(t));
}, 120_000);

const rows = (q: SQL) => queryRows(t.database.db, q);
const tz = sql.raw(`'${TIME_ZONE}'`);
const localDay = (column: string) => sql.raw(`to_char((${column} at time zone '${TIME_ZONE}')::date, 'YYYY-MM-DD')`);
const inMarch = (column: string) => sql.raw(`(${column} at time zone '${TIME_ZONE}')::date between '2025-03-01' and '2025-03-31'`);

async function chart(name: string, period: Record<string, string> = PERIOD, agent = admin): Promise<DashboardChart> {
  const response = await agent.get(`/jpanel/dashboard/${name}.json?${new URLSearchParams(period).toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardChart;
}

/** A chart's rows as { label: { series: value } }. */
const table = (c: DashboardChart) => Object.fromEntries(c.rows.map((r) => [r.label, r.values]));
const marchDays = Array.from({ length: 31 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`);

/**
 * Per contribution line (or whole contribution): its value left after refunds, in its currency
 * and in US dollars (the organisation currency) at its own rate. Contributions that count: paid,
 * neither test nor spam nor deleted.
 */
const LINE_FACTS = sql`
  select c.id, c.currency_code as currency, c.functional_exchange_rate as rate, c.ordered_at, c.is_recurring,
         i.product_id, i.total as line,
         i.total::numeric * (c.total_amount - c.refunded_amount) / nullif(c.total_amount, 0) as native_exact,
         i.total::numeric * (c.functional_total_amount::numeric / nullif(c.total_amount, 0))
           * ((c.total_amount - c.refunded_amount)::numeric / nullif(c.total_amount, 0)) as org_exact
    from contribution_items i join contributions c on c.id = i.contribution_id
   where c.paid_at is not null and c.is_test = false and c.is_spam = false and c.deleted_at is null`;

describe('dashboard charts against independent SQL', () => {
  it('product sales: per day in dollars, and per currency', async () => {
    const c = await chart('product-sales');
    expect(c.bucket).toBe('day');
    expect(c.rows.map((r) => r.label)).toEqual(marchDays);
    const perDay = await rows(sql`select ${localDay('f.ordered_at')} as day, sum(round(coalesce(f.org_exact, 0)))::bigint as org
      from (${LINE_FACTS}) f where f.product_id is not null and ${inMarch('f.ordered_at')} group by 1`);
    const expected = Object.fromEntries(marchDays.map((d) => [d, { sales: 0 }]));
    for (const r of perDay) expected[String(r.day)] = { sales: toDecimal(String(r.org), 'USD') };
    expect(table(c)).toEqual(expected);

    const perCurrency = await rows(sql`select f.currency, sum(round(coalesce(f.native_exact, 0)))::bigint as amount,
        sum(round(coalesce(f.org_exact, 0)))::bigint as org, count(distinct f.id)::int as n, min(f.rate)::text as lo, max(f.rate)::text as hi
      from (${LINE_FACTS}) f where f.product_id is not null and ${inMarch('f.ordered_at')} group by 1 order by 1`);
    expect(perCurrency.length).toBeGreaterThanOrEqual(3);
    expect(c.money?.org_currency).toBe('USD');
    expect(c.money?.by_currency).toEqual(perCurrency.map((r) => ({
      label: null, series: 'sales', currency: r.currency, amount: toDecimal(String(r.amount), String(r.currency)),
      org_amount: toDecimal(String(r.org), 'USD'), rate_min: r.lo, rate_max: r.hi, contributions: r.n,
    })));
    // Never a sum of mixed currencies: the dollars are the sum of each currency's dollars.
    const orgTotal = c.rows.reduce((s, r) => s + Math.round((r.values.sales ?? 0) * 100), 0);
    expect(orgTotal).toBe((c.money?.by_currency ?? []).reduce((s, r) => s + Math.round(r.org_amount * 100), 0));
  });

  it('30-day sales: one-time and recurring contributions of the 30 days to the end, net of refunds', async () => {
    const c = await chart('sales-30-day');
    expect([c.from, c.to, c.bucket]).toEqual(['2025-03-02', '2025-03-31', 'day']);
    const facts = await rows(sql`
      select ${localDay('c.ordered_at')} as day, c.is_recurring, c.currency_code as currency,
             sum(round(case when c.total_amount = 0 then 0 else c.functional_total_amount::numeric * (c.total_amount - c.refunded_amount) / c.total_amount end))::bigint as org,
             sum(c.total_amount - c.refunded_amount)::bigint as amount
        from contributions c
       where c.paid_at is not null and c.is_test = false and c.is_spam = false and c.deleted_at is null
         and (c.ordered_at at time zone ${tz})::date between '2025-03-02' and '2025-03-31'
       group by 1, 2, 3`);
    const expected = Object.fromEntries(marchDays.slice(1).map((d) => [d, { one_time: 0, recurring: 0 }]));
    const currencies = new Map<string, number>();
    for (const r of facts) {
      const values = expected[String(r.day)] as Record<string, number>;
      const key = r.is_recurring ? 'recurring' : 'one_time';
      values[key] = Math.round(((values[key] ?? 0) + toDecimal(String(r.org), 'USD')) * 100) / 100;
      const ck = `${key} ${String(r.currency)}`;
      currencies.set(ck, (currencies.get(ck) ?? 0) + Number(r.amount));
    }
    expect(table(c)).toEqual(expected);
    expect(Object.fromEntries((c.money?.by_currency ?? []).map((b) => [`${b.series} ${b.currency}`, b.amount]))).toEqual(
      Object.fromEntries([...currencies].map(([k, v]) => [k, toDecimal(v, k.split(' ')[1] as string)])),
    );
  });

  it('category revenue: per category, in dollars and per currency', async () => {
    const c = await chart('category-revenue');
    const expected = await rows(sql`select pc.name, sum(round(coalesce(f.org_exact, 0)))::bigint as org
      from (${LINE_FACTS}) f join product_category_links l on l.product_id = f.product_id join product_categories pc on pc.id = l.category_id
      where ${inMarch('f.ordered_at')} group by pc.name having sum(round(coalesce(f.org_exact, 0))) <> 0 order by 2 desc, 1`);
    expect(c.rows).toEqual(expected.map((r) => ({ label: r.name, values: { revenue: toDecimal(String(r.org), 'USD') } })));
    const books = (c.money?.by_currency ?? []).filter((b) => b.label === 'Dash Books');
    const [booksExpected] = await rows(sql`select sum(round(coalesce(f.native_exact, 0)))::bigint as yen
      from (${LINE_FACTS}) f join product_category_links l on l.product_id = f.product_id join product_categories pc on pc.id = l.category_id
      where pc.name = 'Dash Books' and f.currency = 'JPY' and ${inMarch('f.ordered_at')}`);
    expect(books.find((b) => b.currency === 'JPY')?.amount ?? 0).toBe(Number(booksExpected?.yen ?? 0));
  });

  it('best sellers: the top five products by units, fully refunded contributions left out', async () => {
    const c = await chart('best-sellers');
    const expected = await rows(sql`select p.name, sum(i.qty)::int as units
      from contribution_items i join contributions c on c.id = i.contribution_id join products p on p.id = i.product_id
      where c.paid_at is not null and c.is_test = false and c.is_spam = false and c.deleted_at is null
        and c.refunded_amount < c.total_amount and ${inMarch('c.ordered_at')}
      group by p.id, p.name order by 2 desc, 1 limit 5`);
    expect(expected.length).toBe(5);
    expect(c.rows).toEqual(expected.map((r) => ({ label: r.name, values: { quantity: r.units } })));
  });

  it('engagement: online carts started in the period by how far they got', async () => {
    const c = await chart('engagement');
    const [e] = await rows(sql`select
        sum(case when paid_at is null and payment_status is null and total_items = 0 then 1 else 0 end)::int as empty,
        sum(case when paid_at is null and payment_status is null and total_items > 0 then 1 else 0 end)::int as items,
        sum(case when paid_at is null and payment_status in ('failed', 'pending', 'succeeded') then 1 else 0 end)::int as checkout,
        sum(case when paid_at is not null then 1 else 0 end)::int as done
      from contributions where is_pos = false and is_test = false and is_spam = false and deleted_at is null and ${inMarch('started_at')}`);
    expect(table(c)).toEqual({
      'Empty Carts': { carts: e?.empty }, 'Carts w/ Items': { carts: e?.items },
      'In Checkout': { carts: e?.checkout }, 'Completed Contributions': { carts: e?.done },
    });
  });

  it('member signups, member types and account growth', async () => {
    const signups = await chart('member-signups');
    const perDay = await rows(sql`select ${localDay('created_at')} as day, count(*)::int as n from supporters
      where is_spam = false and ${inMarch('created_at')} group by 1`);
    const expected = Object.fromEntries(marchDays.map((d) => [d, { signups: 0 }]));
    for (const r of perDay) expected[String(r.day)] = { signups: Number(r.n) };
    expect(table(signups)).toEqual(expected);

    const types = await chart('member-types');
    const perType = await rows(sql`select coalesce(a.name, 'No type') as name, count(*)::int as n from supporters s
      left join account_types a on a.id = s.account_type_id where s.is_spam = false and ${inMarch('s.created_at')} group by 1`);
    expect(table(types)).toEqual(Object.fromEntries(perType.map((r) => [r.name, { supporters: r.n }])));

    const growth = await chart('account-growth');
    const onRecord = await rows(sql`select d::date::text as day, (select count(*) from supporters s where s.is_spam = false
        and (s.created_at at time zone ${tz})::date <= d::date)::int as n
      from generate_series('2025-03-01'::date, '2025-03-31'::date, interval '1 day') d`);
    expect(table(growth)).toEqual(Object.fromEntries(onRecord.map((r) => [r.day, { supporters: r.n }])));
  });

  it('recurring status, sponsorships and sponsors breakdowns', async () => {
    const status = await chart('recurring-status');
    const perStatus = await rows(sql`select status, count(*)::int as n from recurring_payment_profiles
      where deleted_at is null and start_date >= '2025-03-01' and start_date <= '2025-03-31' group by 1`);
    const counts = Object.fromEntries(perStatus.map((r) => [r.status, r.n]));
    expect(table(status)).toEqual(Object.fromEntries(['Active', 'Suspended', 'Cancelled', 'Expired'].map((s) => [s, { profiles: counts[s] ?? 0 }])));

    const sponsorships = await chart('sponsorships');
    const perSponsee = await rows(sql`select sp.id, count(so.id)::int as n from sponsorships sp
      left join sponsors so on so.sponsorship_id = sp.id and so.deleted_at is null and so.started_at <= '2025-03-31'
        and coalesce(so.ended_at, '9999-12-31') > '2025-03-31'
      where sp.deleted_at is null and sp.enrollment_date <= '2025-03-31' group by sp.id`);
    const byCount = [0, 0, 0, 0];
    for (const r of perSponsee) byCount[Math.min(Number(r.n), 3)]! += 1;
    expect(sponsorships.rows.map((r) => r.values.sponsees)).toEqual(byCount);

    const sponsors = await chart('sponsors');
    const bySource = await rows(sql`select coalesce(source, 'Not recorded') as source,
        count(*) filter (where started_at between '2025-03-01' and '2025-03-31')::int as started,
        count(*) filter (where ended_at between '2025-03-01' and '2025-03-31')::int as ended
      from sponsors where deleted_at is null group by 1`);
    expect(table(sponsors)).toEqual(Object.fromEntries(bySource.filter((r) => Number(r.started) + Number(r.ended) > 0)
      .map((r) => [r.source, { started: r.started, ended: r.ended }])));
  });
});

describe('dashboard periods and permissions', () => {
  it('answers every chart for a period with no data as empty', async () => {
    for (const name of DASHBOARD_CHARTS) {
      const c = await chart(name, { from: '2010-01-01', to: '2010-01-31' });
      expect(c.empty, name).toBe(true);
      if (c.money) expect(c.money.by_currency, name).toEqual([]);
    }
  });

  it('buckets a long period by week or month', async () => {
    expect((await chart('member-signups', { from: '2025-01-01', to: '2025-06-30' })).bucket).toBe('week');
    const months = await chart('account-growth', { from: '2024-01-15', to: '2025-12-31' });
    expect(months.bucket).toBe('month');
    expect(months.rows[0]?.label).toBe('2024-01-15');
    expect(months.rows[1]?.label).toBe('2024-02-01');
    expect(months.rows).toHaveLength(24);
  });

  it('refuses a bad period with a clear message, never a 500', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ from: '2025-02-30', to: '2025-03-31' }, 'from', messages.date],
      [{ from: '2025-03-01', to: 'yesterday' }, 'to', messages.date],
      [{ from: '2025-03-31', to: '2025-03-01' }, 'to', dashboardMessages.order],
      [{ from: '2020-01-01', to: '2025-03-01' }, 'to', dashboardMessages.tooLong],
      [{ from: '2025-03-01\u0000', to: '2025-03-02' }, 'from', messages.invalidCharacter],
      [{ to: '2025-03-02' }, 'from', messages.date],
    ];
    for (const [query, field, message] of cases) {
      const response = await admin.get(`/jpanel/dashboard/product-sales.json?${new URLSearchParams(query).toString()}`);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect((response.json() as { errors: Record<string, string[]> }).errors[field]?.[0], JSON.stringify(query)).toBe(message);
    }
    const repeated = await admin.get('/jpanel/dashboard/product-sales.json?from=2025-03-01&from=2025-03-02&to=2025-03-31');
    expect(repeated.statusCode).toBe(422);
  });

  it('answers only the charts whose data the user may see, and none without the dashboard permission', async () => {
    const { agent: members } = await signedIn(t, { permissions: ['dashboard.view', 'member.view'] });
    expect((await members.get('/jpanel/dashboard/member-signups.json?from=2025-03-01&to=2025-03-31')).statusCode).toBe(200);
    for (const name of ['product-sales', 'sales-30-day', 'recurring-status', 'sponsorships', 'best-sellers']) {
      expect((await members.get(`/jpanel/dashboard/${name}.json?from=2025-03-01&to=2025-03-31`)).statusCode, name).toBe(403);
    }
    const { agent: noDashboard } = await signedIn(t, { permissions: ['member.view', 'order.view'] });
    expect((await noDashboard.get('/jpanel/dashboard/member-signups.json?from=2025-03-01&to=2025-03-31')).statusCode).toBe(403);
  });
});
