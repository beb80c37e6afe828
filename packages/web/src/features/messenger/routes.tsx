import type { RouteObject } from 'react-router';

export const messengerRoutes: RouteObject[] = [
  { path: 'messenger/console', lazy: async () => ({ Component: (await import('./messenger-console-page.tsx')).MessengerConsolePage }) },
];
