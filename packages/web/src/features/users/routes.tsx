import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./user-list-page.tsx')).UserListPage });
const formPage = async () => ({ Component: (await import('./user-form-page.tsx')).UserFormPage });

/** Routes of this area, mounted under the signed-in layout; each screen loads on demand. */
export const usersRoutes: RouteObject[] = [
  { path: 'users', lazy: listPage },
  { path: 'users/new', lazy: formPage },
  { path: 'users/:id', lazy: formPage },
];
