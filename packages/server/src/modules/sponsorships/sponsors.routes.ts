import {
  idParam,
  type ListingResponse,
  listingRequestSchema,
  listingResponseOf,
  sponsorListFiltersSchema,
  type SponsorListRow,
  sponsorListRowSchema,
  sponsorCreateSchema,
  sponsorMessages,
  sponsorSavedSchema,
  sponsorSchema,
  sponsorUpdateSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import { sponsorsListing } from './sponsors.listing.ts';
import {
  createSponsor,
  deleteSponsor,
  getSponsor,
  newSponsor,
  updateSponsor,
} from './sponsors.service.ts';

const tags = ['sponsorships'];
const sponsorshipIdParam = z.object({ sponsorshipId: idParam.shape.id });

/** The sponsor modal's calls (spec part 1 §7 "Donors, gifts, sponsors"). */
export const sponsorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jpanel/sponsors.ajax',
    {
      config: { permission: 'sponsorship.view' },
      serializerCompiler: listingSerializer,
      schema: {
        summary: 'List sponsor records (DataTables paging, search and filters)',
        tags,
        body: listingRequestSchema(sponsorListFiltersSchema),
        response: { 200: listingResponseOf(sponsorListRowSchema) },
      },
    },
    async (request) =>
      (await runListing(
        app.ctx.db,
        sponsorsListing,
        readListingQuery(sponsorsListing, request.body),
      )) as ListingResponse<SponsorListRow>,
  );

  app.get(
    '/jpanel/sponsor/add/:sponsorshipId',
    {
      config: { permission: 'sponsor.add' },
      schema: {
        summary: 'The add-a-sponsor form for a sponsee (starts today)',
        tags,
        params: sponsorshipIdParam,
        response: { 200: sponsorSchema },
      },
    },
    async (request) => newSponsor(app.ctx.db, request.params.sponsorshipId),
  );

  app.get(
    '/jpanel/sponsor/:id',
    {
      config: { permission: 'sponsor.view' },
      schema: {
        summary: 'Read a sponsor record',
        tags,
        params: idParam,
        response: { 200: sponsorSchema },
      },
    },
    async (request) => getSponsor(app.ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/sponsor',
    {
      config: { permission: 'sponsor.add' },
      schema: {
        summary: 'Add a sponsor to a sponsee',
        tags,
        body: sponsorCreateSchema,
        response: { 200: sponsorSavedSchema },
      },
    },
    async (request) => {
      const sponsor = await withActor(app.ctx.db, request.actor, (tx) =>
        createSponsor(tx, request.actor.userId, request.body),
      );
      return { message: sponsorMessages.added, sponsor };
    },
  );

  app.post(
    '/jpanel/sponsor/:id',
    {
      config: { permission: 'sponsor.edit' },
      schema: {
        summary: 'Change or end a sponsor record',
        tags,
        params: idParam,
        body: sponsorUpdateSchema,
        response: { 200: sponsorSavedSchema },
      },
    },
    async (request) => {
      const { sponsor, ended } = await withActor(app.ctx.db, request.actor, (tx) =>
        updateSponsor(tx, request.actor.userId, request.params.id, request.body),
      );
      return { message: ended ? sponsorMessages.ended : sponsorMessages.saved, sponsor };
    },
  );

  app.delete(
    '/jpanel/sponsor/:id',
    {
      config: { permission: 'sponsor.edit' },
      schema: {
        summary: 'Delete a sponsor record (the supporter is kept)',
        tags,
        params: idParam,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await withActor(app.ctx.db, request.actor, (tx) => deleteSponsor(tx, request.params.id));
      return { message: sponsorMessages.deleted };
    },
  );
};
