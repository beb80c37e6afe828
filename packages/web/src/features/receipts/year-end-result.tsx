import { YEAR_END_SKIP_REASONS, type YearEndDryRun, formatAmount, formatDate, yearEndSkipLabels } from '@almoner/contracts';
import { Anchor, Badge, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

/** A dry run's answer: what would be issued (totals per currency, never summed across them) and who would be skipped. */
export function DryRunResult({ dry }: { dry: YearEndDryRun }) {
  const skippedShown = dry.skipped.length;
  return (
    <Paper withBorder p="md" radius="md" aria-label="Dry run result" component="section">
      <Stack gap="md">
        <Title order={3} size="h4">
          Dry run: {formatDate(dry.from)} to {formatDate(dry.to)}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Stat label="Receipts to issue" value={dry.receipts} />
          <Stat label="Donors" value={dry.donors} />
          <Stat label="Gifts covered" value={dry.gifts} />
          <Stat label="Donors skipped" value={dry.skipped_total} />
        </SimpleGrid>
        {dry.totals.length > 0 && (
          <Table verticalSpacing="xs" aria-label="Totals by currency" maw={480}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Currency</Table.Th>
                <Table.Th ta="right">Receipts</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dry.totals.map((t) => (
                <Table.Tr key={t.currency_code}>
                  <Table.Td>{t.currency_code}</Table.Td>
                  <Table.Td ta="right">{t.receipts}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatAmount(t.amount, t.currency_code)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group gap="xs">
          {YEAR_END_SKIP_REASONS.map((reason) => (
            <Badge key={reason} variant="light" color={dry.skipped_counts[reason] ? 'orange' : 'gray'}>
              {yearEndSkipLabels[reason]}: {dry.skipped_counts[reason]}
            </Badge>
          ))}
          {dry.below_minimum > 0 && (
            <Badge variant="light" color="gray">
              Below the minimum: {dry.below_minimum}
            </Badge>
          )}
        </Group>
        {skippedShown > 0 && (
          <Stack gap={4}>
            <Title order={4} size="h5">
              Donors who would be skipped
            </Title>
            {/* A long list scrolls in place, so the totals and the Issue button stay in view. */}
            <Box mah={420} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label="Skipped donors, scrollable">
              <Table verticalSpacing="xs" aria-label="Donors who would be skipped" stickyHeader miw={480}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Donor</Table.Th>
                    <Table.Th>Currency</Table.Th>
                    <Table.Th>Why</Table.Th>
                    <Table.Th ta="right">Gifts</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {dry.skipped.map((s) => (
                    <Table.Tr key={`${s.supporter_id}-${s.currency_code}`}>
                      <Table.Td>
                        <Anchor component={Link} to={`/supporters/${s.supporter_id}`} size="sm">
                          {s.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{s.currency_code}</Table.Td>
                      <Table.Td>{yearEndSkipLabels[s.reason]}</Table.Td>
                      <Table.Td ta="right">{s.gifts}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
            {dry.skipped_total > skippedShown && (
              <Text size="sm" c="dimmed">
                The first {skippedShown} of {dry.skipped_total} are shown.
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
