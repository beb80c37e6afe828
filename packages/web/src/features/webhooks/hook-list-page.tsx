import { formatDateTime } from '@almoner/contracts';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useWebhooks } from './api.ts';

/** Settings › Webhooks: each hook with its address, events and whether it is on. */
export function HookListPage() {
  const hooks = useWebhooks();
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2}>Webhooks</Title>
          <Text size="sm" c="dimmed">
            Webhooks send a signed POST to another system each time one of the chosen events happens.
          </Text>
        </Stack>
        <Button component={Link} to="/settings/hooks/new" leftSection={<IconPlus size={16} />}>
          Add webhook
        </Button>
      </Group>
      {hooks.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {hooks.error && <LoadErrorAlert error={hooks.error} />}
      {hooks.data && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payload URL</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Last changed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hooks.data.data.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/settings/hooks/${h.id}`} fw={500} style={{ wordBreak: 'break-all' }}>
                      {h.payload_url}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{h.events.join(', ')}</Table.Td>
                  <Table.Td>
                    <Badge color={h.active ? 'green' : h.disabled_reason ? 'red' : 'gray'} variant="light" miw="max-content">
                      {h.active ? 'Active' : h.disabled_reason ? 'Switched off' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(h.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
              {hooks.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      No webhooks yet.
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
