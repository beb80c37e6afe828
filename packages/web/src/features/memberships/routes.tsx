import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./level-list-page.tsx')).MembershipLevelListPage });
const formPage = async () => ({ Component: (await import('./level-form-page.tsx')).MembershipLevelFormPage });
const renewalsPage = async () => ({ Component: (await import('./renewals-page.tsx')).RenewalsPage });

/** Membership levels (Settings) and the renewals due (People), issue 38 item 1. */
export const membershipsRoutes: RouteObject[] = [
  { path: 'membership-levels', lazy: listPage },
  { path: 'membership-levels/new', lazy: formPage },
  { path: 'membership-levels/:id', lazy: formPage },
  { path: 'memberships/renewals', lazy: renewalsPage },
];
