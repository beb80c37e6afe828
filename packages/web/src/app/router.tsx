import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { contributionsRoutes } from '../features/contributions/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { supportersRoutes } from '../features/supporters/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';
import { AppLayout } from './app-layout.tsx';
import { HomePage } from './home-page.tsx';
import { PageLoader } from './preloader.tsx';

/** Public pages, then every area's routes under the signed-in layout. */
export const publicRoutes = [{ path: '/login', element: <LoginPage /> }, { path: '/two-factor-challenge', lazy: async () => ({ Component: (await import('../features/auth/two-factor-challenge-page.tsx')).TwoFactorChallengePage }) }];

export const router = createBrowserRouter(
  [
    ...publicRoutes,
    {
      path: '/',
      element: <AppLayout />,
      // Shown while a lazily loaded page is fetched on the very first load.
      hydrateFallbackElement: <PageLoader />,
      children: [{ index: true, element: <HomePage /> }, ...usersRoutes, ...profileRoutes, ...settingsRoutes, ...contributionsRoutes, ...supportersRoutes],
    },
  ],
  { basename: '/jpanel' },
);
