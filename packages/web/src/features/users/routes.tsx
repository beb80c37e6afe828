import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./user-list-page.tsx')).UserListPage });
const formPage = async () => ({ Component: (await import('./user-form-page.tsx')).UserFormPage });
const roleListPage = async () => ({ Component: (await import('./role-list-page.tsx')).RoleListPage });
const roleFormPage = async () => ({ Component: (await import('./role-form-page.tsx')).RoleFormPage });

/** Routes of this area, mounted under the signed-in layout; each screen loads on demand. */
export const usersRoutes: RouteObject[] = [
  { path: 'users', lazy: listPage },
  { path: 'users/new', lazy: formPage },
  { path: 'users/roles', lazy: roleListPage },
  { path: 'users/roles/new', lazy: roleFormPage },
  { path: 'users/roles/:id', lazy: roleFormPage },
  { path: 'users/:id', lazy: formPage },
];
