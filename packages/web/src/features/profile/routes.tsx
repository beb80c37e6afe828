import type { RouteObject } from 'react-router';

const profilePage = async () => ({ Component: (await import('./profile-page.tsx')).ProfilePage });

/** Routes of this area, mounted under the signed-in layout. */
export const profileRoutes: RouteObject[] = [{ path: 'profile', lazy: profilePage }];
