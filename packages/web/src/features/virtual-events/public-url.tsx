import { normaliseSlug, virtualEventMessages, type VirtualEvent } from '@almoner/contracts';
import { Anchor, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useUpdateSlug } from './api.ts';

/** The event's Public URL and the modal that edits its slug (spec §2.10, §5 slug rules). */
export function PublicUrlPanel({ event, canEdit }: { event: VirtualEvent; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const [slug, setSlug] = useState(event.slug);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSlug(event.id);
  const url = `${event.baseUrl}${event.slug}`;

  const submit = async () => {
    try {
      await update.mutateAsync(slug);
      toast.success(virtualEventMessages.slugUpdated);
      setOpen(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422 && failure.errors?.slug) setError(failure.errors.slug[0] ?? null);
      toast.error(virtualEventMessages.slugFailed);
    }
  };

  return (
    <Paper withBorder p="md">
      <Group justify="space-between">
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            Public URL
          </Text>
          <Anchor href={url} target="_blank" rel="noreferrer" size="sm" data-testid="public-url">
            {url}
          </Anchor>
        </Stack>
        {canEdit && (
          <Button
            variant="default"
            onClick={() => {
              setSlug(event.slug);
              setError(null);
              setOpen(true);
            }}
          >
            Edit Public URL
          </Button>
        )}
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title="Public URL">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <TextInput
              label="Slug"
              description={`${event.baseUrl}${slug}`}
              data-autofocus
              value={slug}
              error={error}
              onChange={(e) => {
                setSlug(normaliseSlug(e.currentTarget.value));
                setError(null);
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
