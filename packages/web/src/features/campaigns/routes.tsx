import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./campaign-list-page.tsx')).CampaignListPage });
const formPage = async () => ({ Component: (await import('./campaign-form-page.tsx')).CampaignFormPage });

/** Campaigns and their appeals (issue 37 item 5). */
export const campaignsRoutes: RouteObject[] = [
  { path: 'campaigns', lazy: listPage },
  { path: 'campaigns/new', lazy: formPage },
  { path: 'campaigns/:id', lazy: formPage },
];
