import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./page-list-page.tsx')).PageListPage });
const editorPage = async () => ({ Component: (await import('./page-editor-page.tsx')).PageEditorPage });

export const pagesRoutes: RouteObject[] = [
  { path: 'pages', lazy: listPage },
  { path: 'pages/new', lazy: editorPage },
  { path: 'pages/:id', lazy: editorPage },
];
