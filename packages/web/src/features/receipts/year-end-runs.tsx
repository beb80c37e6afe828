import { formatAmount, formatDate, formatDateTime } from '@almoner/contracts';
import { Anchor, Badge, Paper, Progress, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useYearEndRuns } from './year-end-api.ts';

const statusColor = { queued: 'gray', running: 'blue', completed: 'teal', failed: 'red' } as const;

/** Recent year-end runs with their progress (polled while one is under way). */
export function YearEndRuns() {
  const runs = useYearEndRuns();
  const data = runs.data?.data ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Year-end runs">
      <Title order={3} size="h4" mb="sm">
        Runs
      </Title>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {runs.isPending ? 'Loading…' : 'No year-end run yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Period</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th ta="right">Issued</Table.Th>
                <Table.Th ta="right">Totals</Table.Th>
                <Table.Th>Started by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {formatDate(r.from)} – {formatDate(r.to)}
                    {r.currency ? ` · ${r.currency}` : ''}
                    {r.min_amount ? ` · from ${r.min_amount}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColor[r.status]}>
                      {r.status}
                    </Badge>
                    {r.error && (
                      <Text size="xs" c="red.8">
                        {r.error}{' '}
                        <Anchor component={Link} to="/jobs" size="xs">
                          Background jobs
                        </Anchor>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td miw={120}>
                    <Progress value={r.progress} aria-label={`Run for ${formatDate(r.from)} to ${formatDate(r.to)}: ${r.progress}%`} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {r.issued} of {r.planned}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {r.totals.length ? r.totals.map((t) => formatAmount(t.amount, t.currency_code)).join(' · ') : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.created_by ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(r.created_at)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
