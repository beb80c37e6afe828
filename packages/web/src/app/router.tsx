import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';
import { AppLayout } from './app-layout.tsx';
import { HomePage } from './home-page.tsx';

/** Public pages, then every area's routes under the signed-in layout. */
export const publicRoutes = [{ path: '/login', element: <LoginPage /> }];

export const router = createBrowserRouter(
  [
    ...publicRoutes,
    {
      path: '/',
      element: <AppLayout />,
      children: [{ index: true, element: <HomePage /> }, ...usersRoutes, ...profileRoutes, ...settingsRoutes],
    },
  ],
  { basename: '/jpanel' },
);
