import { TAG_COLOURS, TAG_NAME_MAX, type Tag, type TagColour } from '@almoner/contracts';
import { Button, Center, Divider, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import { toast, toastOutcome } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useMergeTag, useSaveTag, useTags } from './api.ts';
import { TagBadge } from './tag-badge.tsx';

const colourOptions = TAG_COLOURS.map((c) => ({ value: c, label: c.charAt(0).toUpperCase() + c.slice(1) }));

const saveFailed = 'The tag could not be saved. Please try again.';

/** Add, rename, recolour and merge tags. Each row is its own form: Enter saves it, Escape closes. */
export function TagsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const tags = useTags(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Manage tags" size="lg">
      <Stack gap="md">
        <TagForm tag={null} />
        <Divider />
        {tags.isPending && (
          <Center h={60}>
            <Loader size="sm" aria-label="Loading tags" />
          </Center>
        )}
        {tags.error && <LoadErrorAlert error={tags.error} />}
        {tags.data?.data.length === 0 && <Text c="dimmed" size="sm">No tags yet.</Text>}
        {tags.data?.data.map((tag) => <TagRow key={tag.id} tag={tag} others={tags.data.data.filter((t) => t.id !== tag.id)} />)}
      </Stack>
    </Modal>
  );
}

/** A new tag (tag null) or one tag's name and colour. */
function TagForm({ tag }: { tag: Tag | null }) {
  const [name, setName] = useState(tag?.name ?? '');
  const [colour, setColour] = useState<TagColour>(tag?.colour ?? 'gray');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTag();
  const unchanged = tag !== null && name.trim() === tag.name && colour === tag.colour;
  const submit = async () => {
    try {
      toast.success((await save.mutateAsync({ id: tag?.id ?? null, body: { name, colour } })).message);
      if (!tag) setName('');
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.errors?.name?.[0] : undefined;
      if (field) setError(field);
      else toast.error(failure instanceof ApiError ? failure.message : saveFailed);
    }
  };
  const label = tag ? `Name of tag ${tag.name}` : 'New tag';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={tag ? 'Name' : 'New tag'}
          aria-label={label}
          required
          maxLength={TAG_NAME_MAX}
          value={name}
          error={error}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          style={{ flex: 1, minWidth: 160 }}
        />
        <Select label="Colour" aria-label={tag ? `Colour of tag ${tag.name}` : 'Colour of the new tag'} data={colourOptions} value={colour} onChange={(c) => c && setColour(c as TagColour)} allowDeselect={false} w={120} />
        <Button type="submit" variant={tag ? 'default' : 'filled'} loading={save.isPending} disabled={unchanged || !name.trim()}>
          {tag ? 'Save' : 'Add tag'}
        </Button>
      </Group>
    </form>
  );
}

function TagRow({ tag, others }: { tag: Tag; others: Tag[] }) {
  const [into, setInto] = useState<string | null>(null);
  const merge = useMergeTag();
  const target = others.find((t) => String(t.id) === into);
  const doMerge = async () => {
    if (!target) return;
    const ok = await confirm({
      title: 'Merge tags',
      message: `The ${tag.supporters} supporter${tag.supporters === 1 ? '' : 's'} tagged "${tag.name}" will be tagged "${target.name}", and "${tag.name}" will be removed.`,
      confirmLabel: 'Merge',
      danger: true,
    });
    if (ok) await toastOutcome(() => merge.mutateAsync({ id: tag.id, into: target.id }), saveFailed);
  };
  return (
    <Stack gap={6} role="group" aria-label={`Tag ${tag.name}`}>
      <Group gap="xs">
        <TagBadge tag={tag} />
        <Text size="xs" c="dimmed">
          {tag.supporters} supporter{tag.supporters === 1 ? '' : 's'}
        </Text>
      </Group>
      <TagForm key={`${tag.name}-${tag.colour}`} tag={tag} />
      {others.length > 0 && (
        <Group gap="xs" align="flex-end">
          <Select
            label="Merge into"
            aria-label={`Merge tag ${tag.name} into`}
            placeholder="Choose a tag"
            data={others.map((t) => ({ value: String(t.id), label: t.name }))}
            value={into}
            onChange={setInto}
            searchable
            clearable
            style={{ flex: 1, minWidth: 160 }}
          />
          <Button variant="default" color="red" onClick={() => void doMerge()} disabled={!target} loading={merge.isPending}>
            Merge
          </Button>
        </Group>
      )}
    </Stack>
  );
}
