import { assetKind, THEME_EDITOR } from '@almoner/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { OlderVersions } from './older-versions.tsx';
import type { ThemeFiles } from './use-theme-files.ts';

const CodeEditor = lazy(() => import('../../components/editors/code-editor.tsx'));

type Props = {
  files: ThemeFiles;
  locked: boolean;
  zen: boolean;
  onToggleZen: () => void;
  onOpenReference: () => void;
};

/** The editor's right-hand pane: the open files' tabs, the active file, and its footer. */
export function FilePane(props: Props) {
  const { files } = props;
  return (
    <Stack gap={0} h="100%">
      <OpenFileTabs {...props} />
      <Box style={{ flex: 1, minHeight: 0 }}>
        <ActiveFile files={files} locked={props.locked} />
      </Box>
      {files.saveError && (
        <Alert color="red" py={6} role="alert">
          {files.saveError}
        </Alert>
      )}
      {files.active && <FileFooter {...props} />}
    </Stack>
  );
}

function OpenFileTabs({ files, zen, onToggleZen }: Props) {
  const { state, dispatch } = files;
  return (
    <Group
      gap={0}
      wrap="nowrap"
      role="group"
      aria-label="Open files"
      style={{ overflowX: 'auto', borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {state.tabs.map((t) => (
        <Group
          key={t.asset.id}
          gap={2}
          wrap="nowrap"
          px="xs"
          py={4}
          bg={t.asset.id === state.active ? 'var(--mantine-color-default-hover)' : undefined}
        >
          <UnstyledButton
            aria-current={t.asset.id === state.active ? 'true' : undefined}
            onClick={() => dispatch({ type: 'activate', id: t.asset.id })}
          >
            <Text size="sm">
              {t.asset.name}
              {t.draft !== (t.asset.value ?? '') ? ' •' : ''}
            </Text>
          </UnstyledButton>
          <CloseButton
            size="sm"
            aria-label={`Close ${t.asset.name}`}
            onClick={() => dispatch({ type: 'close', id: t.asset.id })}
          />
        </Group>
      ))}
      <Box style={{ flex: 1 }} />
      <Button variant="subtle" size="compact-sm" m={4} onClick={onToggleZen}>
        {zen ? 'Exit Zen Mode' : 'Enter Zen Mode'}
      </Button>
    </Group>
  );
}

function ActiveFile({ files, locked }: { files: ThemeFiles; locked: boolean }) {
  const { active, dispatch } = files;
  if (!active)
    return (
      <Center h="100%">
        <Text c="dimmed">Choose a file to edit.</Text>
      </Center>
    );
  const kind = assetKind(active.asset.key, active.asset.content_type);
  if (kind !== 'text')
    return (
      <Center h="100%">
        <Text fw={600}>{kind === 'image' ? 'Image' : 'Binary'}</Text>
      </Center>
    );
  return (
    <Suspense
      fallback={
        <Center h="100%">
          <Loader aria-label="Loading the editor" />
        </Center>
      }
    >
      <CodeEditor
        key={active.asset.id}
        value={active.draft}
        onChange={(v) => dispatch({ type: 'edit', id: active.asset.id, draft: v })}
        contentType={active.asset.content_type}
        height="100%"
        label={`Contents of ${active.asset.key}`}
        fontSize={THEME_EDITOR.fontSize}
        dark
        readOnly={locked}
      />
    </Suspense>
  );
}

function FileFooter({ files, locked, onOpenReference }: Props) {
  const { active } = files;
  if (!active) return null;
  const kind = assetKind(active.asset.key, active.asset.content_type);
  return (
    <Group
      justify="space-between"
      px="sm"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="md">
        <Text size="sm" fw={500}>
          {active.asset.key}
        </Text>
        {kind === 'text' && (
          <OlderVersions key={active.asset.id} asset={active.asset} onRestored={files.restored} />
        )}
        {active.asset.content_type === 'text/x-liquid' && (
          <Anchor component="button" type="button" size="sm" onClick={onOpenReference}>
            Template variables
          </Anchor>
        )}
      </Group>
      {kind === 'text' && (
        <Button
          size="compact-md"
          onClick={() => void files.save()}
          loading={files.saving}
          disabled={locked}
        >
          Save
        </Button>
      )}
    </Group>
  );
}
