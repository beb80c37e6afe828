import type { RouteObject } from 'react-router';

const listPage = async () => ({ Component: (await import('./receipt-list-page.tsx')).ReceiptListPage });

/** The receipts list; a receipt's modal has its own address over the list (Back closes it). */
export const receiptsRoutes: RouteObject[] = [
  { path: 'tax-receipts', lazy: listPage },
  { path: 'tax-receipts/:id', lazy: listPage },
  { path: 'tax-receipts/year-end', lazy: async () => ({ Component: (await import('./year-end-page.tsx')).YearEndPage }) },
  { path: 'tax-receipts/ledger', lazy: async () => ({ Component: (await import('./ledger-page.tsx')).LedgerPage }) },
];
