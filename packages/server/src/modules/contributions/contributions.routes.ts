import { contributionEditAnswerSchema, contributionEditSchema, contributionNoteAnswerSchema, fundOptionSchema, noteInputSchema, contributionRefundSchema, type ContributionListingRow, contributionFiltersSchema, contributionRowSchema, type ListingResponse, listingRequestSchema, listingResponseOf, messages } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import { AppError } from '../../http/errors.ts';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import type { AuthUser } from '../auth/session.ts';
import { batchActions, bulkTargetSchema, deleteContributions, materialiseTarget, runBulkAction } from './contributions.bulk.ts';
import { contributionIdFor, getContribution } from './contributions.detail.ts';
import { editContribution } from './contributions.edit.ts';
import { fundOptions } from './contributions.funds.ts';
import { addContributionNote } from './contributions.notes.ts';
import { restoreContribution } from './contributions.restore.ts';
import { refundContribution } from './contributions.refund.ts';
import { contributionsListing } from './contributions.listing.ts';

const listingBody = listingRequestSchema(contributionFiltersSchema);
const bulkBody = bulkTargetSchema.passthrough();
const messageResponse = { 200: z.object({ message: z.string() }) };
const idParams = z.object({ id: z.coerce.number({ error: 'This contribution does not exist.' }).int().positive().max(2 ** 31 - 1) });

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The contributions listing, its CSV export and its bulk actions (spec part 1 §2, §7), then one gift's page and corrections. */
export const contributionsRoutes: FastifyPluginAsyncZod = async (app) => {
  listingRoutes(app);
  giftRoutes(app);
};

/** The listing, its CSV exports and the bulk actions on selected rows. */
function listingRoutes(app: App) {
  // The row schema documents the answer; api-docs.test holds its keys equal to the listing's
  // fields, so a page turn is not re-validated cell by cell (see listingSerializer).
  const list = { config: { permission: 'order.view' }, serializerCompiler: listingSerializer, schema: { summary: 'List contributions (DataTables paging, search and filters)', tags: ['contributions'], body: listingBody, response: { 200: listingResponseOf(contributionRowSchema) } } };
  const handleList = async (request: { body: Record<string, unknown> }) =>
    (await runListing(app.ctx.db, contributionsListing, readListingQuery(contributionsListing, request.body))) as ListingResponse<ContributionListingRow>;
  // Both addresses serve the same listing: the v2 name is the current one, the other is kept for
  // clients of the older screen.
  app.post('/jpanel/contributions-v2.listing', list, handleList);
  app.post('/jpanel/contributions.listing', list, handleList);

  app.get(
    '/jpanel/contributions.csv',
    { config: { permission: 'order.view' }, schema: { summary: 'Export the filtered contributions as CSV', tags: ['contributions'], querystring: listingBody } },
    async (request, reply) => {
      return sendCsv(app, reply, contributionsListing, readListingQuery(contributionsListing, request.query), 'contributions');
    },
  );

  app.post(
    '/jpanel/contributions/export',
    { config: { permission: 'order.view' }, schema: { summary: 'Export selected contributions as CSV', tags: ['contributions'], body: bulkBody } },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const target = bulkTargetSchema.parse(body);
      if (!target.all && !target.ids?.length) throw new AppError('validation', messages.noItemsSelected, { ids: [messages.noItemsSelected] });
      // Selected rows export as an id filter, in the listing's own order; "all" keeps the filter.
      const query = readListingQuery(contributionsListing, target.all ? { ...body, ids: undefined } : { order: body.order, ids: target.ids });
      return sendCsv(app, reply, contributionsListing, query, 'contributions');
    },
  );

  app.post(
    '/jpanel/contributions/batch',
    { config: { permission: 'order.fullfill' }, schema: { summary: 'Run a bulk action on selected contributions', tags: ['contributions'], body: bulkBody.extend({ action: z.enum(batchActions) }), response: messageResponse } },
    async (request) => {
      const user = request.user as AuthUser;
      return { message: await runBulkAction(app.ctx.db, request.actor, user.id, request.body.action, request.body) };
    },
  );

  app.post(
    '/jpanel/contributions/mark',
    { config: { permission: 'order.fullfill' }, schema: { summary: 'Mark selected contributions fulfilled, unfulfilled, spam or not spam', tags: ['contributions'], body: bulkBody.extend({ mark: z.enum(['fulfilled', 'unfulfilled', 'spam', 'not_spam']) }), response: messageResponse } },
    async (request) => {
      const user = request.user as AuthUser;
      const action = ({ fulfilled: 'complete', unfulfilled: 'incomplete', spam: 'spam', not_spam: 'not_spam' } as const)[request.body.mark];
      return { message: await runBulkAction(app.ctx.db, request.actor, user.id, action, request.body) };
    },
  );

  app.post(
    '/jpanel/contributions/destroy',
    { config: { permission: 'order.edit' }, schema: { summary: 'Delete selected contributions', tags: ['contributions'], body: bulkBody, response: messageResponse } },
    async (request) => {
      const user = request.user as AuthUser;
      return withActor(app.ctx.db, request.actor, async (tx) => ({
        message: await deleteContributions(tx, user.id, await materialiseTarget(tx, request.body)),
      }));
    },
  );

}

