import { dashboardCharts, dashboardMessages, type DashboardChart, type DashboardChartId } from '@almoner/contracts';
import { Alert, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type Period, useDashboardChart } from './api.ts';
import { CurrencyTable } from './currency-table.tsx';

export const CHART_HEIGHT = 240;

type Props = { chart: DashboardChartId; period: Period; children: (data: DashboardChart) => ReactNode };

/**
 * One chart's card: title, what it counts, then the chart, its empty state, or why it failed.
 * Money charts add the per-currency table under the chart.
 */
export function ChartCard({ chart, period, children }: Props) {
  const info = dashboardCharts[chart];
  const query = useDashboardChart(chart, period);
  const titleId = useId();
  const data = query.data;
  return (
    <Paper component="section" aria-labelledby={titleId} data-chart={chart} withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Group justify="space-between" wrap="nowrap">
            <Title id={titleId} order={3} size="h5">
              {info.title}
            </Title>
            {query.isFetching && <Loader size="xs" aria-label={`Loading ${info.title}`} />}
          </Group>
          <Text size="xs" c="dimmed">
            {info.description}
          </Text>
        </div>
        {query.isError ? (
          <Alert color="red" title={dashboardMessages.loadFailed}>
            {query.error instanceof ApiError ? query.error.message : null}
          </Alert>
        ) : !data ? (
          <Center h={CHART_HEIGHT}>
            <Loader size="sm" />
          </Center>
        ) : data.empty ? (
          <Center h={CHART_HEIGHT} data-empty>
            <Stack align="center" gap={6}>
              <ThemeIcon variant="light" color="gray" size={40} radius="xl" aria-hidden>
                <IconChartBar size={22} />
              </ThemeIcon>
              <Text size="sm" c="dimmed" ta="center">
                {info.empty}
              </Text>
            </Stack>
          </Center>
        ) : (
          <>
            <div role="img" aria-label={`${info.title} chart`}>
              {children(data)}
            </div>
            {data.money && data.money.by_currency.length > 0 && <CurrencyTable chart={data} title={info.title} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
