import type { RouteObject } from 'react-router';

export const sponseePhotosRoutes: RouteObject[] = [
  { path: 'import/sponsee-photos', lazy: async () => ({ Component: (await import('./sponsee-photos-page.tsx')).SponseePhotosPage }) },
];
