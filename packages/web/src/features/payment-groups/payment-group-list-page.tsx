import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { usePaymentGroups } from './api.ts';

/** Payment groups: named sets of ways to pay (sponsorships choose one). */
export function PaymentGroupListPage() {
  const groups = usePaymentGroups();
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between">
        <Title order={2}>Payment groups</Title>
        <Button component={Link} to="/payment-groups/new" leftSection={<IconPlus size={16} />}>
          Add payment group
        </Button>
      </Group>
      {groups.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {groups.error && <LoadErrorAlert error={groups.error} />}
      {groups.data && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">Options</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.data.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/payment-groups/${g.id}`} fw={500}>
                      {g.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{g.options}</Table.Td>
                </Table.Tr>
              ))}
              {groups.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    <Text c="dimmed" size="sm">
                      No payment groups yet.
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
