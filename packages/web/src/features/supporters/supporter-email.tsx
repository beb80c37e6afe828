import { SUPPORTER_EMAIL_BODY_MAX, SUPPORTER_EMAIL_SUBJECT_MAX } from '@almoner/contracts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { type SupporterRecord, supporterName } from './api.ts';
import { useEmailSupporter } from './consent-api.ts';

/** "E-mail" on a supporter's page, for staff with "Edit supporters": a plain-text message through the outbox. */
export function EmailSupporterButton({ s }: { s: SupporterRecord }) {
  const can = useCan();
  const [opened, setOpened] = useState(false);
  if (!can('member.edit')) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setOpened(true)}>
        E-mail
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`E-mail ${supporterName(s)}`} size="lg">
        {opened && <ComposeForm s={s} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

/** Subject and plain-text body; Enter in the subject or Ctrl/Cmd+Enter in the body sends, Escape closes. */
function ComposeForm({ s, onClose }: { s: SupporterRecord; onClose: () => void }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const send = useEmailSupporter(s.id);
  const submit = async () => {
    const missing = { subject: subject.trim() ? undefined : 'Please fill this field.', body: body.trim() ? undefined : 'Please fill this field.' };
    if (missing.subject || missing.body) return setErrors(missing);
    try {
      toast.success((await send.mutateAsync({ subject, body })).message);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : undefined;
      setErrors({ subject: fields?.subject?.[0], body: fields?.body?.[0] });
      setFailure(error instanceof Error ? error.message : String(error));
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
          To {s.email || 'no address on file'}. Sent as plain text; it appears in their Mail.
          {!s.email_opt_in && ' They have not opted in to e-mail: write only about their gifts or their questions.'}
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Subject"
          required
          data-autofocus
          maxLength={SUPPORTER_EMAIL_SUBJECT_MAX}
          value={subject}
          error={errors.subject}
          onChange={(e) => {
            setSubject(e.currentTarget.value);
            setErrors({});
            setFailure(null);
          }}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={6}
          maxRows={16}
          maxLength={SUPPORTER_EMAIL_BODY_MAX}
          value={body}
          error={errors.body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            setErrors({});
            setFailure(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending} leftSection={<IconMail size={16} aria-hidden />}>
            Send e-mail
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
