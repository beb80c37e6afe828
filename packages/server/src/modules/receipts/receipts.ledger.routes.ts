import { type LedgerRow, type ListingResponse, ledgerFiltersSchema, ledgerRowSchema, listingRequestSchema, listingResponseOf } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import { ledgerListing, sequenceRanges } from './receipts.ledger.ts';

const tags = ['receipts'];
const body = listingRequestSchema(ledgerFiltersSchema);

/** The number ledger for auditors: every skipped, voided or replaced receipt number, listed and exported. */
export const receiptsLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/jpanel/tax_receipts/ledger.ajax', {
    config: { permission: 'taxreceipt.view' },
    serializerCompiler: listingSerializer,
    schema: { summary: 'Receipt number ledger: skipped, voided and replaced numbers (DataTables paging, search and filters)', tags, body, response: { 200: listingResponseOf(ledgerRowSchema) } },
  }, async (request) => {
    const def = ledgerListing(await sequenceRanges(app.ctx.db));
    return (await runListing(app.ctx.db, def, readListingQuery(def, request.body as Record<string, unknown>))) as ListingResponse<LedgerRow>;
  });

  app.get('/jpanel/tax_receipts/ledger.csv', {
    config: { permission: 'taxreceipt.view' },
    schema: { summary: 'Export the receipt number ledger as CSV', tags, querystring: body },
  }, async (request, reply) => {
    const def = ledgerListing(await sequenceRanges(app.ctx.db));
    return sendCsv(app, reply, def, readListingQuery(def, request.query as Record<string, unknown>), 'receipt-number-ledger');
  });
};
