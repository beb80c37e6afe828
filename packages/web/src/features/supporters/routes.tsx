import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./supporter-list-page.tsx')).SupporterListPage });
const detailPage = async () => ({ Component: (await import('./supporter-page.tsx')).SupporterPage });

/** Routes of this area, mounted under the signed-in layout; each screen loads on demand. */
export const supportersRoutes: RouteObject[] = [
  { path: 'supporters', lazy: listPage },
  { path: 'supporters/:id', lazy: detailPage },
];
