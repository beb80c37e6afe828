import {
  abandonedCartFiltersSchema,
  abandonedCartRowSchema,
  dccReportFiltersSchema,
  dccReportRowSchema,
  dccStatsSchema,
  dccTotalSchema,
  impactFiltersSchema,
  impactRowSchema,
  listingRequestSchema,
  platformFeeFiltersSchema,
  platformFeeRowSchema,
  platformFeeSummarySchema,
  productIdParam,
  productOrderFiltersSchema,
  productOrderRowSchema,
  productOrderStatsSchema,
  productSalesFiltersSchema,
  productSalesRowSchema,
  reportResponseOf,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { listingSerializer, queryRows, readListingQuery } from '../../listing/engine.ts';
import { abandonedCartsReport, abandonedCartsTotals } from './abandoned.report.ts';
import { dccReport, dccStats, dccTotals } from './dcc.report.ts';
import { dccTotal, platformFeeSummary, platformFeesReport, platformFeesTotals } from './fees.report.ts';
import { impactReport, impactTotals } from './impact.report.ts';
import { productOrderStats, productOrdersReport, productOrdersTotals, productSalesReport, productSalesTotals } from './products.report.ts';
import { runReport } from './reports.totals.ts';

const tags = ['reports'];
const list = (permission: string, summary: string, body: z.ZodType, response: z.ZodType) => ({
  config: { permission },
  serializerCompiler: listingSerializer,
  schema: { summary, tags, body, response: { 200: response } },
});

/** Orders by product, product orders, platform fees, donor-covers-costs, impact and abandoned carts (spec part 3 §7). */
export const otherReportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reports read the replica when there is one (DATABASE_READ_URL).
  const db = () => app.ctx.read.db;

  app.post('/jpanel/reports/products.ajax', list('reports.orders_by_product', 'Orders by product: each product\'s paid lines in the period',
    listingRequestSchema(productSalesFiltersSchema), reportResponseOf(productSalesRowSchema, {})), async (request) => {
    const query = readListingQuery(productSalesReport({}), request.body as Record<string, unknown>);
    const def = productSalesReport(query.filters);
    return runReport(db(), def, query, productSalesTotals(def, query));
  });

  app.post('/jpanel/products/:id/contributions.ajax', {
    ...list('reports.product_orders', 'Product orders: the paid contributions holding one product, with stats',
      listingRequestSchema(productOrderFiltersSchema), reportResponseOf(productOrderRowSchema, { stats: productOrderStatsSchema.optional() })),
    schema: {
      summary: 'Product orders: the paid contributions holding one product, with stats', tags, params: productIdParam,
      body: listingRequestSchema(productOrderFiltersSchema),
      response: { 200: reportResponseOf(productOrderRowSchema, { stats: productOrderStatsSchema.optional() }) },
    },
  }, async (request) => {
    const [product] = await queryRows(db(), sql`select id from products where id = ${request.params.id}`);
    if (!product) throw new AppError('not_found', 'This product does not exist.');
    const def = productOrdersReport(request.params.id);
    const query = readListingQuery(def, request.body as Record<string, unknown>);
    const answer = await runReport(db(), def, query, productOrdersTotals);
    return query.page.count ? { ...answer, stats: await productOrderStats(db(), def, query) } : answer;
  });

  app.post('/jpanel/reports/platform-fees.json', list('reports.transaction_fees', 'Platform fees of one month, with summary_data and dcc_total',
    listingRequestSchema(platformFeeFiltersSchema),
    reportResponseOf(platformFeeRowSchema, { summary_data: z.array(platformFeeSummarySchema).optional(), dcc_total: dccTotalSchema.optional() })), async (request) => {
    const query = readListingQuery(platformFeesReport, request.body as Record<string, unknown>);
    const answer = await runReport(db(), platformFeesReport, query, platformFeesTotals);
    if (!query.page.count) return answer;
    return { ...answer, summary_data: await platformFeeSummary(db(), query), dcc_total: await dccTotal(db(), query) };
  });

  app.post('/jpanel/reports/donor-covers-costs.json', list('reports.donor_covers_costs', 'Donor-covers-costs lines, with stats (totals, average, conversions)',
    listingRequestSchema(dccReportFiltersSchema), reportResponseOf(dccReportRowSchema, { stats: dccStatsSchema.optional() })), async (request) => {
    const query = readListingQuery(dccReport, request.body as Record<string, unknown>);
    const answer = await runReport(db(), dccReport, query, dccTotals);
    return query.page.count ? { ...answer, stats: await dccStats(db(), query) } : answer;
  });

  app.post('/jpanel/reports/impact-by-supporter.json', list('member.view', 'Impact by supporter: lifetime giving and referred giving, in the organisation currency',
    listingRequestSchema(impactFiltersSchema), reportResponseOf(impactRowSchema, {})), async (request) =>
    runReport(db(), impactReport, readListingQuery(impactReport, request.body as Record<string, unknown>), impactTotals));

  app.post('/jpanel/contributions/abandoned_carts.ajax', list('reports.abandoned_carts', 'Abandoned carts: started, never paid, not at the point of sale',
    listingRequestSchema(abandonedCartFiltersSchema), reportResponseOf(abandonedCartRowSchema, {})), async (request) =>
    runReport(db(), abandonedCartsReport, readListingQuery(abandonedCartsReport, request.body as Record<string, unknown>), abandonedCartsTotals));
};
