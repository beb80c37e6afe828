import '@mantine/charts/styles.css';
import { type DashboardChart, type DashboardChartId, dashboardCharts } from '@almoner/contracts';
import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { useCan } from '../../app/session.ts';
import type { Period } from './api.ts';
import { CHART_HEIGHT, ChartCard } from './chart-card.tsx';
import { bucketAxisLabel, formatBucketLong, formatBucketTick, formatCompactMoney, formatCount } from './format.ts';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6'];
const STATUS_COLORS: Record<string, string> = { Active: 'teal.6', Suspended: 'yellow.6', Cancelled: 'red.6', Expired: 'gray.6' };

/** Rows as the chart library wants them: one object per x value. */
const flat = (chart: DashboardChart) => chart.rows.map((r) => ({ label: r.label, ...r.values }));
const seriesOf = (chart: DashboardChart) => chart.series.map((s, i) => ({ name: s.key, label: s.label, color: COLORS[i] ?? 'gray.6' }));

/** Axis and tooltip settings shared by every chart over time. */
function timeAxis(chart: DashboardChart) {
  return {
    dataKey: 'label',
    xAxisLabel: chart.bucket ? bucketAxisLabel[chart.bucket] : undefined,
    xAxisProps: { tickFormatter: (v: string) => formatBucketTick(v, chart.bucket), minTickGap: 16 },
    tooltipProps: { labelFormatter: (v: unknown) => formatBucketLong(String(v), chart.bucket) },
  };
}

function moneyFormat(chart: DashboardChart) {
  const currency = chart.money?.org_currency ?? 'USD';
  return {
    yAxisLabel: `Amount (${currency})`,
    valueFormatter: (v: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(v),
    yAxisProps: { tickFormatter: (v: number) => formatCompactMoney(v, currency), width: 64 },
  };
}

const countFormat = (label: string) => ({ yAxisLabel: label, valueFormatter: formatCount, yAxisProps: { allowDecimals: false } });

function Donut({ chart, colors }: { chart: DashboardChart; colors?: Record<string, string> }) {
  const key = chart.series[0]?.key ?? 'value';
  const data = chart.rows
    .map((r, i) => ({ name: r.label, value: r.values[key] ?? 0, color: colors?.[r.label] ?? COLORS[i % COLORS.length] ?? 'gray.6' }))
    .filter((d) => d.value > 0);
  const total = data.reduce((s, d) => s + d.value, 0);
  return (
    <DonutChart data={data} h={CHART_HEIGHT} mx="auto" withLabelsLine withLabels labelsType="value" chartLabel={`${formatCount(total)} total`}
      withLegend legendProps={{ verticalAlign: 'bottom' }} valueFormatter={formatCount} thickness={28} size={170} />
  );
}

/** How each chart draws its data. */
const renderers: Record<DashboardChartId, (chart: DashboardChart) => React.ReactNode> = {
  'product-sales': (c) => (
    <AreaChart h={CHART_HEIGHT} data={flat(c)} series={seriesOf(c)} curveType="monotone" withLegend {...timeAxis(c)} {...moneyFormat(c)} />
  ),
  'member-signups': (c) => <BarChart h={CHART_HEIGHT} data={flat(c)} series={seriesOf(c)} withLegend {...timeAxis(c)} {...countFormat('Supporters')} />,
  'member-types': (c) => <Donut chart={c} />,
  'recurring-status': (c) => <Donut chart={c} colors={STATUS_COLORS} />,
  sponsorships: (c) => (
    <BarChart h={CHART_HEIGHT} data={flat(c)} dataKey="label" series={seriesOf(c)} withLegend xAxisLabel="Sponsors on the last day" {...countFormat('Sponsees')} />
  ),
  sponsors: (c) => <BarChart h={CHART_HEIGHT} data={flat(c)} dataKey="label" series={seriesOf(c)} withLegend xAxisLabel="Source" {...countFormat('Sponsorships')} />,
  'sales-30-day': (c) => (
    <BarChart h={CHART_HEIGHT} data={flat(c)} type="stacked" series={seriesOf(c)} withLegend {...timeAxis(c)} {...moneyFormat(c)} />
  ),
  'account-growth': (c) => (
    <LineChart h={CHART_HEIGHT} data={flat(c)} series={seriesOf(c)} curveType="monotone" withLegend {...timeAxis(c)} {...countFormat('Supporters')} />
  ),
  engagement: (c) => (
    <BarChart h={CHART_HEIGHT} data={flat(c)} dataKey="label" series={seriesOf(c)} withLegend orientation="vertical"
      yAxisProps={{ width: 150, interval: 0 }} xAxisLabel="Carts" valueFormatter={formatCount} withBarValueLabel />
  ),
  'best-sellers': (c) => (
    <BarChart h={CHART_HEIGHT} data={flat(c)} dataKey="label" series={seriesOf(c)} withLegend orientation="vertical"
      yAxisProps={{ width: 150, interval: 0 }} xAxisLabel="Units sold" valueFormatter={formatCount} withBarValueLabel />
  ),
  'category-revenue': (c) => {
    const money = moneyFormat(c);
    return (
      <BarChart h={Math.max(CHART_HEIGHT, c.rows.length * 26 + 70)} data={flat(c)} dataKey="label" series={seriesOf(c)} withLegend orientation="vertical"
        yAxisProps={{ width: 130, interval: 0 }} xAxisLabel={money.yAxisLabel} valueFormatter={money.valueFormatter}
        xAxisProps={{ tickFormatter: money.yAxisProps.tickFormatter }} />
    );
  },
  'donor-retention': (c) => (
    <BarChart h={CHART_HEIGHT} data={flat(c)} dataKey="label" series={seriesOf(c)} withLegend xAxisLabel="Year" {...countFormat('Donors')} />
  ),
};

/** The charts this user may see (the server refuses the others too), two to a row on wide screens. */
export function DashboardCharts({ period }: { period: Period }) {
  const can = useCan();
  const visible = (Object.keys(renderers) as DashboardChartId[]).filter((id) => can(dashboardCharts[id].permission));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      {visible.map((id) => (
        <ChartCard key={id} chart={id} period={period}>
          {renderers[id]}
        </ChartCard>
      ))}
    </SimpleGrid>
  );
}
