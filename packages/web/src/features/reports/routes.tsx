import type { RouteObject } from 'react-router';

const money = () => import('./money-report-pages.tsx');
const other = () => import('./other-report-pages.tsx');
const giving = () => import('./giving-report-pages.tsx');

/** Reports (spec part 3 §7): an index and one page per report. */
export const reportsRoutes: RouteObject[] = [
  { path: 'reports', lazy: async () => ({ Component: (await import('./reports-index-page.tsx')).ReportsIndexPage }) },
  { path: 'reports/transactions', lazy: async () => ({ Component: (await money()).TransactionReportPage }) },
  { path: 'reports/payments', lazy: async () => ({ Component: (await money()).PaymentReportPage }) },
  { path: 'reports/payments-by-item', lazy: async () => ({ Component: (await money()).PaymentItemReportPage }) },
  { path: 'reports/products', lazy: async () => ({ Component: (await other()).ProductSalesReportPage }) },
  { path: 'reports/products/:id', lazy: async () => ({ Component: (await other()).ProductOrdersReportPage }) },
  { path: 'reports/platform-fees', lazy: async () => ({ Component: (await other()).PlatformFeesReportPage }) },
  { path: 'reports/donor-covers-costs', lazy: async () => ({ Component: (await other()).DccReportPage }) },
  { path: 'reports/impact-by-supporter', lazy: async () => ({ Component: (await other()).ImpactReportPage }) },
  { path: 'reports/campaign-results', lazy: async () => ({ Component: (await giving()).CampaignResultsPage }) },
  { path: 'reports/campaign-results/:id', lazy: async () => ({ Component: (await giving()).CampaignResultsPage }) },
  { path: 'reports/fund-totals', lazy: async () => ({ Component: (await giving()).FundTotalsReportPage }) },
  { path: 'reports/lapsed-donors', lazy: async () => ({ Component: (await giving()).LapsedDonorsReportPage }) },
  { path: 'reports/donor-retention', lazy: async () => ({ Component: (await giving()).DonorRetentionReportPage }) },
  { path: 'reports/reconciliation', lazy: async () => ({ Component: (await import('./reconciliation-page.tsx')).ReconciliationPage }) },
  { path: 'reports/abandoned-carts', lazy: async () => ({ Component: (await other()).AbandonedCartsReportPage }) },
];
