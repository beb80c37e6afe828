import type { DashboardChart, DashboardChartId } from '@almoner/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type Period = { from: string; to: string };

export const dashboardKeys = {
  all: ['dashboard'] as const,
  chart: (chart: DashboardChartId, period: Period) => [...dashboardKeys.all, chart, period.from, period.to] as const,
};

/** One chart over a period; each chart loads (and fails) on its own. */
export function useDashboardChart(chart: DashboardChartId, period: Period, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.chart(chart, period),
    queryFn: ({ signal }) =>
      api<DashboardChart>(`/jpanel/dashboard/${chart}.json?${new URLSearchParams(period).toString()}`, { signal }),
    // Keep the previous period's chart on screen while the next one loads.
    placeholderData: (previous) => previous,
    retry: false,
  });
}
