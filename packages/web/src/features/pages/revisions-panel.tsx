import { formatDateTime, type Page } from '@almoner/contracts';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useDeleteRevision, useRestoreRevision } from './api.ts';

/** Earlier states of the page; restoring or deleting one asks first (Cancel is focused). */
export function RevisionsPanel({
  page,
  canEdit,
  onRestored,
}: {
  page: Page;
  canEdit: boolean;
  onRestored: (page: Page) => void;
}) {
  const restore = useRestoreRevision();
  const remove = useDeleteRevision();
  const label = (r: Page['revisions'][number]) =>
    `${r.is_autosave ? 'Autosaved draft' : 'Revision'} of ${formatDateTime(r.created_at)}`;

  // In a sentence: the kind in lower case, the date as formatted.
  const described = (r: Page['revisions'][number]) =>
    `${r.is_autosave ? 'autosaved draft' : 'revision'} of ${formatDateTime(r.created_at)}`;

  const handleRestore = async (r: Page['revisions'][number]) => {
    const ok = await confirm({
      title: 'Restore revision',
      message: `Restore the ${described(r)}? The page's current content is kept as a revision.`,
      confirmLabel: 'Restore',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!ok) return;
    try {
      onRestored(await restore.mutateAsync({ id: page.id, revision_id: r.id }));
      toast.success('Revision restored.');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  const handleDelete = async (r: Page['revisions'][number]) => {
    const ok = await confirm({
      title: 'Delete revision',
      message: `Delete the ${described(r)}? This cannot be undone.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: page.id, revision_id: r.id });
      toast.success('Revision deleted.');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Paper withBorder p="lg">
      <Title order={3} size="h4" mb="sm">
        Revisions
      </Title>
      {page.revisions.length === 0 && (
        <Text size="sm" c="dimmed">
          No earlier versions yet: saving a change keeps the one it replaces.
        </Text>
      )}
      <Stack gap="xs">
        {page.revisions.map((r) => (
          <Stack key={r.id} gap={4}>
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {r.title}{' '}
                {r.is_autosave && (
                  <Badge size="xs" variant="light">
                    Draft
                  </Badge>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(r.created_at)}
                {r.created_by ? ` · ${r.created_by}` : ''}
              </Text>
            </Stack>
            {canEdit && (
              <Group gap={4}>
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => void handleRestore(r)}
                  aria-label={`Restore ${label(r)}`}
                >
                  Restore
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void handleDelete(r)}
                  aria-label={`Delete ${label(r)}`}
                >
                  Delete
                </Button>
              </Group>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
