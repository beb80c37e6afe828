import type { RouteObject } from 'react-router';

/** Routes of this area, mounted under the signed-in layout. */
export const tasksRoutes: RouteObject[] = [{ path: 'tasks', lazy: async () => ({ Component: (await import('./my-tasks-page.tsx')).MyTasksPage }) }];
