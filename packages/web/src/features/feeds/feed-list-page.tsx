import { feedPostTypeLabels } from '@almoner/contracts';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useFeeds } from './api.ts';

/** Feeds (post types): blogs, sliders, podcasts … */
export function FeedListPage() {
  const feeds = useFeeds();
  const can = useCan();
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between">
        <Title order={2}>Feeds</Title>
        {can('posttype.edit') && (
          <Button component={Link} to="/feeds/new" leftSection={<IconPlus size={16} />}>Add feed</Button>
        )}
      </Group>
      {feeds.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {feeds.error && <LoadErrorAlert error={feeds.error} />}
      {feeds.data && (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Post type</Table.Th>
                <Table.Th>URL slug</Table.Th>
                <Table.Th ta="right">Posts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {feeds.data.data.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/feeds/${f.id}`} fw={500}>{f.name}</Anchor> {f.is_podcast && <Badge variant="light">Podcast</Badge>}
                  </Table.Td>
                  <Table.Td>{feedPostTypeLabels[f.post_type]}</Table.Td>
                  <Table.Td>{f.url_slug ?? '—'}</Table.Td>
                  <Table.Td ta="right">{f.posts}</Table.Td>
                </Table.Tr>
              ))}
              {feeds.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}><Text size="sm" c="dimmed">No feeds yet.</Text></Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
