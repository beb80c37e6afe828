import { type AttentionRow, type ListingResponse, attentionFiltersSchema, attentionRowSchema, listingRequestSchema, listingResponseOf } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import { attentionListing } from './recurring.attention.ts';

const tags = ['recurring'];
const body = listingRequestSchema(attentionFiltersSchema);

/** Recurring profiles that need attention: failing, card expiring, suspended. */
export const recurringAttentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/jpanel/recurring/attention.ajax', {
    config: { permission: 'recurringpaymentprofile.view' },
    serializerCompiler: listingSerializer,
    schema: { summary: 'Recurring profiles that need attention (failing, card expiring, suspended), DataTables paging', tags, body, response: { 200: listingResponseOf(attentionRowSchema) } },
  }, async (request) => (await runListing(app.ctx.db, attentionListing, readListingQuery(attentionListing, request.body as Record<string, unknown>))) as ListingResponse<AttentionRow>);

  app.get('/jpanel/recurring/attention.csv', {
    config: { permission: 'recurringpaymentprofile.view' },
    schema: { summary: 'Export the recurring profiles that need attention as CSV', tags, querystring: body },
  }, async (request, reply) => sendCsv(app, reply, attentionListing, readListingQuery(attentionListing, request.query as Record<string, unknown>), 'recurring-needs-attention'));
};
