import { listingResponseSchema, supporterOptionSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../listing/csv-reply.ts';
import { readListingQuery, runListing } from '../../listing/engine.ts';
import { getSupporter, searchSupporterOptions } from './supporters.detail.ts';
import { supportersListing } from './supporters.listing.ts';

const anyFields = z.record(z.string(), z.unknown());
const idParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });

/** Supporters listing, CSV export, picker lookup and a supporter's page (spec part 1 §2, part 3 §7). */
export const supportersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jpanel/supporters.listing',
    { config: { permission: 'member.view' }, schema: { tags: ['supporters'], body: anyFields, response: { 200: listingResponseSchema } } },
    async (request) => runListing(app.ctx.db, supportersListing, readListingQuery(supportersListing, request.body)),
  );

  app.get(
    '/jpanel/supporters.csv',
    { config: { permission: 'member.view' }, schema: { tags: ['supporters'], querystring: anyFields } },
    async (request, reply) => sendCsv(app, reply, supportersListing, readListingQuery(supportersListing, request.query), 'supporters'),
  );

  app.get(
    '/jpanel/supporters.json',
    {
      config: { permission: 'member.view' },
      schema: { tags: ['supporters'], querystring: z.object({ query: z.string().max(200).optional() }), response: { 200: z.array(supporterOptionSchema) } },
    },
    async (request) => searchSupporterOptions(app.ctx.db, request.query.query ?? ''),
  );

  app.get(
    '/jpanel/supporters/:id',
    { config: { permission: 'member.view' }, schema: { tags: ['supporters'], params: idParams } },
    async (request) => getSupporter(app.ctx.db, request.params.id),
  );
};
