import type { RouteObject } from 'react-router';

/** A recurring profile's page, and the profiles that need attention, loaded on demand. */
export const recurringRoutes: RouteObject[] = [
  { path: 'recurring/:id', lazy: async () => ({ Component: (await import('./recurring-page.tsx')).RecurringPage }) },
  { path: 'recurring/attention', lazy: async () => ({ Component: (await import('./attention-page.tsx')).AttentionPage }) },
];
