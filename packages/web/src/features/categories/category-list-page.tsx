import { Anchor, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { categoryPaths, useCategories } from './api.ts';

/** Product categories, each shown with its place in the tree. */
export function CategoryListPage() {
  const categories = useCategories();
  const paths = categoryPaths(categories.data?.data ?? []);
  const rows = [...(categories.data?.data ?? [])].sort((a, b) => (paths.get(a.id) ?? '').localeCompare(paths.get(b.id) ?? ''));
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between">
        <Title order={2}>Product categories</Title>
        <Button component={Link} to="/categories/new" leftSection={<IconPlus size={16} />}>
          Add category
        </Button>
      </Group>
      {categories.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {categories.error && <LoadErrorAlert error={categories.error} />}
      {categories.data && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Category</Table.Th>
                <Table.Th>URL name</Table.Th>
                <Table.Th ta="right">Order</Table.Th>
                <Table.Th ta="right">Products</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/categories/${c.id}`} fw={500}>
                      {paths.get(c.id)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ff="monospace">{c.url_name ?? '—'}</Table.Td>
                  <Table.Td ta="right">{c.sequence}</Table.Td>
                  <Table.Td ta="right">{c.products}</Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      No categories yet.
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
