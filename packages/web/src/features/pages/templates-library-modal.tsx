import { TEMPLATE_KINDS, templateKindLabels, type EditorTemplate, type TemplateKind } from '@almoner/contracts';
import { Button, Center, Code, Group, Loader, Modal, Paper, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useTemplates } from './api.ts';

/** Part 2 "Templates library modal": Pages, Sections, Components, Smart Codes, from the database. */
export function TemplatesLibraryModal({ opened, onClose, onInsert }: { opened: boolean; onClose: () => void; onInsert: (template: EditorTemplate) => void }) {
  const [kind, setKind] = useState<TemplateKind>('pages');
  return (
    <Modal opened={opened} onClose={onClose} title="Templates library" size="xl">
      <Tabs value={kind} onChange={(v) => setKind((v as TemplateKind | null) ?? 'pages')}>
        <Tabs.List>
          {TEMPLATE_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {templateKindLabels[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TEMPLATE_KINDS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            {kind === k && <TemplateList kind={k} onInsert={onInsert} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}

function TemplateList({ kind, onInsert }: { kind: TemplateKind; onInsert: (template: EditorTemplate) => void }) {
  const templates = useTemplates(kind);
  if (templates.isPending)
    return (
      <Center h={120}>
        <Loader aria-label="Loading" />
      </Center>
    );
  if (templates.error) return <LoadErrorAlert error={templates.error} />;
  if (templates.data.data.length === 0) return <Text c="dimmed">No templates of this kind yet.</Text>;
  return (
    <ScrollArea.Autosize mah="60vh">
      <Stack gap="sm">
        {templates.data.data.map((t) => (
          <Paper key={t.id} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4}>
                <Text fw={600}>{t.name}</Text>
                <Text size="sm" c="dimmed">{t.description}</Text>
                {kind === 'smart_codes' && <Code>{t.body}</Code>}
              </Stack>
              <Button size="xs" onClick={() => onInsert(t)} aria-label={`Insert ${t.name}`}>
                Insert
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
