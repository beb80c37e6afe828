import { accountTypeListSchema, supporterSavedAnswerSchema, type ListingResponse, listingRequestSchema, possibleDuplicatesQuerySchema, possibleDuplicatesSchema, supporterInputSchema, supporterStatusActionSchema, supporterStatusAnswerSchema, listingResponseOf, supporterFiltersSchema, type SupporterListingRow, supporterOptionSchema, supporterRowSchema, text } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import { getSupporter, searchSupporterOptions } from './supporters.detail.ts';
import { supportersListing } from './supporters.listing.ts';
import { createSupporter, listAccountTypes, possibleDuplicates, updateSupporter } from './supporters.edit.ts';
import { setSupporterStatus } from './supporters.status.ts';

const listingRequest = listingRequestSchema(supporterFiltersSchema);
const idParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });

/** Supporters listing, CSV export, picker lookup and a supporter's page (spec part 1 §2, part 3 §7). */
export const supportersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jpanel/supporters.listing',
    // Documented by the row schema, answered without re-validation (see listingSerializer).
    { config: { permission: 'member.view' }, serializerCompiler: listingSerializer, schema: { summary: 'List supporters (DataTables paging, search and filters)', tags: ['supporters'], body: listingRequest, response: { 200: listingResponseOf(supporterRowSchema) } } },
    async (request) => (await runListing(app.ctx.db, supportersListing, readListingQuery(supportersListing, request.body))) as ListingResponse<SupporterListingRow>,
  );

  app.get(
    '/jpanel/supporters.csv',
    { config: { permission: 'member.view' }, schema: { summary: 'Export the filtered supporters as CSV', tags: ['supporters'], querystring: listingRequest } },
    async (request, reply) => sendCsv(app, reply, supportersListing, readListingQuery(supportersListing, request.query), 'supporters'),
  );

  app.get(
    '/jpanel/supporters.json',
    {
      // The point of sale's account modal picks supporters too.
      config: { permission: ['member.view', 'pos.edit'] },
      schema: { summary: 'Find supporters by name or e-mail (picker)', tags: ['supporters'], querystring: z.object({ query: text().max(200).optional() }), response: { 200: z.array(supporterOptionSchema) } },
    },
    async (request) => searchSupporterOptions(app.ctx.db, request.query.query ?? ''),
  );

  app.get(
    '/jpanel/supporters/:id',
    { config: { permission: 'member.view' }, schema: { summary: 'Read a supporter\'s page', tags: ['supporters'], params: idParams } },
    async (request) => getSupporter(app.ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/supporters',
    { config: { permission: 'member.add' }, schema: { summary: 'Add a supporter by hand', tags: ['supporters'], body: supporterInputSchema, response: { 201: supporterSavedAnswerSchema } } },
    async (request, reply) => reply.code(201).send(await createSupporter(app.ctx.db, request.actor, request.body)),
  );

  app.post(
    '/jpanel/supporters/:id',
    { config: { permission: 'member.edit' }, schema: { summary: 'Correct a supporter (every field as sent; refused over a newer change)', tags: ['supporters'], params: idParams, body: supporterInputSchema, response: { 200: supporterSavedAnswerSchema } } },
    async (request) => updateSupporter(app.ctx.db, request.actor, request.params.id, request.body),
  );

  app.get(
    '/jpanel/account_types.json',
    { config: { permission: 'member.view' }, schema: { summary: 'Supporter types (individual, organisation, …) for the supporter form', tags: ['supporters'], response: { 200: accountTypeListSchema } } },
    async () => ({ data: await listAccountTypes(app.ctx.db) }),
  );

  app.post(
    '/jpanel/supporters.duplicates',
    {
      config: { permission: ['member.add', 'member.edit'] },
      schema: { summary: 'Supporters who may be the person a form describes (same e-mail, or same name and postcode)', tags: ['supporters'], body: possibleDuplicatesQuerySchema, response: { 200: possibleDuplicatesSchema } },
    },
    async (request) => possibleDuplicates(app.ctx.db, request.body),
  );

  app.post(
    '/jpanel/supporters/:id/:action',
    {
      config: { permission: 'member.edit' },
      schema: {
        summary: 'Archive a supporter, mark them as spam, or restore them (archive, spam, restore)',
        tags: ['supporters'],
        params: idParams.extend({ action: supporterStatusActionSchema }),
        response: { 200: supporterStatusAnswerSchema },
      },
    },
    async (request) => setSupporterStatus(app.ctx.db, request.actor, request.params.id, request.params.action),
  );
};
