import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./contribution-list-page.tsx')).ContributionListPage });
const unacknowledgedPage = async () => ({ Component: (await import('./unacknowledged-page.tsx')).UnacknowledgedPage });
const detailPage = async () => ({ Component: (await import('./contribution-page.tsx')).ContributionPage });

/** Routes of this area, mounted under the signed-in layout; each screen loads on demand. */
export const contributionsRoutes: RouteObject[] = [
  { path: 'contributions', lazy: listPage },
  { path: 'contributions/unacknowledged', lazy: unacknowledgedPage },
  { path: 'contributions/:id', lazy: detailPage },
];
