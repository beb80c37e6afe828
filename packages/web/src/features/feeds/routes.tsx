import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./feed-list-page.tsx')).FeedListPage });
const feedPage = async () => ({ Component: (await import('./feed-page.tsx')).FeedPage });
const postPage = async () => ({ Component: (await import('./post-form-page.tsx')).PostFormPage });

export const feedsRoutes: RouteObject[] = [
  { path: 'feeds', lazy: listPage },
  { path: 'feeds/new', lazy: feedPage },
  { path: 'feeds/:id', lazy: feedPage },
  { path: 'feeds/:feedId/posts/new', lazy: postPage },
  { path: 'feeds/:feedId/posts/:id', lazy: postPage },
];
