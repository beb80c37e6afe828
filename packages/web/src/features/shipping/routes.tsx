import type { RouteObject } from 'react-router';

const settingsPage = async () => ({ Component: (await import('./shipping-page.tsx')).ShippingPage });
const methodPage = async () => ({ Component: (await import('./shipping-method-page.tsx')).ShippingMethodPage });

export const shippingRoutes: RouteObject[] = [
  { path: 'settings/shipping', lazy: settingsPage },
  { path: 'settings/shipping/methods/new', lazy: methodPage },
  { path: 'settings/shipping/methods/:id', lazy: methodPage },
];