/** One gift: its page, refund, funds, correction, notes and restore. */
function giftRoutes(app: App) {
  app.get(
    '/jpanel/contributions/:id',
    {
      config: { permission: 'order.view' },
      schema: {
        summary: 'Read a contribution\'s page (by id or invoice number)',
        tags: ['contributions'],
        params: z.object({ id: z.string().max(48).regex(/^[A-Za-z0-9-]+$/, { error: 'This contribution does not exist.' }) }),
      },
    },
    async (request) => getContribution(app.ctx.db, await contributionIdFor(app.ctx.db, request.params.id)),
  );

  app.post(
    '/jpanel/contributions/:id/refund',
    {
      config: { permission: 'order.refund' },
      schema: {
        summary: 'Refund a contribution in full or in part (up to what is left)',
        tags: ['contributions'],
        params: z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) }),
        body: contributionRefundSchema,
        response: { 200: z.object({ message: z.string(), refunded_amount: z.number() }) },
      },
    },
    async (request) => {
      const user = request.user as AuthUser;
      const outcome = await withActor(app.ctx.db, request.actor, (tx) => refundContribution(tx, request.params.id, request.body, user.id));
      if ('refused' in outcome) throw outcome.refused;
      return outcome;
    },
  );

  app.get(
    '/jpanel/contributions/funds.json',
    { config: { permission: 'order.edit' }, schema: { summary: 'The funds (account codes) a gift can be credited to', tags: ['contributions'], response: { 200: z.array(fundOptionSchema) } } },
    async () => fundOptions(app.ctx.db),
  );

  app.post(
    '/jpanel/contributions/:id',
    {
      config: { permission: 'order.edit' },
      schema: {
        summary: 'Correct a gift: its date, special notes, supporter, and each donation line\'s fund and tribute',
        tags: ['contributions'],
        params: idParams,
        body: contributionEditSchema,
        response: { 200: contributionEditAnswerSchema },
      },
    },
    async (request) => editContribution(app.ctx.db, { ...request.actor, userId: (request.user as AuthUser).id }, request.params.id, request.body),
  );

  app.post(
    '/jpanel/contributions/:id/notes',
    {
      config: { permission: 'order.edit' },
      schema: { summary: 'Add a note to a gift', tags: ['contributions'], params: idParams, body: noteInputSchema, response: { 201: contributionNoteAnswerSchema } },
    },
    async (request, reply) => reply.status(201).send(await addContributionNote(app.ctx.db, request.actor, request.params.id, request.body.body)),
  );

  app.post(
    '/jpanel/contributions/:id/restore',
    {
      config: { permission: 'order.edit' },
      schema: { summary: 'Restore a deleted contribution', tags: ['contributions'], params: idParams, response: messageResponse },
    },
    async (request) => restoreContribution(app.ctx.db, { ...request.actor, userId: (request.user as AuthUser).id }, request.params.id),
  );
}
