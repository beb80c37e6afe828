import { formatDateTime, noteMessages, type Note } from '@almoner/contracts';
import { ActionIcon, Alert, Button, Center, Group, Loader, Pagination, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useCan } from '../../app/session.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { Section } from '../contributions/page-parts.tsx';
import { useDeleteNote, useNotes } from './api.ts';
import { NoteModal } from './note-modal.tsx';
import { byMonth, noteText } from './note-text.ts';

/**
 * The notes panel of a supporter (spec part 3 §2.5): search, notes by month, pages of 15, add,
 * edit and delete as the server allows for each note (`can_edit`, `can_delete`).
 */
export function NotesPanel({ supporterId }: { supporterId: number }) {
  const can = useCan();
  const canWrite = can('member.add');
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ id: number; text: string } | null | undefined>(undefined);
  const notes = useNotes(supporterId, page, filter);
  const meta = notes.data?.meta;

  const create = canWrite ? (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)}>
      Create note
    </Button>
  ) : undefined;

  return (
    <Section title="Notes" action={create}>
      <Stack gap="sm">
        {(meta?.unfiltered ?? 0) > 0 && (
          <TextInput
            aria-label="Search notes"
            placeholder="Search notes"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
        )}
        {notes.isPending && (
          <Center h={80}>
            <Loader size="sm" aria-label="Loading notes" />
          </Center>
        )}
        {notes.error && <LoadErrorAlert error={notes.error} />}
        {meta && meta.unfiltered === 0 && (
          <Stack align="center" gap="xs" py="md">
            <Text size="sm" c="dimmed">
              {noteMessages.empty}
            </Text>
            {canWrite && (
              <Button size="xs" onClick={() => setEditing(null)}>
                Add the First Note
              </Button>
            )}
          </Stack>
        )}
        {meta && meta.unfiltered > 0 && meta.total === 0 && (
          <Alert color="yellow" role="status">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{noteMessages.noneFor(filter)}</Text>
              <Button size="xs" variant="default" onClick={() => setSearch('')}>
                Reset filter
              </Button>
            </Group>
          </Alert>
        )}
        {notes.data &&
          byMonth(notes.data.data).map((group) => (
            <Stack key={group.month} gap="xs">
              <Title order={5} c="dimmed">
                {group.month}
              </Title>
              {group.notes.map((note) => (
                <NoteItem key={note.id} note={note} supporterId={supporterId} onEdit={() => setEditing({ id: note.id, text: noteText(note.body) })} />
              ))}
            </Stack>
          ))}
        {meta && meta.last_page > 1 && (
          <Group justify="center">
            <Pagination size="sm" total={meta.last_page} value={meta.current_page} onChange={setPage} aria-label="Notes pages" />
          </Group>
        )}
      </Stack>
      <NoteModal supporterId={supporterId} note={editing ?? null} opened={editing !== undefined} onClose={() => setEditing(undefined)} />
    </Section>
  );
}

function NoteItem({ note, supporterId, onEdit }: { note: Note; supporterId: number; onEdit: () => void }) {
  const remove = useDeleteNote(supporterId);
  const author = note.created_by ? `${note.created_by.firstname} ${note.created_by.lastname}` : 'A former user';
  const onDelete = async () => {
    const ok = await confirm({ title: 'Delete note', message: noteMessages.confirmDelete, confirmLabel: 'Delete', danger: true });
    if (!ok) return;
    try {
      toast.success((await remove.mutateAsync(note.id)).message);
    } catch {
      toast.error(noteMessages.failed);
    }
  };
  return (
    <article aria-label={`Note by ${author}`} style={{ borderLeft: '3px solid var(--mantine-color-gray-3)', paddingLeft: 'var(--mantine-spacing-sm)' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed">
          {author} · {formatDateTime(note.created_at)}
        </Text>
        <Group gap={2} wrap="nowrap">
          {note.can_edit && (
            <Tooltip label="Edit note">
              <ActionIcon variant="subtle" size="sm" aria-label="Edit note" onClick={onEdit}>
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          {note.can_delete && (
            <Tooltip label="Delete note">
              <ActionIcon variant="subtle" color="red" size="sm" aria-label="Delete note" onClick={() => void onDelete()} loading={remove.isPending}>
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {noteText(note.body)}
      </Text>
    </article>
  );
}
