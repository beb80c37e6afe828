import type { RouteObject } from 'react-router';

const listPage = async () => ({
  Component: (await import('./payment-group-list-page.tsx')).PaymentGroupListPage,
});
const formPage = async () => ({
  Component: (await import('./payment-group-form-page.tsx')).PaymentGroupFormPage,
});

export const paymentGroupsRoutes: RouteObject[] = [
  { path: 'payment-groups', lazy: listPage },
  { path: 'payment-groups/new', lazy: formPage },
  { path: 'payment-groups/:id', lazy: formPage },
];
