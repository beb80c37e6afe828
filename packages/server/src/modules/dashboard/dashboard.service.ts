import { bucketFor, type DashboardChart, type DashboardChartId, type DashboardPeriod } from '@almoner/contracts';
import type { Queryable } from '../../db/client.ts';
import {
  accountGrowth, bestSellers, engagement, memberSignups, memberTypes, recurringStatus, type Row, sponsorsBreakdown,
  sponsorshipsBreakdown,
} from './dashboard.counts.ts';
import { categoryRevenue, type MoneyChart, productSales, sales30Day } from './dashboard.money.ts';
import { donorRetentionYears } from '../reports/retention.report.ts';

type Series = DashboardChart['series'];
const one = (key: string, label: string): Series => [{ key, label }];

/** A chart of counts: the rows, their series, and whether the period is over time (bucketed). */
function countChart(chart: DashboardChartId, period: DashboardPeriod, series: Series, rows: Row[], overTime: boolean): DashboardChart {
  return {
    chart, from: period.from, to: period.to, bucket: overTime ? bucketFor(period.from, period.to) : null,
    series, rows, empty: isEmpty(rows), money: null,
  };
}

function moneyChart(chart: DashboardChartId, period: DashboardPeriod, series: Series, data: MoneyChart, overTime: boolean): DashboardChart {
  return {
    chart, from: period.from, to: period.to, bucket: overTime ? bucketFor(period.from, period.to) : null,
    series, rows: data.rows, empty: data.byCurrency.every((t) => t.amount === 0) && isEmpty(data.rows),
    money: { org_currency: data.orgCurrency, by_currency: data.byCurrency },
  };
}

const isEmpty = (rows: Row[]) => rows.every((r) => Object.values(r.values).every((v) => v === 0));

/** One chart of the dashboard over `period` (the route has checked the user may see it). */
export async function getDashboardChart(q: Queryable, chart: DashboardChartId, period: DashboardPeriod): Promise<DashboardChart> {
  switch (chart) {
    case 'product-sales':
      return moneyChart(chart, period, one('sales', 'Sales'), await productSales(q, period), true);
    case 'sales-30-day': {
      const data = await sales30Day(q, period);
      return moneyChart(chart, data.period, [{ key: 'one_time', label: 'One-time' }, { key: 'recurring', label: 'Recurring' }], data, true);
    }
    case 'category-revenue':
      return moneyChart(chart, period, one('revenue', 'Revenue'), await categoryRevenue(q, period), false);
    case 'member-signups':
      return countChart(chart, period, one('signups', 'Signups'), await memberSignups(q, period), true);
    case 'member-types':
      return countChart(chart, period, one('supporters', 'Supporters'), await memberTypes(q, period), false);
    case 'account-growth':
      return countChart(chart, period, one('supporters', 'Supporters'), await accountGrowth(q, period), true);
    case 'recurring-status':
      return countChart(chart, period, one('profiles', 'Profiles'), await recurringStatus(q, period), false);
    case 'sponsorships':
      return countChart(chart, period, one('sponsees', 'Sponsees'), await sponsorshipsBreakdown(q, period), false);
    case 'sponsors':
      return countChart(chart, period, [{ key: 'started', label: 'Started' }, { key: 'ended', label: 'Ended' }], await sponsorsBreakdown(q, period), false);
    case 'engagement':
      return countChart(chart, period, one('carts', 'Carts'), await engagement(q, period), false);
    case 'best-sellers':
      return countChart(chart, period, one('quantity', 'Units sold'), await bestSellers(q, period), false);
    case 'donor-retention': {
      // The report's own rows (one derivation): the five years to the period's last day.
      const years = await donorRetentionYears(q, { year: Number(period.to.slice(0, 4)), years: 5 });
      const rows = years.map((y) => ({ label: String(y.year), values: { new_donors: y.new_donors, retained: y.retained, recovered: y.recovered, lapsed: y.lapsed } }));
      const series = [{ key: 'new_donors', label: 'New' }, { key: 'retained', label: 'Retained' }, { key: 'recovered', label: 'Recovered' }, { key: 'lapsed', label: 'Lapsed' }];
      return countChart(chart, period, series, rows, false);
    }
  }
}
