import { type ReportTotals, formatAmount } from '@almoner/contracts';
import { Paper, ScrollArea, Table, Text, Title } from '@mantine/core';

const rateText = (min: string | null, max: string | null) => (min === null ? '—' : min === max ? min : `${min} – ${max}`);

/**
 * A report's totals: one line per currency (its own amounts, the rate or range of rates its rows
 * carry, and the same amounts in the organisation currency), then the organisation-currency
 * sum. Amounts of different currencies are never added.
 */
export function ReportTotalsPanel({ totals }: { totals: ReportTotals | undefined }) {
  if (!totals || totals.currencies.length === 0) return null;
  const org = totals.org_currency;
  return (
    <Paper withBorder radius="md" p="sm">
      <Title order={3} size="h5" mb="xs">
        Totals
      </Title>
      <ScrollArea type="auto">
        <Table miw={600} verticalSpacing={4} aria-label="Totals by currency" data-summary>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Currency</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
              {totals.measures.map((m) => (
                <Table.Th key={m.key} ta="right">
                  {m.label}
                </Table.Th>
              ))}
              <Table.Th ta="right">Rate to {org}</Table.Th>
              {totals.measures.map((m) => (
                <Table.Th key={m.key} ta="right">
                  {m.label} in {org}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.currencies.map((c) => (
              <Table.Tr key={c.currency}>
                <Table.Td>{c.currency}</Table.Td>
                <Table.Td ta="right">{c.count.toLocaleString('en-US')}</Table.Td>
                {totals.measures.map((m) => (
                  <Table.Td key={m.key} ta="right">
                    {formatAmount(c.measures.find((x) => x.key === m.key)?.amount ?? 0, c.currency)}
                  </Table.Td>
                ))}
                <Table.Td ta="right">
                  {rateText(c.rate_min, c.rate_max)}
                  {c.unconverted > 0 && (
                    <Text size="xs" c="orange.8">
                      {c.unconverted} without a rate, left out
                    </Text>
                  )}
                </Table.Td>
                {totals.measures.map((m) => (
                  <Table.Td key={m.key} ta="right">
                    {formatAmount(c.measures.find((x) => x.key === m.key)?.org_amount ?? 0, org)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>All currencies in {org}</Table.Th>
              <Table.Th ta="right">{totals.count.toLocaleString('en-US')}</Table.Th>
              {totals.measures.map((m) => (
                <Table.Th key={m.key} />
              ))}
              <Table.Th />
              {totals.measures.map((m) => (
                <Table.Th key={m.key} ta="right">
                  {formatAmount(totals.org.find((x) => x.key === m.key)?.amount ?? 0, org)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
