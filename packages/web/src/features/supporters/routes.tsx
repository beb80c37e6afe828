import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./supporter-list-page.tsx')).SupporterListPage });
const formPage = async () => ({ Component: (await import('./supporter-form-page.tsx')).SupporterFormPage });
const detailPage = async () => ({ Component: (await import('./supporter-page.tsx')).SupporterPage });

/** Routes of this area, mounted under the signed-in layout; each screen loads on demand. */
export const supportersRoutes: RouteObject[] = [
  { path: 'supporters', lazy: listPage },
  { path: 'supporters/new', lazy: formPage },
  { path: 'supporters/:id', lazy: detailPage },
  { path: 'supporters/:id/edit', lazy: formPage },
];
