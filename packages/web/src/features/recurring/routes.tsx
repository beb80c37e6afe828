import type { RouteObject } from 'react-router';

/** A recurring profile's page, loaded on demand. */
export const recurringRoutes: RouteObject[] = [{ path: 'recurring/:id', lazy: async () => ({ Component: (await import('./recurring-page.tsx')).RecurringPage }) }];
