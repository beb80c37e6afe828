import type { RouteObject } from 'react-router';

export const numbersRoutes: RouteObject[] = [
  { path: 'messenger/numbers', lazy: async () => ({ Component: (await import('./numbers-page.tsx')).NumbersPage }) },
];
