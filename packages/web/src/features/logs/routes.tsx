import type { RouteObject } from 'react-router';

/** Routes of this area, mounted under the signed-in layout. */
export const logsRoutes: RouteObject[] = [{ path: 'logs', lazy: async () => ({ Component: (await import('./log-viewer-page.tsx')).LogViewerPage }) }];
