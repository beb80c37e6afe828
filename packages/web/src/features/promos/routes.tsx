import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./promo-list-page.tsx')).PromoListPage });
const formPage = async () => ({ Component: (await import('./promo-form-page.tsx')).PromoFormPage });

export const promosRoutes: RouteObject[] = [
  { path: 'promos', lazy: listPage },
  { path: 'promos/new', lazy: formPage },
  { path: 'promos/:id', lazy: formPage },
];
