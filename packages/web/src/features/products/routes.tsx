import type { RouteObject } from 'react-router';

const listPage = async () => ({
  Component: (await import('./product-list-page.tsx')).ProductListPage,
});
const formPage = async () => ({
  Component: (await import('./product-form-page.tsx')).ProductFormPage,
});

/** Routes of the catalogue, mounted under the signed-in layout; each screen loads on demand. */
export const productsRoutes: RouteObject[] = [
  { path: 'products', lazy: listPage },
  { path: 'products/new', lazy: formPage },
  { path: 'products/:id', lazy: formPage },
];
