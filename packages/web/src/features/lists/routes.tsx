import type { RouteObject } from 'react-router';

/** The recurring payments, tributes and fundraise lists, loaded on demand. */
export const listsRoutes: RouteObject[] = [
  { path: 'recurring-payments', lazy: async () => ({ Component: (await import('./recurring-list-page.tsx')).RecurringListPage }) },
  { path: 'tributes', lazy: async () => ({ Component: (await import('./tribute-list-page.tsx')).TributeListPage }) },
  { path: 'fundraise/:tab', lazy: async () => ({ Component: (await import('./fundraise-page.tsx')).FundraisePage }) },
];
