import {
  idParam,
  type ListingResponse,
  listingRequestSchema,
  listingResponseOf,
  sponseeDetailSchema,
  sponseeFiltersSchema,
  sponseeFormOptionsSchema,
  type SponseeListingRow,
  sponseeRowSchema,
  sponseeMessages,
  sponseeUpdateSchema,
  SPONSEE_PHOTO_COLLECTION,
  SPONSEE_PHOTO_MAX_BYTES,
  SPONSEE_PHOTO_TYPES,
  timelineMediaSchema,
} from '@almoner/contracts';
import { mediaPhoto, registerMediaUploads } from '../../integrations/storage/media-uploads.ts';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageFor } from '../../integrations/storage/index.ts';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import { sponseesListing } from './sponsees.listing.ts';
import { getSponsee, sponseeFormOptions } from './sponsees.service.ts';
import { updateSponsee } from './sponsees.update.ts';

export const sponseeSavedSchema = z.object({ message: z.string() }).extend(sponseeDetailSchema.shape);

const tags = ['sponsorships'];
const listingBody = listingRequestSchema(sponseeFiltersSchema);

/** Sponsees: the list (and its CSV, the sponsorship list report) and the sponsee page. */
export const sponseesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sponsee photos: the shared sign → PUT → done flow, recorded as media rows the form then names.
  registerMediaUploads(app, {
    prefix: '/jpanel/sponsorships/cdn',
    permission: 'sponsorship.edit',
    collections: [SPONSEE_PHOTO_COLLECTION],
    contentTypes: SPONSEE_PHOTO_TYPES,
    maxBytes: SPONSEE_PHOTO_MAX_BYTES,
    answer: timelineMediaSchema,
    tag: 'sponsorships',
    view: async (row, thumb) => mediaPhoto(storageFor(app.ctx.config), row, thumb),
  });

  app.post(
    '/jpanel/sponsorship.ajax',
    {
      config: { permission: 'sponsorship.view' },
      serializerCompiler: listingSerializer,
      schema: {
        summary: 'List sponsees (DataTables paging, search and filters)',
        tags,
        body: listingBody,
        response: { 200: listingResponseOf(sponseeRowSchema) },
      },
    },
    async (request) =>
      (await runListing(
        app.ctx.db,
        sponseesListing,
        readListingQuery(sponseesListing, request.body),
      )) as ListingResponse<SponseeListingRow>,
  );

  app.get(
    '/jpanel/sponsorship.csv',
    {
      config: { permission: 'sponsorship.view' },
      schema: {
        summary: 'Export the filtered sponsees as CSV (sponsorship list report)',
        tags,
        querystring: listingBody,
      },
    },
    async (request, reply) =>
      sendCsv(
        app,
        reply,
        sponseesListing,
        readListingQuery(sponseesListing, request.query),
        'sponsorships',
      ),
  );

  // Static, so it wins over /:id; sponsorship.edit because only the edit form needs it.
  app.get(
    '/jpanel/sponsorships/form_options.json',
    {
      config: { permission: 'sponsorship.edit' },
      schema: {
        summary: 'The segments (with their options) and payment option groups the sponsee form offers',
        tags,
        response: { 200: sponseeFormOptionsSchema },
      },
    },
    async () => sponseeFormOptions(app.ctx.db),
  );

  app.get(
    '/jpanel/sponsorships/:id',
    {
      config: { permission: 'sponsorship.view' },
      schema: {
        summary: "Read a sponsee's page: fields, segments and sponsors",
        tags,
        params: idParam,
        response: { 200: sponseeDetailSchema },
      },
    },
    async (request) => getSponsee(app.ctx.db, storageFor(app.ctx.config), request.params.id),
  );

  app.post(
    '/jpanel/sponsorships/:id',
    {
      config: { permission: 'sponsorship.edit' },
      schema: {
        summary: "Save a sponsee's fields (names, dates, reference number, biography, notes, address, enabled, payment option group, segments)",
        tags,
        params: idParam,
        body: sponseeUpdateSchema,
        response: { 200: sponseeSavedSchema },
      },
    },
    async (request) => {
      await withActor(app.ctx.db, request.actor, (tx) => updateSponsee(tx, request.params.id, request.body));
      const detail = await getSponsee(app.ctx.db, storageFor(app.ctx.config), request.params.id);
      return { message: sponseeMessages.saved, ...detail };
    },
  );
};
