import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./tax-list-page.tsx')).TaxListPage });
const formPage = async () => ({ Component: (await import('./tax-form-page.tsx')).TaxFormPage });

export const taxesRoutes: RouteObject[] = [
  { path: 'settings/taxes', lazy: listPage },
  { path: 'settings/taxes/new', lazy: formPage },
  { path: 'settings/taxes/:id', lazy: formPage },
];
