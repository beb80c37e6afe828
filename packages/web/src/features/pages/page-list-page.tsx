import { formatDate, pageTypeLabels } from '@almoner/contracts';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { usePages } from './api.ts';

/** The site's pages and menus. */
export function PageListPage() {
  const pages = usePages();
  const can = useCan();
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={2}>Pages</Title>
        {can('node.add') && (
          <Button component={Link} to="/pages/new" leftSection={<IconPlus size={16} />}>
            Add page
          </Button>
        )}
      </Group>
      {pages.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {pages.error && <LoadErrorAlert error={pages.error} />}
      {pages.data && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>URL</Table.Th>
                <Table.Th>In menu</Table.Th>
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pages.data.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/pages/${p.id}`} fw={500}>
                      {p.title}
                    </Anchor>{' '}
                    {!p.is_active && <Badge color="gray" variant="light">Inactive</Badge>}
                  </Table.Td>
                  <Table.Td>{pageTypeLabels[p.type]}</Table.Td>
                  <Table.Td>{p.url ?? '—'}</Table.Td>
                  <Table.Td>{p.parent_title ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(p.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
              {pages.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">No pages yet.</Text>
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
