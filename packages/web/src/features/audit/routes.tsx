import type { RouteObject } from 'react-router';

const auditLogPage = async () => ({ Component: (await import('./audit-log-page.tsx')).AuditLogPage });

/** Routes of this area, mounted under the signed-in layout; each screen loads on demand. */
export const auditRoutes: RouteObject[] = [{ path: 'audit', lazy: auditLogPage }];
