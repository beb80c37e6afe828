import { formatDateTime } from '@almoner/contracts';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { noteText } from '../notes/note-text.ts';
import { type ContributionDetail, useAddContributionNote } from './api.ts';
import { Section } from './page-parts.tsx';

/**
 * Staff notes on a gift, newest first; those who may edit gifts add one (the server keeps the
 * text as escaped paragraphs; it is shown as plain text here).
 */
export function NotesSection({ data, canWrite }: { data: ContributionDetail; canWrite: boolean }) {
  const add = useAddContributionNote();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      const { message } = await add.mutateAsync({ id: data.contribution.id, body });
      toast.success(message);
      setBody('');
    } catch (e) {
      if (e instanceof ApiError && e.errors?.body?.[0]) return setError(e.errors.body[0]);
      toast.error(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Section title="Notes">
      <Stack gap="sm">
        {canWrite && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack gap="xs">
              <Textarea
                label="Add a note"
                placeholder="What happened with this gift"
                autosize
                minRows={2}
                value={body}
                onChange={(e) => { setBody(e.currentTarget.value); setError(null); }}
                onKeyDown={(e) => {
                  // Enter adds the note; Shift+Enter starts a new line.
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    e.currentTarget.form?.requestSubmit();
                  }
                }}
                error={error}
              />
              <Group justify="flex-end">
                <Button type="submit" size="xs" loading={add.isPending}>
                  Add note
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {data.notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No notes on this gift yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.notes.map((note) => (
              <li key={note.id}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {noteText(note.body)}
                </Text>
                <Text size="xs" c="dimmed">
                  {[note.author, formatDateTime(note.created_at)].filter(Boolean).join(' · ')}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
