import { THEME_EDITOR, themeMessages, type ThemeEditorData } from '@almoner/contracts';
import { Alert, Anchor, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { Group as PanelGroup, Panel, Separator } from 'react-resizable-panels';
import { Link, useParams } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useThemeEditor } from './api.ts';
import { FilePane } from './file-pane.tsx';
import { FileTree } from './file-tree.tsx';
import { LiquidReference } from './liquid-reference.tsx';
import { useThemeFiles } from './use-theme-files.ts';

/** /themes/:id/editor (spec part 3 §2.6). */
export function ThemeEditorPage() {
  const id = Number(useParams().id);
  const editor = useThemeEditor(id);
  if (editor.isPending)
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  if (!editor.data) return <LoadErrorAlert error={editor.error} />;
  return <ThemeEditor data={editor.data} />;
}

/** The file tree beside the open files (useThemeFiles holds them; FilePane draws them). */
function ThemeEditor({ data }: { data: ThemeEditorData }) {
  const files = useThemeFiles(data);
  const [zen, setZen] = useState(false);
  const [referenceOpen, reference] = useDisclosure(false);
  const right = (
    <FilePane
      files={files}
      locked={data.theme.is_locked}
      zen={zen}
      onToggleZen={() => setZen((z) => !z)}
      onOpenReference={reference.open}
    />
  );

  return (
    <Stack gap="sm" h="calc(100vh - 120px)">
      {!zen && (
        <Group justify="space-between">
          <Title order={2}>
            {data.theme.title}{' '}
            <Text span c="dimmed" size="md">
              theme files
            </Text>
          </Title>
          <Anchor component={Link} to="/themes" size="sm">
            All themes
          </Anchor>
        </Group>
      )}
      {data.theme.is_locked && <Alert color="yellow">{themeMessages.locked}</Alert>}
      <Paper
        withBorder
        style={zen ? { position: 'fixed', inset: 0, zIndex: 200 } : { flex: 1, minHeight: 0 }}
      >
        {zen ? (
          right
        ) : (
          <PanelGroup orientation="horizontal" style={{ height: '100%' }}>
            <Panel
              defaultSize={`${THEME_EDITOR.paneDefaultPercent}%`}
              minSize={`${THEME_EDITOR.paneMinPercent}%`}
            >
              <ScrollArea h="100%">
                <FileTree
                  assets={data.assets}
                  activeId={files.state.active}
                  onOpen={(assetId) => void files.open(assetId)}
                />
              </ScrollArea>
            </Panel>
            <Separator
              aria-label="Resize the file list"
              style={{
                width: 6,
                background: 'var(--mantine-color-default-border)',
                cursor: 'col-resize',
              }}
            />
            <Panel minSize={`${THEME_EDITOR.paneMinPercent}%`}>{right}</Panel>
          </PanelGroup>
        )}
      </Paper>
      <LiquidReference opened={referenceOpen} onClose={reference.close} />
    </Stack>
  );
}
