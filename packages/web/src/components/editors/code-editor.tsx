import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { oneDarkTheme } from '@codemirror/theme-one-dark';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
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

/*
 * One Dark's chrome with its syntax colours kept, except the two that fall short of 4.5:1 on its
 * #282c34 background (coral for tag and property names, 4.38; stone for comments and line
 * numbers, 3.86): those are lightened to 5.65 and 4.64.
 */
const coral = '#e88a92';
const stone = '#8c95a6';
const darkHighlight = HighlightStyle.define([
  { tag: t.keyword, color: '#c678dd' },
  { tag: [t.name, t.deleted, t.character, t.propertyName, t.macroName], color: coral },
  { tag: [t.function(t.variableName), t.labelName], color: '#61afef' },
  { tag: [t.color, t.constant(t.name), t.standard(t.name)], color: '#d19a66' },
  { tag: [t.definition(t.name), t.separator], color: '#abb2bf' },
  { tag: [t.typeName, t.className, t.number, t.changed, t.annotation, t.modifier, t.self, t.namespace], color: '#e5c07b' },
  { tag: [t.operator, t.operatorKeyword, t.url, t.escape, t.regexp, t.link, t.special(t.string)], color: '#56b6c2' },
  { tag: [t.meta, t.comment], color: stone },
  { tag: t.strong, fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: t.link, color: stone, textDecoration: 'underline' },
  { tag: t.heading, fontWeight: 'bold', color: coral },
  { tag: [t.atom, t.bool, t.special(t.variableName)], color: '#d19a66' },
  { tag: [t.processingInstruction, t.string, t.inserted], color: '#98c379' },
  { tag: t.invalid, color: '#ffffff' },
]);
const dark: Extension[] = [oneDarkTheme, syntaxHighlighting(darkHighlight), EditorView.theme({ '.cm-gutters': { color: stone } }, { dark: true })];

/*
 * CodeMirror's default light colours, except the three under 4.5:1 on its active-line background
 * (#f1faff): type names #085 (4.27), regexps and escapes #e40 (3.64), invalid #f00 (3.78).
 */
const lightHighlight = HighlightStyle.define([
  { tag: t.meta, color: '#404740' },
  { tag: t.link, textDecoration: 'underline' },
  { tag: t.heading, textDecoration: 'underline', fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strong, fontWeight: 'bold' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: t.keyword, color: '#708' },
  { tag: [t.atom, t.bool, t.url, t.contentSeparator, t.labelName], color: '#219' },
  { tag: [t.literal, t.inserted], color: '#164' },
  { tag: [t.string, t.deleted], color: '#a11' },
  { tag: [t.regexp, t.escape, t.special(t.string)], color: '#b33000' },
  { tag: t.definition(t.variableName), color: '#00f' },
  { tag: t.local(t.variableName), color: '#30a' },
  { tag: [t.typeName, t.namespace], color: '#006b44' },
  { tag: t.className, color: '#167' },
  { tag: [t.special(t.variableName), t.macroName], color: '#256' },
  { tag: t.definition(t.propertyName), color: '#00c' },
  { tag: t.comment, color: '#940' },
  { tag: t.invalid, color: '#c00' },
]);
const light: Extension[] = [syntaxHighlighting(lightHighlight)];

/**
 * CodeMirror 6, loaded lazily by the screens that need it. No print margin (CodeMirror draws
 * none); the theme editor asks for font 16 and the dark theme (spec part 3 §9).
 */
export default function CodeEditor({ value, onChange, contentType = 'text/html', height, label, fontSize = 14, dark: isDark = false, readOnly = false }: CodeEditorProps) {
  const extensions = useMemo(
    () => [
      ...languageFor(contentType),
      EditorView.lineWrapping,
      EditorView.theme({ '&': { fontSize: `${fontSize}px` } }),
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [contentType, fontSize, label],
  );
  return <CodeMirror value={value} onChange={onChange} height={height} theme={isDark ? dark : light} extensions={extensions} readOnly={readOnly} basicSetup={{ foldGutter: true, highlightActiveLine: true }} />;
}
