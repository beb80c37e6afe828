import '@mantine/tiptap/styles.css';
import { Select } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { TextStyleKit } from '@tiptap/extension-text-style';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';

export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  height: number;
  label: string;
  fonts: string[];
  colors: { name: string; value: string }[];
  /** Hands the editor up, so a library can insert at the cursor. */
  onReady?: (editor: Editor | null) => void;
  /** Shows the toolbar's image button (the images library); absent without file.view. */
  onOpenImages?: () => void;
  /** Uploads a pasted or dropped image and answers its address; absent without file.add. */
  uploadImage?: (file: File) => Promise<{ src: string; alt: string }>;
};

const imageFiles = (list: FileList | null | undefined) => Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));

/** TipTap through @mantine/tiptap, loaded lazily; fonts and colours come from the theme's settings. */
export default function RichText({ value, onChange, height, label, fonts, colors, onReady, onOpenImages, uploadImage }: RichTextEditorProps) {
  const lastEmitted = useRef(value);
  // The editor keeps the options it was made with: the upload goes through a ref so it stays current.
  const upload = useRef(uploadImage);
  useEffect(() => {
    upload.current = uploadImage;
  }, [uploadImage]);
  const editorRef = useRef<Editor | null>(null);
  /** Pasted or dropped images go to the media library one by one and land where they were put. */
  const insertUploads = (files: File[], at: number | null) => {
    const send = upload.current;
    if (!send || files.length === 0) return false;
    void (async () => {
      for (const file of files) {
        const image = await send(file).catch(() => null);
        const editor = editorRef.current;
        if (!image || !editor) continue;
        const node = { type: 'image', attrs: image };
        if (at === null) editor.chain().focus().insertContent(node).run();
        else editor.chain().focus().insertContentAt(at, node).run();
      }
    })();
    return true;
  };
  const editor = useEditor({
    // Inline images, so a gallery is a row of images in one paragraph.
    extensions: [StarterKit.configure({ link: false }), Link, TextStyleKit, Image.configure({ inline: true })],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (!upload.current || files.length === 0) return false;
        event.preventDefault();
        return insertUploads(files, null);
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (moved || !upload.current || files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null;
        return insertUploads(files, at);
      },
    },
    onUpdate: ({ editor: e }) => {
      lastEmitted.current = e.getHTML();
      onChange(lastEmitted.current);
    },
  });
  // Content changed outside (code mode, a restored revision, an inserted template): show it.
  useEffect(() => {
    if (editor && value !== lastEmitted.current) {
      lastEmitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  useEffect(() => {
    editorRef.current = editor;
    onReady?.(editor);
    return () => onReady?.(null);
  }, [editor, onReady]);
  return (
    <RichTextEditor editor={editor} styles={{ content: { height, overflowY: 'auto' } }}>
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          {onOpenImages && (
            <RichTextEditor.Control onClick={onOpenImages} aria-label="Insert image" title="Insert image">
              <IconPhoto size={16} stroke={1.5} />
            </RichTextEditor.Control>
          )}
        </RichTextEditor.ControlsGroup>
        {colors.length > 0 && <RichTextEditor.ColorPicker colors={colors.map((c) => c.value)} />}
        <Select
          aria-label="Font"
          placeholder="Font"
          size="xs"
          w={170}
          data={fonts}
          onChange={(font) => {
            if (!editor) return;
            if (font) editor.chain().focus().setFontFamily(font).run();
            else editor.chain().focus().unsetFontFamily().run();
          }}
          clearable
        />
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
