import {
  type TimelinePost,
  type TimelineTag,
  timelineMessages,
  timelineTagLabel,
} from '@almoner/contracts';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCake,
  IconCloud,
  IconCurrencyDollar,
  IconFirstAidKit,
  IconFlag,
  IconGift,
  IconLock,
  IconMail,
  IconMessage,
  IconPlane,
  IconPlus,
  IconRefresh,
  IconSchool,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useDeletePost, useTimeline } from './api.ts';
import { TimelineUpdateModal } from './timeline-update-modal.tsx';

const tagIcons: Record<TimelineTag, Icon> = {
  admin: IconSettings,
  celebration: IconCake,
  education: IconSchool,
  family: IconUsers,
  financial: IconCurrencyDollar,
  general: IconMessage,
  gift: IconGift,
  letter: IconMail,
  medical: IconFirstAidKit,
  milestone: IconFlag,
  travel: IconPlane,
  update: IconRefresh,
  weather: IconCloud,
};

type Props = { parentType: 'sponsorship'; parentId: number | null; editPermission: string };

/** The timeline widget (spec part 3 §2.4): loading, empty, show, and disabled without a parent. */
export function TimelineWidget({ parentType, parentId, editPermission }: Props) {
  const can = useCan();
  const query = useTimeline(parentType, parentId);
  // undefined: closed; null: adding; a post: editing it.
  const [editing, setEditing] = useState<TimelinePost | null | undefined>(undefined);
  const mayEdit = can(editPermission);
  const header = (
    <Group justify="space-between" mb="sm">
      <Title order={4}>Timeline</Title>
      {mayEdit && parentId !== null && (
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)}>
          Add an Update
        </Button>
      )}
    </Group>
  );
  let body;
  if (parentId === null)
    body = (
      <Text size="sm" c="dimmed">
        Save this record first; then updates can be posted on its timeline.
      </Text>
    );
  else if (query.isPending)
    body = (
      <Center h={120}>
        <Loader aria-label="Loading timeline" />
      </Center>
    );
  else if (query.isError)
    body = (
      <Alert color="red" role="alert" title="Could not load">
        {query.error.message}
      </Alert>
    );
  else if (query.data.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No updates yet.
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        {query.data.data.map((post) => (
          <PostCard key={post.id} post={post} mayEdit={mayEdit} onEdit={() => setEditing(post)} />
        ))}
      </Stack>
    );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label="Timeline"
    >
      {header}
      {body}
      {parentId !== null && (
        <TimelineUpdateModal
          opened={editing !== undefined}
          post={editing ?? null}
          parent={{ type: parentType, id: parentId }}
          canNotify={query.data?.can_notify_sponsors ?? false}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Paper>
  );
}

function PostCard({
  post,
  mayEdit,
  onEdit,
}: {
  post: TimelinePost;
  mayEdit: boolean;
  onEdit: () => void;
}) {
  const remove = useDeletePost();
  const TagIcon = tagIcons[post.tag as TimelineTag] ?? IconMessage;
  const handleDelete = async () => {
    const ok = await confirm({
      title: 'Delete this update?',
      message: `"${post.headline}" is removed from the timeline.`,
      confirmLabel: 'Delete update',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(post.id);
      toast.success(timelineMessages.deleted);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Paper withBorder radius="sm" p="sm" component="article" aria-label={post.headline}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden data-icon={post.icon_class}>
          <TagIcon size={18} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {post.headline}
            </Text>
            {mayEdit && (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={onEdit}
                  aria-label={`Edit update ${post.headline}`}
                >
                  Edit
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void handleDelete()}
                  loading={remove.isPending}
                  aria-label={`Delete update ${post.headline}`}
                >
                  Delete
                </Button>
              </Group>
            )}
          </Group>
          <Group gap="xs">
            <Text size="xs" ff="monospace">
              {post.posted_on}
            </Text>
            <Badge size="sm" variant="light">
              {timelineTagLabel(post.tag)}
            </Badge>
            {post.is_private ? (
              <Badge size="sm" color="gray" leftSection={<IconLock size={10} aria-hidden />}>
                Private
              </Badge>
            ) : (
              <Badge size="sm" color="teal" variant="outline">
                Public
              </Badge>
            )}
            {post.sponsors_notified_at && (
              <Text size="xs" c="dimmed">
                Sponsors notified
              </Text>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {post.message}
          </Text>
          {post.media.length > 0 && (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              {post.media.map((m) => (
                <Stack key={m.id} gap={2} component="figure" m={0}>
                  <Image
                    src={m.thumbnail_url}
                    alt={m.caption || m.filename}
                    radius="sm"
                    h={110}
                    fit="cover"
                  />
                  {m.caption && (
                    <Text size="xs" c="dimmed" component="figcaption">
                      {m.caption}
                    </Text>
                  )}
                </Stack>
              ))}
            </SimpleGrid>
          )}
          <Text size="xs" c="dimmed">
            {post.posted_by_string}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
