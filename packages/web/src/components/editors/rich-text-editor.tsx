import '@mantine/tiptap/styles.css';
import { Select } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
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
};

/** TipTap through @mantine/tiptap, loaded lazily; fonts and colours come from the theme's settings. */
export default function RichText({ value, onChange, height, label, fonts, colors, onReady }: RichTextEditorProps) {
  const lastEmitted = useRef(value);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, TextStyleKit],
    content: value,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
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
