import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./hook-list-page.tsx')).HookListPage });
const formPage = async () => ({ Component: (await import('./hook-page.tsx')).HookPage });

export const webhooksRoutes: RouteObject[] = [
  { path: 'settings/hooks', lazy: listPage },
  { path: 'settings/hooks/new', lazy: formPage },
  { path: 'settings/hooks/:id', lazy: formPage },
];
