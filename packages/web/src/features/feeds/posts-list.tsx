import { feedMessages, formatDate, type PostRow } from '@almoner/contracts';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../components/dialogs.tsx';
import { DragHandle, SortableList, useSortableRow } from '../../components/sortable-list.tsx';
import { toast } from '../../components/toast.ts';
import { useDeletePost, useSequencePosts } from './api.ts';

type Row = PostRow & { key: string };

/** A feed's posts; drag a row's grip (or use the keyboard) to re-sequence, saved at once. */
export function PostsList({
  feedId,
  posts,
  canSequence,
  canDelete,
}: {
  feedId: number;
  posts: PostRow[];
  canSequence: boolean;
  canDelete: boolean;
}) {
  // A dragged order shows at once; it gives way to the server's list when that is reloaded.
  const [moved, setMoved] = useState<{ from: PostRow[]; rows: Row[] } | null>(null);
  const fromServer = useMemo(() => posts.map((p) => ({ ...p, key: String(p.id) })), [posts]);
  const rows = moved && moved.from === posts ? moved.rows : fromServer;
  const sequence = useSequencePosts(feedId);
  const remove = useDeletePost();

  const handleReorder = (next: Row[]) => {
    setMoved({ from: posts, rows: next });
    sequence.mutate(
      next.map((r) => r.id),
      {
        onSuccess: () => toast.success('Posts re-sequenced.'),
        onError: () => {
          setMoved(null);
          toast.error(feedMessages.sequenceFailed);
        },
      },
    );
  };
  const handleDelete = async (row: Row) => {
    if (
      !(await confirm({
        title: 'Delete post',
        message: `Delete the post ${row.name}?`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    remove.mutate(row.id, {
      onSuccess: () => toast.success('Post deleted.'),
      onError: () => toast.error(feedMessages.deleteFailed),
    });
  };

  return (
    <Paper withBorder p="lg">
      <Title order={3} size="h4" mb="sm">
        Posts
      </Title>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No posts yet.
        </Text>
      )}
      <SortableList items={rows} onReorder={handleReorder}>
        <Stack gap={4} role="list" aria-label="Posts">
          {rows.map((row, index) => (
            <PostItem
              key={row.key}
              row={row}
              position={index + 1}
              feedId={feedId}
              canSequence={canSequence}
              canDelete={canDelete}
              onDelete={() => void handleDelete(row)}
            />
          ))}
        </Stack>
      </SortableList>
    </Paper>
  );
}

function PostItem({
  row,
  position,
  feedId,
  canSequence,
  canDelete,
  onDelete,
}: {
  row: Row;
  position: number;
  feedId: number;
  canSequence: boolean;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const { setNodeRef, style, handleProps } = useSortableRow(row.key);
  return (
    <Group
      ref={setNodeRef}
      style={style}
      role="listitem"
      justify="space-between"
      wrap="nowrap"
      p={6}
      bg="var(--mantine-color-body)"
      bd="1px solid var(--mantine-color-default-border)"
    >
      <Group gap="sm" wrap="nowrap">
        {canSequence && (
          <DragHandle label={`Move ${row.name} (position ${position})`} handleProps={handleProps} />
        )}
        <Anchor component={Link} to={`/feeds/${feedId}/posts/${row.id}`} fw={500}>
          {row.name}
        </Anchor>
        {!row.is_enabled && (
          <Badge color="gray" variant="light">
            Disabled
          </Badge>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {row.posted_at ? formatDate(row.posted_at) : 'Not dated'}
        </Text>
        {canDelete && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${row.name}`}
            onClick={onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
