import type { RouteObject } from 'react-router';

const page = async () => ({ Component: (await import('./media-library-page.tsx')).MediaLibraryPage });

/** The media library page, under the signed-in layout. */
export const mediaRoutes: RouteObject[] = [{ path: 'media', lazy: page }];
