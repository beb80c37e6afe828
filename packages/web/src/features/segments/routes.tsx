import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./segment-list-page.tsx')).SegmentListPage });
const formPage = async () => ({ Component: (await import('./segment-form-page.tsx')).SegmentFormPage });

export const segmentsRoutes: RouteObject[] = [
  { path: 'segments', lazy: listPage },
  { path: 'segments/new', lazy: formPage },
  { path: 'segments/:id', lazy: formPage },
];
