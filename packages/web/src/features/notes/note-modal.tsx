import { NOTE_BODY_MAX, noteMessages } from '@almoner/contracts';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useSaveNote } from './api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

type Props = { supporterId: number; note: { id: number; text: string } | null; opened: boolean; onClose: () => void };

/** 'Add a note' (or edit the user's own): plain text, Ctrl/Cmd+Enter saves, Escape closes. */
export function NoteModal({ supporterId, note, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={note ? 'Edit note' : 'Add a note'} size="lg">
      {opened && <NoteForm key={note?.id ?? 'new'} supporterId={supporterId} note={note} onClose={onClose} />}
    </Modal>
  );
}

function NoteForm({ supporterId, note, onClose }: Omit<Props, 'opened'>) {
  const [body, setBody] = useState(note?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveNote(supporterId);
  const submit = async () => {
    if (!body.trim()) return setError(noteMessages.bodyRequired);
    try {
      const answer = await save.mutateAsync({ id: note?.id ?? null, body });
      toast.success(answer.message);
      onClose();
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.errors?.body?.[0] : undefined;
      if (fieldMessage) setError(fieldMessage);
      else toast.error(failure instanceof ApiError && failure.status === 403 ? failure.message : noteMessages.failed);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {noteMessages.visibleToAll}
        </Text>
        <Textarea
          label="Note"
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={NOTE_BODY_MAX}
          data-autofocus
          value={body}
          error={error}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <ModalActions submitLabel="Save note" loading={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
