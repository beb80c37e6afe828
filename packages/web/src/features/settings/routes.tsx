import type { RouteObject } from 'react-router';

/** Routes of this area, mounted under the signed-in layout. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('./settings-page.tsx')).SettingsPage }),
  },
  {
    path: 'settings/exchange-rates',
    lazy: async () => ({ Component: (await import('./exchange-rates-page.tsx')).ExchangeRatesPage }),
  },
];
