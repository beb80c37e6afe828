import { segmentTypeLabels } from '@almoner/contracts';
import { Anchor, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useSegments } from './api.ts';

/** Sponsorship segments: the custom fields sponsees are described and filtered by. */
export function SegmentListPage() {
  const segments = useSegments();
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between">
        <Title order={2}>Segments</Title>
        <Button component={Link} to="/segments/new" leftSection={<IconPlus size={16} />}>
          Add segment
        </Button>
      </Group>
      {segments.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {segments.error && <LoadErrorAlert error={segments.error} />}
      {segments.data && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Options</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {segments.data.data.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/segments/${s.id}`} fw={500}>
                      {s.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{segmentTypeLabels[s.type]}</Table.Td>
                  <Table.Td ta="right">{s.items > 0 ? s.items : '—'}</Table.Td>
                </Table.Tr>
              ))}
              {segments.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text size="sm" c="dimmed">
                      No segments yet.
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
