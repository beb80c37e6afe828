import type { RouteObject } from 'react-router';

/** Routes of this area, mounted under the signed-in layout. */
export const mailRoutes: RouteObject[] = [
  { path: 'mail', lazy: async () => ({ Component: (await import('./mail-list-page.tsx')).MailListPage }) },
  { path: 'mail/:id', lazy: async () => ({ Component: (await import('./mail-message-page.tsx')).MailMessagePage }) },
  { path: 'settings/mail-templates', lazy: async () => ({ Component: (await import('./mail-templates-page.tsx')).MailTemplatesPage }) },
];
