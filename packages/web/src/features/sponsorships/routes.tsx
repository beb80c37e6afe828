import type { RouteObject } from 'react-router';

const listPage = async () => ({
  Component: (await import('./sponsee-list-page.tsx')).SponseeListPage,
});
const detailPage = async () => ({ Component: (await import('./sponsee-page.tsx')).SponseePage });

/** Sponsees: the list and each sponsee's page (with its sponsors and timeline). */
export const sponsorshipsRoutes: RouteObject[] = [
  { path: 'sponsorships', lazy: listPage },
  { path: 'sponsorships/:id', lazy: detailPage },
];
