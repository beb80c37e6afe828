import type { RouteObject } from 'react-router';

const listPage = async () => ({
  Component: (await import('./sponsee-list-page.tsx')).SponseeListPage,
});
const sponsorsPage = async () => ({
  Component: (await import('./sponsor-list-page.tsx')).SponsorListPage,
});
const detailPage = async () => ({ Component: (await import('./sponsee-page.tsx')).SponseePage });

/** Sponsees: the list and each sponsee's page (with its sponsors and timeline); the sponsors list. */
export const sponsorshipsRoutes: RouteObject[] = [
  { path: 'sponsorships', lazy: listPage },
  { path: 'sponsorships/:id', lazy: detailPage },
  { path: 'sponsors', lazy: sponsorsPage },
];
