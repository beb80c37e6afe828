import { type DashboardHeadline, formatAmount, formatDate } from '@almoner/contracts';
import { Alert, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from './api.ts';
import { formatCount } from './format.ts';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** "+12% on a year before", "−3% …", or what the year before had when it had nothing to compare. */
function comparison(now: number, before: number, currency: string): string {
  if (before === 0) return 'Nothing raised the same days a year before';
  const change = Math.round(((now - before) / before) * 100);
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${Math.abs(change)}% on ${formatAmount(before, currency)} a year before`;
}

/**
 * One figure as a term and its description: the value is large, but it is not a heading (axe's
 * p-as-heading rule reads a bold, large paragraph as one), so the markup says what it is.
 */
function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <dl style={{ margin: 0 }}>
        <Text component="dt" size="xs" c="dimmed" fw={500} tt="uppercase">
          {label}
        </Text>
        <Text component="dd" m={0} fw={700} fz={24} lh={1.3}>
          {value}
        </Text>
        {note && (
          <Text component="dd" m={0} size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </dl>
    </Paper>
  );
}

/**
 * The first row of the dashboard (issue 41): what a charity reads first, as of the period's last
 * day. Each figure shows only when the server sends it (the user may see its data).
 */
export function HeadlineFigures({ on }: { on: string }) {
  const query = useQuery({
    queryKey: [...dashboardKeys.all, 'headline', on],
    queryFn: ({ signal }) => api<DashboardHeadline>(`/jpanel/dashboard/headline.json?on=${on}`, { signal }),
    placeholderData: (previous) => previous,
  });
  if (query.isError) return <Alert color="red" title="The headline figures could not be loaded.">{query.error.message}</Alert>;
  const h = query.data;
  if (!h) return <Skeleton h={96} radius="md" />;
  const money = (n: number) => formatAmount(n, h.org_currency);
  const month = MONTH.format(new Date(`${h.on}T00:00:00Z`));
  const year = h.on.slice(0, 4);
  const asOf = `to ${formatDate(h.on)}`;
  return (
    <SimpleGrid component="section" cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="sm" aria-label="Headline figures">
      {h.money && (
        <>
          <Figure label={`Raised in ${month}`} value={money(h.money.month.raised)} note={comparison(h.money.month.raised, h.money.month_last_year.raised, h.org_currency)} />
          <Figure label={`Raised in ${year}`} value={money(h.money.year.raised)} note={comparison(h.money.year.raised, h.money.year_last_year.raised, h.org_currency)} />
          <Figure label={`Gifts in ${month}`} value={formatCount(h.money.month.gifts)} note={asOf} />
        </>
      )}
      {h.new_donors !== null && <Figure label={`New donors in ${month}`} value={formatCount(h.new_donors)} note="First gift this month" />}
      {h.new_monthly_donors !== null && <Figure label="New monthly donors" value={formatCount(h.new_monthly_donors)} note={`Started in ${month}`} />}
      {h.monthly_recurring !== null && <Figure label="Monthly recurring" value={money(h.monthly_recurring)} note="Active profiles, a month's worth" />}
    </SimpleGrid>
  );
}
