import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./tribute-type-list-page.tsx')).TributeTypeListPage });
const formPage = async () => ({ Component: (await import('./tribute-type-form-page.tsx')).TributeTypeFormPage });

export const tributeTypesRoutes: RouteObject[] = [
  { path: 'tribute-types', lazy: listPage },
  { path: 'tribute-types/new', lazy: formPage },
  { path: 'tribute-types/:id', lazy: formPage },
];
