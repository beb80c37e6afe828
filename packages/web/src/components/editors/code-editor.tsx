import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { oneDark } from '@codemirror/theme-one-dark';
import { EditorView } from '@codemirror/view';
import CodeMirror, { type Extension } from '@uiw/react-codemirror';
import { useMemo } from 'react';

/** The language CodeMirror highlights for a content type (Liquid reads as HTML with tags). */
function languageFor(contentType: string): Extension[] {
  if (contentType === 'text/css' || contentType === 'text/scss') return [css()];
  if (contentType.includes('javascript')) return [javascript()];
  if (contentType === 'application/json') return [json()];
  return [html()];
}

export type CodeEditorProps = {
  value: string;
  onChange: (value: string) => void;
  contentType?: string;
  height: string;
  label: string;
  fontSize?: number;
  dark?: boolean;
  readOnly?: boolean;
};

/**
 * CodeMirror 6, loaded lazily by the screens that need it. No print margin (CodeMirror draws
 * none); the theme editor asks for font 16 and the dark theme (spec part 3 §9).
 */
export default function CodeEditor({ value, onChange, contentType = 'text/html', height, label, fontSize = 14, dark = false, readOnly = false }: CodeEditorProps) {
  const extensions = useMemo(
    () => [
      ...languageFor(contentType),
      EditorView.lineWrapping,
      EditorView.theme({ '&': { fontSize: `${fontSize}px` } }),
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [contentType, fontSize, label],
  );
  return <CodeMirror value={value} onChange={onChange} height={height} theme={dark ? oneDark : 'light'} extensions={extensions} readOnly={readOnly} basicSetup={{ foldGutter: true, highlightActiveLine: true }} />;
}
