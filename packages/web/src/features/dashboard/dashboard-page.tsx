import { DASHBOARD_PERMISSION } from '@almoner/contracts';
import { Alert, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { HomePage } from '../../app/home-page.tsx';
import { useCan } from '../../app/session.ts';
import { WithOrgToday } from '../../app/with-org-today.tsx';
import { HeadlineFigures } from './headline-figures.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { readPeriod } from './period.ts';

// The chart library is the heaviest code on the page: the welcome and the picker show first.
const DashboardCharts = lazy(async () => ({
  default: (await import('./dashboard-charts.tsx')).DashboardCharts,
}));

/** The landing page of /jpanel: the welcome, the dashboard's charts for a period, then the plan and shortcuts. */
export function DashboardPage() {
  const can = useCan();
  return (
    <HomePage>
      {can(DASHBOARD_PERMISSION) && (
        <WithOrgToday>{(today) => <Dashboard today={today} />}</WithOrgToday>
      )}
    </HomePage>
  );
}

/** The charts' period counts from the organisation's today, not the browser's. */
function Dashboard({ today }: { today: string }) {
  const [params, setParams] = useSearchParams();
  const { period, error } = readPeriod(params, today);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Dashboard
        </Title>
        <PeriodPicker
          period={period}
          error={error}
          today={today}
          onChange={(next) => setParams({ from: next.from, to: next.to })}
        />
      </Group>
      {error ? (
        <Alert color="yellow" title="Choose a valid period">
          {error}
        </Alert>
      ) : (
        <HeadlineFigures on={period.to} />
      )}
      {error ? null : (
        <Suspense
          fallback={
            <Center h={200}>
              <Loader aria-label="Loading charts" />
            </Center>
          }
        >
          <DashboardCharts period={period} />
        </Suspense>
      )}
    </Stack>
  );
}
