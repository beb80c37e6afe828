import type { EditorTemplate, PageEditorOptions } from '@almoner/contracts';
import { Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTemplate } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { lazy, Suspense, useCallback, useRef } from 'react';
import { TemplatesLibraryModal } from './templates-library-modal.tsx';
import { useEditorHeight } from './use-editor-height.ts';

const RichText = lazy(() => import('../../components/editors/rich-text-editor.tsx'));
const CodeEditor = lazy(() => import('../../components/editors/code-editor.tsx'));

export type EditorMode = 'visual' | 'code';

/**
 * The page body in visual (TipTap) or code (CodeMirror) mode. Both edit the same string, so
 * switching keeps the content (spec part 1 §4 "Editor mode"). Code-only page types pass
 * `codeOnly`, since the visual editor would rewrite their markup.
 */
export function ContentEditor({ value, onChange, mode, onModeChange, codeOnly, options }: { value: string; onChange: (v: string) => void; mode: EditorMode; onModeChange: (m: EditorMode) => void; codeOnly: boolean; options: PageEditorOptions | undefined }) {
  const height = useEditorHeight(true);
  const [libraryOpen, library] = useDisclosure(false);
  const rich = useRef<Editor | null>(null);
  const handleReady = useCallback((editor: Editor | null) => {
    rich.current = editor;
  }, []);
  const shown = codeOnly ? 'code' : mode;
  const insert = (template: EditorTemplate) => {
    library.close();
    if (shown === 'visual' && rich.current) rich.current.chain().focus().insertContent(template.body).run();
    else onChange(value ? `${value}\n${template.body}` : template.body);
  };
  const fallback = (
    <Center h={height}>
      <Loader aria-label="Loading the editor" />
    </Center>
  );
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        {codeOnly ? (
          <Text size="sm" c="dimmed">Code</Text>
        ) : (
          <SegmentedControl aria-label="Editor mode" value={mode} onChange={(v) => onModeChange(v as EditorMode)} data={[{ value: 'visual', label: 'Visual' }, { value: 'code', label: 'Code' }]} />
        )}
        <Button variant="default" size="xs" leftSection={<IconTemplate size={14} />} onClick={library.open}>
          Templates
        </Button>
      </Group>
      <Suspense fallback={fallback}>
        {shown === 'visual' ? (
          <RichText value={value} onChange={onChange} height={height} label="Page content" fonts={options?.fonts ?? []} colors={options?.colors ?? []} onReady={handleReady} />
        ) : (
          <CodeEditor value={value} onChange={onChange} height={`${height}px`} label="Page content (code)" />
        )}
      </Suspense>
      <TemplatesLibraryModal opened={libraryOpen} onClose={library.close} onInsert={insert} />
    </Stack>
  );
}
