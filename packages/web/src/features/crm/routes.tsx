import type { RouteObject } from 'react-router';

/** Routes of this area, mounted under the signed-in layout. */
export const crmRoutes: RouteObject[] = [
  { path: 'settings/donor-crm', lazy: async () => ({ Component: (await import('./crm-settings-page.tsx')).CrmSettingsPage }) },
  { path: 'donor-crm/sandbox/:id', lazy: async () => ({ Component: (await import('./sandbox-donor-page.tsx')).SandboxDonorPage }) },
];
