import type { RouteObject } from 'react-router';

/** Duplicate supporters (issue 16 item 6): the candidate list and the merge screen of one pair. */
export const duplicatesRoutes: RouteObject[] = [
  { path: 'supporters/duplicates', lazy: async () => ({ Component: (await import('./duplicate-list-page.tsx')).DuplicateListPage }) },
  { path: 'supporters/duplicates/:id', lazy: async () => ({ Component: (await import('./merge-page.tsx')).MergePage }) },
];
