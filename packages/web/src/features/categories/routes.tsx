import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./category-list-page.tsx')).CategoryListPage });
const formPage = async () => ({ Component: (await import('./category-form-page.tsx')).CategoryFormPage });

export const categoriesRoutes: RouteObject[] = [
  { path: 'categories', lazy: listPage },
  { path: 'categories/new', lazy: formPage },
  { path: 'categories/:id', lazy: formPage },
];
