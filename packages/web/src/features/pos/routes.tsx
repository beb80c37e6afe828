import type { RouteObject } from 'react-router';

const posPage = async () => ({ Component: (await import('./pos-page.tsx')).PosPage });
const packingSlipPage = async () => ({
  Component: (await import('./packing-slip-page.tsx')).PackingSlipPage,
});

/** The point of sale, and the packing slip its finished screen prints. */
export const posRoutes: RouteObject[] = [
  { path: 'pos', lazy: posPage },
  { path: 'contributions/packing_slip', lazy: packingSlipPage },
];
