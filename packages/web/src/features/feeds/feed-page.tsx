import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { loadingOrFailed, useRecordParam } from '../../components/form-page/index.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useFeed, usePosts } from './api.ts';
import { FeedForm } from './feed-form.tsx';
import { PostsList } from './posts-list.tsx';

/** /feeds/new and /feeds/:id: the post type form, then the feed's posts. */
export function FeedPage() {
  const { id, isNew } = useRecordParam();
  const feed = useFeed(isNew ? null : id);
  const posts = usePosts(isNew ? null : id);
  const can = useCan();
  const gate = loadingOrFailed(isNew ? [] : [feed]);
  if (gate) return gate;
  const title = feed.data?.name ?? 'Add feed';
  return (
    <Stack gap="lg" maw={1000}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Breadcrumbs>
            <Anchor component={Link} to="/feeds" size="sm">Feeds</Anchor>
            <Text size="sm">{title}</Text>
          </Breadcrumbs>
          <Title order={2}>{title}</Title>
        </Stack>
        {feed.data && can('post.add') && (
          <Button component={Link} to={`/feeds/${feed.data.id}/posts/new`} leftSection={<IconPlus size={16} />}>Add post</Button>
        )}
      </Group>
      <FeedForm key={feed.data?.id ?? 'new'} feed={feed.data} canEdit={can('posttype.edit')} />
      {feed.data && posts.data && <PostsList feedId={feed.data.id} posts={posts.data.data} canSequence={can('post.add')} canDelete={can('post.edit')} />}
      {posts.error && <LoadErrorAlert error={posts.error} />}
    </Stack>
  );
}
