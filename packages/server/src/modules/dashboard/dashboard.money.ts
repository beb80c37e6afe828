import { type DashboardCurrencyTotal, type DashboardPeriod, toDecimal } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { keptAmountSql } from '../contributions/contributions.status.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { bucketOf, bucketsSql, inPeriod, type PeriodSql, periodSql } from './dashboard.period.ts';

/**
 * Contributions a money chart counts: paid, not test, not spam, not deleted. Refunds and disputes
 * count by subtracting: each contribution adds what it keeps (keptAmountSql: total − refunded −
 * disputed), so a fully refunded one adds nothing, and its organisation-currency share is at its
 * own rate.
 */
export const COUNTED = sql.raw(`c.paid_at is not null and not c.is_test and not c.is_spam and c.deleted_at is null`);

/** A minor-unit amount `of` the contribution's total, less the refunded and disputed share, in its currency. */
function netShare(of: SQL): SQL {
  return sql`(case when c.total_amount = 0 then 0
    else round(${of}::numeric * ${keptAmountSql} / c.total_amount) end)`;
}

/** The same share in the organisation currency, at the contribution's own rate (functional total). */
export function orgNetShare(of: SQL): SQL {
  return sql`(case when c.total_amount = 0 then 0
    else round(${of}::numeric * c.functional_total_amount * ${keptAmountSql}
               / (c.total_amount::numeric * c.total_amount)) end)`;
}

/** One money fact per contribution line or contribution: where it goes and what it is worth. */
type FactsQuery = { label: SQL; series: SQL; amount: SQL; from: SQL; where: SQL };

type Grouped = { label: string; series: string; currency: string; amount: number; org: number; rateMin: string; rateMax: string; count: number };

async function groupFacts(q: Queryable, f: FactsQuery): Promise<Grouped[]> {
  const rows = await queryRows(q, sql`
    select ${f.label} as label, ${f.series} as series, c.currency_code as currency,
           sum(${netShare(f.amount)})::text as amount, sum(${orgNetShare(f.amount)})::text as org,
           min(c.functional_exchange_rate)::text as rate_min, max(c.functional_exchange_rate)::text as rate_max,
           count(distinct c.id)::int as n
      from ${f.from}
     where ${COUNTED} and ${f.where}
     group by 1, 2, 3`);
  return rows.map((r) => ({
    label: String(r.label), series: String(r.series), currency: String(r.currency),
    amount: Number(r.amount), org: Number(r.org), rateMin: String(r.rate_min), rateMax: String(r.rate_max), count: Number(r.n),
  }));
}

const byRate = (a: string, b: string) => Number(a) - Number(b);

/** Per (label?, series, currency) totals; `keepLabel` false folds the rows of every bucket together. */
function currencyTotals(groups: Grouped[], orgCurrency: string, keepLabel: boolean): DashboardCurrencyTotal[] {
  const totals = new Map<string, Grouped>();
  for (const g of groups) {
    const key = `${keepLabel ? g.label : ''}\u0001${g.series}\u0001${g.currency}`;
    const t = totals.get(key);
    if (!t) totals.set(key, { ...g });
    else {
      t.amount += g.amount;
      t.org += g.org;
      t.count += g.count;
      if (byRate(g.rateMin, t.rateMin) < 0) t.rateMin = g.rateMin;
      if (byRate(g.rateMax, t.rateMax) > 0) t.rateMax = g.rateMax;
    }
  }
  return [...totals.values()]
    .sort((a, b) => (keepLabel ? a.label.localeCompare(b.label) : 0) || a.series.localeCompare(b.series) || a.currency.localeCompare(b.currency))
    .map((t) => ({
      label: keepLabel ? t.label : null, series: t.series, currency: t.currency,
      amount: toDecimal(t.amount, t.currency), org_amount: toDecimal(t.org, orgCurrency),
      rate_min: t.rateMin, rate_max: t.rateMax, contributions: t.count,
    }));
}

export type MoneyChart = {
  rows: { label: string; values: Record<string, number> }[];
  orgCurrency: string;
  byCurrency: DashboardCurrencyTotal[];
};

