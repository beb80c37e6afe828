import type { RouteObject } from 'react-router';

/** Routes of this area, mounted under the signed-in layout. */
export const jobsRoutes: RouteObject[] = [{ path: 'jobs', lazy: async () => ({ Component: (await import('./jobs-page.tsx')).JobsPage }) }];
