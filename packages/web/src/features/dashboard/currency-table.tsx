import { type DashboardChart, toDecimal, toMinor } from '@almoner/contracts';
import { Box, Table, Text } from '@mantine/core';
import { formatAmount, formatRate } from './format.ts';

/**
 * Money never adds up across currencies on screen either: each currency's own total, the same
 * in the organisation currency, and the rate(s) the contributions were converted at.
 */
export function CurrencyTable({ chart, title }: { chart: DashboardChart; title: string }) {
  const money = chart.money;
  // One currency in use, the organisation's: the chart's own figures say it all (issue 41).
  if (!money || money.by_currency.every((t) => t.currency === money.org_currency)) return null;
  const seriesLabel = new Map(chart.series.map((s) => [s.key, s.label]));
  const showSeries = chart.series.length > 1;
  const showLabel = money.by_currency.some((t) => t.label !== null);
  // Every row is in the organisation currency here, so adding them is adding one currency.
  const orgTotal = toDecimal(money.by_currency.reduce((sum, t) => sum + toMinor(t.org_amount, money.org_currency), 0), money.org_currency);
  return (
    // A narrow screen scrolls the table sideways; the region takes focus so a keyboard can scroll it too.
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${title} by currency`}>
      <Table miw={360} fz="xs" verticalSpacing={4} striped>
        <Table.Thead>
          <Table.Tr>
            {showLabel && <Table.Th>Category</Table.Th>}
            {showSeries && <Table.Th>Kind</Table.Th>}
            <Table.Th>Currency</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">In {money.org_currency}</Table.Th>
            <Table.Th>Rate used</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {money.by_currency.map((t) => (
            <Table.Tr key={`${t.label ?? ''}-${t.series}-${t.currency}`}>
              {showLabel && <Table.Td>{t.label}</Table.Td>}
              {showSeries && <Table.Td>{seriesLabel.get(t.series) ?? t.series}</Table.Td>}
              <Table.Td>{t.currency}</Table.Td>
              <Table.Td ta="right">{formatAmount(t.amount, t.currency)}</Table.Td>
              <Table.Td ta="right">{formatAmount(t.org_amount, money.org_currency)}</Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed" component="span">
                  {formatRate(t, money.org_currency)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={(showLabel ? 1 : 0) + (showSeries ? 1 : 0) + 2}>Total in {money.org_currency}</Table.Th>
            <Table.Th ta="right">{formatAmount(orgTotal, money.org_currency)}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Box>
  );
}