/** Rows (in the organisation currency) for every label in `labels` (or every label found), zeros kept. */
function moneyRows(groups: Grouped[], series: string[], orgCurrency: string, labels: string[] | null) {
  const sums = new Map<string, Record<string, number>>();
  for (const label of labels ?? []) sums.set(label, Object.fromEntries(series.map((s) => [s, 0])));
  for (const g of groups) {
    const values = sums.get(g.label) ?? Object.fromEntries(series.map((s) => [s, 0]));
    values[g.series] = (values[g.series] ?? 0) + g.org;
    sums.set(g.label, values);
  }
  return [...sums.entries()].map(([label, values]) => ({
    label,
    values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, toDecimal(v, orgCurrency)])),
  }));
}

async function bucketLabels(q: Queryable, p: PeriodSql): Promise<string[]> {
  const rows = await queryRows(q, sql`select label from (${bucketsSql(p)}) b order by label`);
  return rows.map((r) => String(r.label));
}

/** Product sales: every product line, net of refunds, by the contribution's order date. */
export async function productSales(q: Queryable, period: DashboardPeriod): Promise<MoneyChart> {
  const p = periodSql(period);
  const { currency } = await getOrgMoneySettings(q);
  const groups = await groupFacts(q, {
    label: bucketOf(p, sql`c.ordered_at`), series: sql`'sales'`, amount: sql`i.total`,
    from: sql`contributions c join contribution_items i on i.contribution_id = c.id`,
    where: sql`i.product_id is not null and ${inPeriod(p, sql`c.ordered_at`)}`,
  });
  return { rows: moneyRows(groups, ['sales'], currency, await bucketLabels(q, p)), orgCurrency: currency, byCurrency: currencyTotals(groups, currency, false) };
}

/** The 30 days that end on the period's last day, day by day. */
export function last30Days(period: DashboardPeriod): DashboardPeriod {
  const end = Date.parse(`${period.to}T00:00:00Z`);
  return { from: new Date(end - 29 * 86_400_000).toISOString().slice(0, 10), to: period.to };
}

/** 30-day sales: whole contributions, net of refunds, one-time or recurring (a charge or the order that started it). */
export async function sales30Day(q: Queryable, period: DashboardPeriod): Promise<MoneyChart & { period: DashboardPeriod }> {
  const window = last30Days(period);
  const p = periodSql(window);
  const { currency } = await getOrgMoneySettings(q);
  const groups = await groupFacts(q, {
    label: bucketOf(p, sql`c.ordered_at`),
    series: sql`case when c.is_recurring then 'recurring' else 'one_time' end`,
    amount: sql`c.total_amount`,
    from: sql`contributions c`,
    where: inPeriod(p, sql`c.ordered_at`),
  });
  return {
    rows: moneyRows(groups, ['one_time', 'recurring'], currency, await bucketLabels(q, p)),
    orgCurrency: currency, byCurrency: currencyTotals(groups, currency, false), period: window,
  };
}

/**
 * What was raised in a period: whole contributions, net of refunds, in the organisation currency
 * (minor units), and how many gifts. The same facts as the 30-day sales chart, summed: the
 * dashboard's headline figures and that chart cannot disagree.
 */
export async function raisedIn(q: Queryable, period: DashboardPeriod): Promise<{ org: number; gifts: number }> {
  const p = periodSql(period);
  const groups = await groupFacts(q, {
    label: sql`''`, series: sql`''`, amount: sql`c.total_amount`, from: sql`contributions c`, where: inPeriod(p, sql`c.ordered_at`),
  });
  return groups.reduce((sum, g) => ({ org: sum.org + g.org, gifts: sum.gifts + g.count }), { org: 0, gifts: 0 });
}

/** Category revenue: product lines, net of refunds; a product in two categories counts in both. */
export async function categoryRevenue(q: Queryable, period: DashboardPeriod): Promise<MoneyChart> {
  const p = periodSql(period);
  const { currency } = await getOrgMoneySettings(q);
  const groups = await groupFacts(q, {
    label: sql`pc.name`, series: sql`'revenue'`, amount: sql`i.total`,
    from: sql`contributions c join contribution_items i on i.contribution_id = c.id
      join product_category_links l on l.product_id = i.product_id
      join product_categories pc on pc.id = l.category_id`,
    where: inPeriod(p, sql`c.ordered_at`),
  });
  const rows = moneyRows(groups, ['revenue'], currency, null)
    .filter((r) => (r.values.revenue ?? 0) !== 0)
    .sort((a, b) => (b.values.revenue ?? 0) - (a.values.revenue ?? 0) || a.label.localeCompare(b.label));
  return { rows, orgCurrency: currency, byCurrency: currencyTotals(groups, currency, true) };
}
