import {
  type FundraisePageRow,
  type FundraiserRow,
  fundraisePageFiltersSchema,
  fundraisePageRowSchema,
  fundraisePreviewSchema,
  fundraiserFiltersSchema,
  fundraiserRowSchema,
  exportStartSchema,
  exportStatusSchema,
  idParam,
  type ListingResponse,
  listingRequestSchema,
  listingResponseOf,
  messages,
  type RecurringListRow,
  recurringListFiltersSchema,
  recurringListRowSchema,
  savedViewCreateSchema,
  savedViewListQuerySchema,
  savedViewMessages,
  savedViewSchema,
  type TributeListRow,
  tributeListFiltersSchema,
  tributeListRowSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storageFor } from '../../integrations/storage/index.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import type { AuthUser } from '../auth/session.ts';
import { configureListExports } from './exports.job.ts';
import { createView, deleteView, exportStatus, listViews, startExport } from './lists.service.ts';
import { fundraisePagesListing, fundraisersListing } from './fundraise.listing.ts';
import { fundraisePreview } from './fundraise.preview.ts';
import { recurringListing } from './recurring.listing.ts';
import { tributesListing } from './tributes.listing.ts';

const tags = ['lists'];

/**
 * The recurring payments and tributes lists (spec part 3 §7), background exports of any list
 * by name, and each staff member's saved views.
 */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = () => storageFor(app.ctx.config);
  configureListExports(storage);
  const user = (request: { user?: unknown }) => request.user as AuthUser;

  app.post(
    '/jpanel/recurring_payments.ajax',
    {
      config: { permission: 'recurringpaymentprofile.view' },
      serializerCompiler: listingSerializer,
      schema: { summary: 'List recurring payment profiles (DataTables paging, search and filters)', tags, body: listingRequestSchema(recurringListFiltersSchema), response: { 200: listingResponseOf(recurringListRowSchema) } },
    },
    async (request) => (await runListing(app.ctx.db, recurringListing, readListingQuery(recurringListing, request.body))) as ListingResponse<RecurringListRow>,
  );

  app.post(
    '/jpanel/tributes.ajax',
    {
      config: { permission: 'tribute.view' },
      serializerCompiler: listingSerializer,
      schema: { summary: 'List tributes, 40 a page (DataTables paging, search and filters)', tags, body: listingRequestSchema(tributeListFiltersSchema), response: { 200: listingResponseOf(tributeListRowSchema) } },
    },
    async (request) => (await runListing(app.ctx.db, tributesListing, readListingQuery(tributesListing, request.body))) as ListingResponse<TributeListRow>,
  );

  // Each list's own permission is checked inside: the list is named in the body.
  app.post(
    '/jpanel/exports',
    { config: { permission: null }, schema: { summary: 'Start a background CSV export of a list with its filters', tags, body: exportStartSchema, response: { 200: exportStatusSchema } } },
    async (request) => startExport(app.ctx.database, user(request), request.body.list, request.body.params),
  );

  app.get(
    '/jpanel/exports/:id',
    {
      config: { permission: null },
      schema: { summary: 'An export of yours: state, progress and, once done, a download link', tags, params: z.object({ id: z.uuid({ error: messages.notFound }) }), response: { 200: exportStatusSchema } },
    },
    async (request) => exportStatus(app.ctx.db, storage(), user(request), request.params.id),
  );

  app.get(
    '/jpanel/saved-views.json',
    { config: { permission: null }, schema: { summary: 'Your saved views of a list', tags, querystring: savedViewListQuerySchema, response: { 200: z.object({ data: z.array(savedViewSchema) }) } } },
    async (request) => ({ data: await listViews(app.ctx.db, user(request), request.query.list) }),
  );

  app.post(
    '/jpanel/saved-views',
    { config: { permission: null }, schema: { summary: "Save a list's filters and columns as a named view", tags, body: savedViewCreateSchema, response: { 200: z.object({ message: z.string(), view: savedViewSchema }) } } },
    async (request) => {
      const view = await createView(app.ctx.database, user(request), request.body);
      return { message: savedViewMessages.saved(view.name), view };
    },
  );

  app.delete(
    '/jpanel/saved-views/:id',
    { config: { permission: null }, schema: { summary: 'Delete one of your saved views', tags, params: idParam, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => ({ message: savedViewMessages.deleted((await deleteView(app.ctx.db, user(request), request.params.id)).name) }),
  );

  // The fundraise listing's tabs: each its own listing URL (spec part 1 §7 "Listings").
  app.post(
    '/jpanel/fundraise/pages.listing',
    {
      config: { permission: 'fundraisingpages.edit' },
      serializerCompiler: listingSerializer,
      schema: { summary: 'Fundraise tab "Pages": fundraising pages, 30 a page, with daily views', tags, body: listingRequestSchema(fundraisePageFiltersSchema), response: { 200: listingResponseOf(fundraisePageRowSchema) } },
    },
    async (request) => (await runListing(app.ctx.db, fundraisePagesListing, readListingQuery(fundraisePagesListing, request.body))) as ListingResponse<FundraisePageRow>,
  );

  app.post(
    '/jpanel/fundraise/fundraisers.listing',
    {
      config: { permission: 'fundraisingpages.edit' },
      serializerCompiler: listingSerializer,
      schema: { summary: 'Fundraise tab "Fundraisers": supporters with pages, 30 a page', tags, body: listingRequestSchema(fundraiserFiltersSchema), response: { 200: listingResponseOf(fundraiserRowSchema) } },
    },
    async (request) => (await runListing(app.ctx.db, fundraisersListing, readListingQuery(fundraisersListing, request.body))) as ListingResponse<FundraiserRow>,
  );

  app.get(
    '/jpanel/fundraise/pages/:id/preview',
    { config: { permission: 'fundraisingpages.edit' }, schema: { summary: "A fundraising page's preview", tags, params: idParam, response: { 200: fundraisePreviewSchema } } },
    async (request) => fundraisePreview(app.ctx.db, request.params.id),
  );
};
