import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { HomePage } from './home-page.tsx';

/** One lazy route per screen; areas add their routes under the layout. */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: <AppLayout />,
      children: [{ index: true, element: <HomePage /> }],
    },
  ],
  { basename: '/jpanel' },
);
