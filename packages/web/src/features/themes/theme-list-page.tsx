import { Anchor, Badge, Center, Loader, Paper, Stack, Table, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useThemes } from './api.ts';

/** The organisation's themes; each opens in the file editor. */
export function ThemeListPage() {
  const themes = useThemes();
  return (
    <Stack gap="lg" maw={900}>
      <Title order={2}>Themes</Title>
      {themes.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {themes.error && <LoadErrorAlert error={themes.error} />}
      {themes.data && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Theme</Table.Th>
                <Table.Th>Handle</Table.Th>
                <Table.Th ta="right">Files</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {themes.data.data.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    {t.is_locked ? t.title : <Anchor component={Link} to={`/themes/${t.id}/editor`} fw={500}>{t.title}</Anchor>}{' '}
                    {t.is_active && <Badge variant="light">Active</Badge>} {t.is_locked && <Badge color="gray" variant="light">Locked</Badge>}
                  </Table.Td>
                  <Table.Td>{t.handle}</Table.Td>
                  <Table.Td ta="right">{t.assets}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
