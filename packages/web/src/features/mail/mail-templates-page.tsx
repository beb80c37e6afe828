import { EDITABLE_MAIL_TEMPLATES, type EditableMailTemplate, type MailTemplateDetail, formatDateTime, mailTemplateInfo } from '@almoner/contracts';
import { Alert, Badge, Button, Center, Code, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError, api } from '../../lib/api.ts';

type Draft = { subject: string; html: string; text: string };
type Rendered = Draft;
const key = ['mail-templates'] as const;
const sameDraft = (a: Draft, b: Draft) => a.subject === b.subject && a.html === b.html && a.text === b.text;

/** One template: edit, preview with a real record, save only what was previewed. */
function TemplateEditor({ template }: { template: MailTemplateDetail }) {
  const info = mailTemplateInfo[template.key];
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ subject: template.subject, html: template.html, text: template.text });
  const [recordId, setRecordId] = useState(template.sample_id ? String(template.sample_id) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<{ draft: Draft; recordId: string; rendered: Rendered } | null>(null);
  const body = { ...draft, record_id: recordId };
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.errors) setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])));
    else toast.error(error.message);
  };
  const previewing = useMutation({
    mutationFn: () => api<Rendered>(`/jpanel/settings/mail_templates/${template.key}/preview`, { method: 'POST', body }),
    onSuccess: (rendered) => {
      setErrors({});
      setPreview({ draft, recordId, rendered });
    },
    onError,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const saving = useMutation({
    mutationFn: () => api<{ message: string }>(`/jpanel/settings/mail_templates/${template.key}`, { method: 'POST', body }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await refresh();
    },
    onError,
  });
  const resetting = useMutation({
    mutationFn: () => api<{ message: string }>(`/jpanel/settings/mail_templates/${template.key}/reset`, { method: 'POST' }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      setDraft(template.built_in);
      setPreview(null);
      await refresh();
    },
    onError,
  });
  const previewed = preview !== null && sameDraft(preview.draft, draft) && preview.recordId === recordId;
  const edit = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const reset = async () => {
    const ok = await confirm({ title: 'Restore the built-in wording', message: `Throw away the saved ${info.label} e-mail and send the built-in wording again?`, confirmLabel: 'Restore', danger: true });
    if (ok) resetting.mutate();
  };

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            previewing.mutate();
          }}
        >
          <Stack gap="sm">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {info.description}
              </Text>
              {template.customised ? <Badge variant="light">Saved {formatDateTime(template.updated_at)}</Badge> : <Badge variant="light" color="gray">Built-in wording</Badge>}
            </Group>
            <TextInput label="Subject" required value={draft.subject} onChange={(e) => edit('subject')(e.currentTarget.value)} error={errors.subject} />
            <Textarea label="HTML body" required autosize minRows={6} maxRows={16} styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }} value={draft.html} onChange={(e) => edit('html')(e.currentTarget.value)} error={errors.html} />
            <Textarea label="Plain-text body" required autosize minRows={4} maxRows={12} styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }} value={draft.text} onChange={(e) => edit('text')(e.currentTarget.value)} error={errors.text} />
            <Text size="xs" c="dimmed">
              Merge tags: {info.tags.map((tag) => <Code key={tag}>{`{{ ${tag} }}`}</Code>).reduce<React.ReactNode[]>((all, tag, i) => (i ? [...all, ' ', tag] : [tag]), [])}
            </Text>
            <Group align="flex-end" gap="xs">
              <TextInput label={`Preview with ${info.record}`} inputMode="numeric" w={200} value={recordId} onChange={(e) => setRecordId(e.currentTarget.value)} error={errors.record_id} />
              <Button type="submit" variant="default" loading={previewing.isPending}>
                Preview
              </Button>
              <Button onClick={() => saving.mutate()} disabled={!previewed} loading={saving.isPending}>
                Save
              </Button>
              {template.customised && (
                <Button variant="subtle" color="red" onClick={() => void reset()} loading={resetting.isPending}>
                  Restore built-in
                </Button>
              )}
            </Group>
            {!previewed && (
              <Text size="xs" c="dimmed">
                Preview your changes with a real record before saving them.
              </Text>
            )}
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Preview">
        {preview ? (
          <Stack gap="xs">
            <Text size="sm">
              <Text span fw={600}>
                Subject:{' '}
              </Text>
              {preview.rendered.subject}
            </Text>
            {/* The merged HTML in a sandbox: no script runs and nothing reaches this page. */}
            <iframe title="HTML preview" sandbox="" srcDoc={preview.rendered.html} style={{ width: '100%', minHeight: 260, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, background: 'white' }} />
            <Text size="xs" c="dimmed" fw={600}>
              Plain text
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} ff="monospace">
              {preview.rendered.text}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            The preview shows the e-mail merged with the record you choose, exactly as the mailer would send it.
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}

/** Settings › Mail templates: the donor e-mails staff may reword. */
export function MailTemplatesPage() {
  const query = useQuery({ queryKey: key, queryFn: () => api<{ data: MailTemplateDetail[] }>('/jpanel/settings/mail_templates.json') });
  const [current, setCurrent] = useState<EditableMailTemplate>('taxReceipt');
  const template = query.data?.data.find((t) => t.key === current);
  return (
    <Stack gap="md">
      <Title order={2}>Mail templates</Title>
      <SegmentedControl aria-label="Template" value={current} onChange={(v) => setCurrent(v as EditableMailTemplate)} data={EDITABLE_MAIL_TEMPLATES.map((k) => ({ value: k, label: mailTemplateInfo[k].label }))} w="fit-content" />
      {query.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading mail templates" />
        </Center>
      )}
      {query.isError && (
        <Alert color="red" role="alert" title="Could not load">
          {query.error.message}
        </Alert>
      )}
      {/* A save or reset reloads the template: keyed on what is stored, the editor starts again from it. */}
      {template && <TemplateEditor key={`${template.key}-${template.updated_at ?? 'built-in'}`} template={template} />}
    </Stack>
  );
}
