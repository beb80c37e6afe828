import type { RouteObject } from 'react-router';

/** Routes of this area, mounted under the signed-in layout. */
export const batchesRoutes: RouteObject[] = [
  { path: 'batches', lazy: async () => ({ Component: (await import('./batches-page.tsx')).BatchesPage }) },
  { path: 'batches/:id', lazy: async () => ({ Component: (await import('./batch-page.tsx')).BatchPage }) },
  { path: 'batches/:id/deposit-slip', lazy: async () => ({ Component: (await import('./deposit-slip-page.tsx')).DepositSlipPage }) },
];
