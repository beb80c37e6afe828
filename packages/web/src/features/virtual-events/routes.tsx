import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./event-list-page.tsx')).VirtualEventListPage });
const formPage = async () => ({ Component: (await import('./event-form-page.tsx')).VirtualEventFormPage });

/** Spec part 3 §2.10: the list and the edit route; a new event is made at /create (empty id). */
export const virtualEventsRoutes: RouteObject[] = [
  { path: 'virtual-events', lazy: listPage },
  { path: 'virtual-events/create', lazy: formPage },
  { path: 'virtual-events/:id/edit', lazy: formPage },
];
