import { createBrowserRouter } from 'react-router';
import { contributionsRoutes } from '../features/contributions/routes.tsx';
import { jobsRoutes } from '../features/jobs/routes.tsx';
import { logsRoutes } from '../features/logs/routes.tsx';
import { mailRoutes } from '../features/mail/routes.tsx';
import { productsRoutes } from '../features/products/routes.tsx';
import { paymentGroupsRoutes } from '../features/payment-groups/routes.tsx';
import { promosRoutes } from '../features/promos/routes.tsx';
import { posRoutes } from '../features/pos/routes.tsx';
import { segmentsRoutes } from '../features/segments/routes.tsx';
import { pagesRoutes } from '../features/pages/routes.tsx';
import { feedsRoutes } from '../features/feeds/routes.tsx';
import { themesRoutes } from '../features/themes/routes.tsx';
import { categoriesRoutes } from '../features/categories/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { supportersRoutes } from '../features/supporters/routes.tsx';
import { sponsorshipsRoutes } from '../features/sponsorships/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';
import { auditRoutes } from '../features/audit/routes.tsx';
import { receiptsRoutes } from '../features/receipts/routes.tsx';
import { recurringRoutes } from '../features/recurring/routes.tsx';
import { shippingRoutes } from '../features/shipping/routes.tsx';
import { taxesRoutes } from '../features/taxes/routes.tsx';
import { tributeTypesRoutes } from '../features/tribute-types/routes.tsx';
import { membershipsRoutes } from '../features/memberships/routes.tsx';
import { virtualEventsRoutes } from '../features/virtual-events/routes.tsx';
import { reportsRoutes } from '../features/reports/routes.tsx';
import { listsRoutes } from '../features/lists/routes.tsx';
import { numbersRoutes } from '../features/numbers/routes.tsx';
import { messengerRoutes } from '../features/messenger/routes.tsx';
import { crmRoutes } from '../features/crm/routes.tsx';
import { paymentProvidersRoutes } from '../features/payment-providers/routes.tsx';
import { webhooksRoutes } from '../features/webhooks/routes.tsx';
import { importsRoutes } from '../features/imports/routes.tsx';
import { sponseePhotosRoutes } from '../features/sponsee-photos/routes.tsx';
import { mediaRoutes } from '../features/media/routes.tsx';
import { duplicatesRoutes } from '../features/duplicates/routes.tsx';
import { tasksRoutes } from '../features/tasks/routes.tsx';
import { batchesRoutes } from '../features/batches/routes.tsx';
import { campaignsRoutes } from '../features/campaigns/routes.tsx';
import { PageLoader } from './preloader.tsx';
import { publicRoutes } from './public-routes.ts';
import { NotFoundPage, RouteErrorPage } from './route-errors.tsx';

/**
 * Every screen loads on demand, the sign-in page and the signed-in shell included: a signed-out
 * visitor does not download the shell, and the shell does not carry the sign-in form's
 * validation (zod and the form library stay off the signed-in first screen).
 */
export const router = createBrowserRouter(
  [
    {
      // A failure in the shell itself (or a public page) still gets plain words and a way out.
      errorElement: <RouteErrorPage />,
      // Shown while the first screen's code is fetched on the very first load.
      hydrateFallbackElement: <PageLoader />,
      children: [
        ...publicRoutes,
        {
          path: '/',
          lazy: async () => ({ Component: (await import('./app-layout.tsx')).AppLayout }),
          children: [
            {
              // A page that fails shows its error inside the shell, sidebar and all.
              errorElement: <RouteErrorPage />,
              children: [
                { index: true, lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage }) },
                ...usersRoutes,
                ...auditRoutes,
                ...profileRoutes,
                ...settingsRoutes,
                ...taxesRoutes,
                ...tributeTypesRoutes,
                ...membershipsRoutes,
                ...virtualEventsRoutes,
                ...shippingRoutes,
                ...contributionsRoutes,
                ...duplicatesRoutes,
                ...supportersRoutes,
                ...sponsorshipsRoutes,
                ...jobsRoutes,
                ...logsRoutes,
                ...mailRoutes,
                ...receiptsRoutes,
                ...recurringRoutes,
                ...productsRoutes,
                ...paymentGroupsRoutes,
                ...promosRoutes,
                ...posRoutes,
                ...segmentsRoutes,
                ...categoriesRoutes,
                ...reportsRoutes,
                ...listsRoutes,
                ...numbersRoutes,
                ...messengerRoutes,
                ...crmRoutes,
                ...paymentProvidersRoutes,
                ...webhooksRoutes,
                ...importsRoutes,
                ...sponseePhotosRoutes,
                ...pagesRoutes,
                ...feedsRoutes,
                ...themesRoutes,
                ...mediaRoutes,
                ...tasksRoutes,
                ...batchesRoutes,
                ...campaignsRoutes,
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ],
  { basename: '/jpanel' },
);
