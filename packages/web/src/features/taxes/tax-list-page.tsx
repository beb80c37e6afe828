import { formatDate, formatRate } from '@almoner/contracts';
import { Anchor, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useTaxRates } from './api.ts';

/** Settings › Taxes: each rate with where it applies and to how many products. */
export function TaxListPage() {
  const rates = useTaxRates();
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2}>Taxes</Title>
          <Text size="sm" c="dimmed">
            A tax is charged on the products it is linked to when the order&apos;s tax address is in one of its regions.
          </Text>
        </Stack>
        <Button component={Link} to="/settings/taxes/new" leftSection={<IconPlus size={16} />}>
          Add tax
        </Button>
      </Group>
      {rates.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {rates.error && <LoadErrorAlert error={rates.error} />}
      {rates.data && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th>Applies in</Table.Th>
                <Table.Th ta="right">Products</Table.Th>
                <Table.Th>Last changed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.data.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/settings/taxes/${r.id}`} fw={500}>
                      {r.code}
                    </Anchor>
                    {r.description && (
                      <Text size="xs" c="dimmed">
                        {r.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatRate(r.rate)}</Table.Td>
                  <Table.Td>
                    {r.city ? `${r.city} — ` : ''}
                    {r.regions.map((g) => g.name).join('; ')}
                  </Table.Td>
                  <Table.Td ta="right">{r.product_ids.length}</Table.Td>
                  <Table.Td>{formatDate(r.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
              {rates.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      No taxes yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
