import {
  listingRequestSchema,
  paymentAggregateSchema,
  paymentItemReportFiltersSchema,
  paymentItemReportRowSchema,
  paymentReportFiltersSchema,
  paymentReportRowSchema,
  reportResponseOf,
  transactionReportFiltersSchema,
  transactionReportRowSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, readListingQuery } from '../../listing/engine.ts';
import { paymentItemsReport, paymentItemsTotals } from './payment-items.report.ts';
import { paymentsAggregate, paymentsReport, paymentsTotals } from './payments.report.ts';
import { registerExportableListing } from '../lists/export-registry.ts';
import { runReport } from './reports.totals.ts';
import { transactionsReport, transactionsTotals } from './transactions.report.ts';

const tags = ['reports'];

/** Transaction history, payments (list, aggregate) and payments by item, each with its CSV (spec part 3 §7). */
export const moneyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same three reports also export as background jobs (no size limit, a progress bar).
  registerExportableListing('transactions_report', { definition: transactionsReport, permission: 'transaction.view', basename: 'transactions' });
  registerExportableListing('payments_report', { definition: paymentsReport, permission: 'reports.payments_details', basename: 'payments' });
  registerExportableListing('payments_by_item_report', { definition: paymentItemsReport, permission: 'reports.payments_details', basename: 'payments-by-item' });

  const transactionsBody = listingRequestSchema(transactionReportFiltersSchema);
  app.post('/jpanel/reports/transactions.ajax', {
    config: { permission: 'transaction.view' },
    serializerCompiler: listingSerializer,
    schema: { summary: 'Transaction history: every recurring charge, with totals per currency', tags, body: transactionsBody, response: { 200: reportResponseOf(transactionReportRowSchema, {}) } },
  }, async (request) => runReport(app.ctx.read.db, transactionsReport, readListingQuery(transactionsReport, request.body), transactionsTotals));
  app.get('/jpanel/reports/transactions.csv', {
    config: { permission: 'transaction.view' },
    schema: { summary: 'Export the filtered transaction history as CSV', tags, querystring: transactionsBody },
  }, async (request, reply) => sendCsv(app, reply, transactionsReport, readListingQuery(transactionsReport, request.query), 'transactions'));

  const paymentsBody = listingRequestSchema(paymentReportFiltersSchema);
  app.post('/jpanel/reports/payments.ajax', {
    config: { permission: 'reports.payments_details' },
    serializerCompiler: listingSerializer,
    schema: { summary: 'Payments: every gateway payment, with totals per currency', tags, body: paymentsBody, response: { 200: reportResponseOf(paymentReportRowSchema, {}) } },
  }, async (request) => runReport(app.ctx.read.db, paymentsReport, readListingQuery(paymentsReport, request.body), paymentsTotals));
  app.post('/jpanel/reports/payments-aggregate.ajax', {
    config: { permission: 'reports.payments_details' },
    schema: { summary: 'What the filtered payments kept, by gateway and card brand, in the organisation currency', tags, body: paymentsBody, response: { 200: paymentAggregateSchema } },
  }, async (request) => paymentsAggregate(app.ctx.read.db, readListingQuery(paymentsReport, request.body)));
  app.get('/jpanel/reports/payments.csv', {
    config: { permission: 'reports.payments_details' },
    schema: { summary: 'Export the filtered payments as CSV', tags, querystring: paymentsBody },
  }, async (request, reply) => sendCsv(app, reply, paymentsReport, readListingQuery(paymentsReport, request.query), 'payments'));

  const itemsBody = listingRequestSchema(paymentItemReportFiltersSchema);
  app.post('/jpanel/reports/payments-by-item.ajax', {
    config: { permission: 'reports.payments_details' },
    serializerCompiler: listingSerializer,
    schema: { summary: 'Payments by item: each line of each contribution paid for, with totals per currency', tags, body: itemsBody, response: { 200: reportResponseOf(paymentItemReportRowSchema, {}) } },
  }, async (request) => runReport(app.ctx.read.db, paymentItemsReport, readListingQuery(paymentItemsReport, request.body), paymentItemsTotals));
  app.get('/jpanel/reports/payments-by-item.csv', {
    config: { permission: 'reports.payments_details' },
    schema: { summary: 'Export the filtered payments by item as CSV', tags, querystring: itemsBody },
  }, async (request, reply) => sendCsv(app, reply, paymentItemsReport, readListingQuery(paymentItemsReport, request.query), 'payments-by-item'));
};
