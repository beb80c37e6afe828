import { mediaFileUrl, type EditorTemplate, type MediaItem, type PageEditorOptions } from '@almoner/contracts';
import { Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPhoto, IconTemplate } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { lazy, Suspense, useCallback, useRef } from 'react';
import { useCan } from '../../app/session.ts';
import { toast } from '../../components/toast.ts';
import { uploadEditorImage } from '../media/api.ts';
import { ImageLibraryModal, type ImageChoice } from '../media/image-library-modal.tsx';
import { TemplatesLibraryModal } from './templates-library-modal.tsx';
import { useEditorHeight } from './use-editor-height.ts';

const RichText = lazy(() => import('../../components/editors/rich-text-editor.tsx'));
const CodeEditor = lazy(() => import('../../components/editors/code-editor.tsx'));

/** One paragraph of images: a single image, or a gallery's row (built by the DOM, so attributes are escaped). */
function imagesHtml(images: { src: string; alt: string }[]): string {
  const paragraph = document.createElement('p');
  for (const { src, alt } of images) {
    const img = document.createElement('img');
    img.setAttribute('src', src);
    img.setAttribute('alt', alt);
    paragraph.append(img);
  }
  return paragraph.outerHTML;
}

const asImage = (item: MediaItem) => ({ src: mediaFileUrl(item.id, item.filename), alt: item.caption || item.filename });

/** Pasted and dropped images go through the editor upload endpoint into the media library. */
async function uploadImage(file: File) {
  try {
    const uploaded = await uploadEditorImage(file);
    return { src: uploaded.location, alt: uploaded.filename };
  } catch (error) {
    toast.error(error instanceof Error ? error.message : 'Error. Try again.');
    throw error;
  }
}

export type EditorMode = 'visual' | 'code';

/**
 * The page body in visual (TipTap) or code (CodeMirror) mode. Both edit the same string, so
 * switching keeps the content (spec part 1 §4 "Editor mode"). Code-only page types pass
 * `codeOnly`, since the visual editor would rewrite their markup.
 */
export function ContentEditor({ value, onChange, mode, onModeChange, codeOnly, options }: { value: string; onChange: (v: string) => void; mode: EditorMode; onModeChange: (m: EditorMode) => void; codeOnly: boolean; options: PageEditorOptions | undefined }) {
  const height = useEditorHeight(true);
  const can = useCan();
  const [libraryOpen, library] = useDisclosure(false);
  const [imagesOpen, images] = useDisclosure(false);
  const rich = useRef<Editor | null>(null);
  const handleReady = useCallback((editor: Editor | null) => {
    rich.current = editor;
  }, []);
  const shown = codeOnly ? 'code' : mode;
  const insertHtml = (html: string) => {
    if (shown === 'visual' && rich.current) rich.current.chain().focus().insertContent(html).run();
    else onChange(value ? `${value}\n${html}` : html);
  };
  const insert = (template: EditorTemplate) => {
    library.close();
    insertHtml(template.body);
  };
  const insertImages = (choice: ImageChoice) => insertHtml(imagesHtml(choice.kind === 'image' ? [asImage(choice.image)] : choice.images.map(asImage)));
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
        <Group gap="xs">
          {can('file.view') && (
            <Button variant="default" size="xs" leftSection={<IconPhoto size={14} />} onClick={images.open}>
              Images
            </Button>
          )}
          <Button variant="default" size="xs" leftSection={<IconTemplate size={14} />} onClick={library.open}>
            Templates
          </Button>
        </Group>
      </Group>
      <Suspense fallback={fallback}>
        {shown === 'visual' ? (
          <RichText value={value} onChange={onChange} height={height} label="Page content" fonts={options?.fonts ?? []} colors={options?.colors ?? []} onReady={handleReady} onOpenImages={can('file.view') ? images.open : undefined} uploadImage={can('file.add') ? uploadImage : undefined} />
        ) : (
          <CodeEditor value={value} onChange={onChange} height={`${height}px`} label="Page content (code)" />
        )}
      </Suspense>
      <TemplatesLibraryModal opened={libraryOpen} onClose={library.close} onInsert={insert} />
      <ImageLibraryModal opened={imagesOpen} onClose={images.close} onInsert={insertImages} />
    </Stack>
  );
}
