import type { RouteObject } from 'react-router';

/** Payment providers, data sync and billing: settings screens of this area. */
export const paymentProvidersRoutes: RouteObject[] = [
  {
    path: 'settings/payment-providers',
    lazy: async () => ({ Component: (await import('./payment-providers-page.tsx')).PaymentProvidersPage }),
  },
  {
    path: 'settings/data-sync',
    lazy: async () => ({ Component: (await import('./data-sync-page.tsx')).DataSyncPage }),
  },
  {
    path: 'settings/billing',
    lazy: async () => ({ Component: (await import('./billing-page.tsx')).BillingPage }),
  },
];
