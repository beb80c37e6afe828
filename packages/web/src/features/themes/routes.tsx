import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./theme-list-page.tsx')).ThemeListPage });
const editorPage = async () => ({ Component: (await import('./theme-editor-page.tsx')).ThemeEditorPage });

export const themesRoutes: RouteObject[] = [
  { path: 'themes', lazy: listPage },
  { path: 'themes/:id/editor', lazy: editorPage },
];
