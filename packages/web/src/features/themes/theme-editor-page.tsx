import { assetKind, THEME_EDITOR, themeMessages, type ThemeEditorData } from '@almoner/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useReducer,
  useState,
} from 'react';
import { Group as PanelGroup, Panel, Separator } from 'react-resizable-panels';
import { Link, useParams } from 'react-router';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { fetchAsset, useSaveAsset, useThemeEditor } from './api.ts';
import { initialTabs, tabsReducer } from './editor-tabs.ts';
import { FileTree } from './file-tree.tsx';
import { LiquidReference } from './liquid-reference.tsx';
import { OlderVersions } from './older-versions.tsx';

const CodeEditor = lazy(() => import('../../components/editors/code-editor.tsx'));

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

function ThemeEditor({ data }: { data: ThemeEditorData }) {
  const themeId = data.theme.id;
  const [state, dispatch] = useReducer(tabsReducer, initialTabs);
  const [zen, setZen] = useState(false);
  // The server's reason a save was refused, for the file it belongs to only.
  const [saveError, setSaveError] = useState<{ id: number; message: string } | null>(null);
  const [referenceOpen, reference] = useDisclosure(false);
  const save = useSaveAsset(themeId);
  const active = state.tabs.find((t) => t.asset.id === state.active) ?? null;

  const open = async (assetId: number) => {
    if (state.tabs.some((t) => t.asset.id === assetId))
      return dispatch({ type: 'activate', id: assetId });
    try {
      dispatch({ type: 'open', asset: await fetchAsset(themeId, assetId) });
    } catch {
      toast.error(themeMessages.retrieveFailed);
    }
  };

  const handleSave = useCallback(async () => {
    if (
      !active ||
      assetKind(active.asset.key, active.asset.content_type) !== 'text' ||
      data.theme.is_locked
    )
      return;
    setSaveError(null);
    try {
      dispatch({
        type: 'saved',
        asset: await save.mutateAsync({ id: active.asset.id, value: active.draft }),
      });
      toast.success(themeMessages.saved);
    } catch (error) {
      toast.error(themeMessages.saveFailed);
      if (error instanceof ApiError && error.errors?.value?.[0])
        setSaveError({ id: active.asset.id, message: error.errors.value[0] });
    }
  }, [active, data.theme.is_locked, save]);

  // Ctrl/Cmd+S saves, wherever the focus is (CodeMirror included).
  const onSaveKey = useEffectEvent(() => void handleSave());
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        onSaveKey();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const kind = active ? assetKind(active.asset.key, active.asset.content_type) : null;
  const right = (
    <Stack gap={0} h="100%">
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
        <Button variant="subtle" size="compact-sm" m={4} onClick={() => setZen((z) => !z)}>
          {zen ? 'Exit Zen Mode' : 'Enter Zen Mode'}
        </Button>
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>
        {!active && (
          <Center h="100%">
            <Text c="dimmed">Choose a file to edit.</Text>
          </Center>
        )}
        {kind === 'image' && (
          <Center h="100%">
            <Text fw={600}>Image</Text>
          </Center>
        )}
        {kind === 'binary' && (
          <Center h="100%">
            <Text fw={600}>Binary</Text>
          </Center>
        )}
        {active && kind === 'text' && (
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
              readOnly={data.theme.is_locked}
            />
          </Suspense>
        )}
      </Box>
      {saveError && saveError.id === active?.asset.id && (
        <Alert color="red" py={6} role="alert">
          {saveError.message}
        </Alert>
      )}
      {active && (
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
              <OlderVersions
                key={active.asset.id}
                asset={active.asset}
                onRestored={(asset) => {
                  setSaveError(null);
                  dispatch({ type: 'saved', asset });
                }}
              />
            )}
            {active.asset.content_type === 'text/x-liquid' && (
              <Anchor component="button" type="button" size="sm" onClick={reference.open}>
                Template variables
              </Anchor>
            )}
          </Group>
          {kind === 'text' && (
            <Button
              size="compact-md"
              onClick={() => void handleSave()}
              loading={save.isPending}
              disabled={data.theme.is_locked}
            >
              Save
            </Button>
          )}
        </Group>
      )}
    </Stack>
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
                  activeId={state.active}
                  onOpen={(assetId) => void open(assetId)}
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
