import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./receipt-list-page.tsx')).ReceiptListPage });

/** The receipts list; a receipt's modal has its own address over the list (Back closes it). */
export const receiptsRoutes: RouteObject[] = [
  { path: 'tax-receipts', lazy: listPage },
  { path: 'tax-receipts/:id', lazy: listPage },
];
