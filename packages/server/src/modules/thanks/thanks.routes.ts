import { type ListingResponse, type UnacknowledgedRow, acknowledgementSchema, listingRequestSchema, listingResponseOf, unacknowledgedFiltersSchema, unacknowledgedRowSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import type { AuthUser } from '../auth/session.ts';
import { bulkTargetSchema } from '../contributions/contributions.bulk.ts';
import { printThankYouLetters, resendConfirmation, sendThankYouLetters, setAcknowledgement } from './thanks.service.ts';
import { unacknowledgedListing } from './thanks.listing.ts';

const idParams = z.object({ id: z.coerce.number({ error: 'This contribution does not exist.' }).int().positive().max(2 ** 31 - 1) });
const listingBody = listingRequestSchema(unacknowledgedFiltersSchema);
const lettersBody = bulkTargetSchema.passthrough();
const pdfReply = (name: string) => ({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` });

/**
 * Thanking donors (issue 37 item 4). Seeing gifts and their letters needs order.view; sending
 * anything or changing a gift's acknowledgement needs order.edit.
 */
export const thanksRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = (request: { actor: { userId: number | null; ip: string | null }; user?: unknown }) => ({ ...request.actor, userId: (request.user as AuthUser).id });

  app.post(
    '/jpanel/contributions/:id/resend-confirmation',
    { config: { permission: 'order.edit' }, schema: { summary: 'Send a gift\'s confirmation e-mail to its donor again', tags: ['contributions'], params: idParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => resendConfirmation(app.ctx.db, staff(request), request.params.id),
  );

  app.post(
    '/jpanel/contributions/:id/acknowledgement',
    {
      config: { permission: 'order.edit' },
      schema: {
        summary: 'Set or clear the day a gift was acknowledged (thanked)',
        tags: ['contributions'],
        params: idParams,
        body: acknowledgementSchema,
        response: { 200: z.object({ message: z.string(), acknowledged_on: z.string().nullable() }) },
      },
    },
    async (request) => setAcknowledgement(app.ctx.db, staff(request), request.params.id, request.body.acknowledged_on),
  );

  app.get(
    '/jpanel/contributions/:id/thank-you.pdf',
    { config: { permission: 'order.view' }, schema: { summary: 'A gift\'s thank-you letter as a PDF (changes nothing)', tags: ['contributions'], params: idParams } },
    async (request, reply) => reply.headers(pdfReply(`thank-you-${request.params.id}.pdf`)).send(await printThankYouLetters(app.ctx.db, { ids: [request.params.id] })),
  );

  const list = { config: { permission: 'order.view' }, serializerCompiler: listingSerializer, schema: { summary: 'Gifts not yet acknowledged (DataTables paging, search and filters)', tags: ['contributions'], body: listingBody, response: { 200: listingResponseOf(unacknowledgedRowSchema) } } };
  app.post('/jpanel/contributions/unacknowledged.listing', list, async (request) =>
    (await runListing(app.ctx.db, unacknowledgedListing, readListingQuery(unacknowledgedListing, request.body as Record<string, unknown>))) as ListingResponse<UnacknowledgedRow>);

  app.get(
    '/jpanel/contributions/unacknowledged.csv',
    { config: { permission: 'order.view' }, schema: { summary: 'Export the unacknowledged gifts as filtered, as CSV', tags: ['contributions'], querystring: listingBody } },
    async (request, reply) => sendCsv(app, reply, unacknowledgedListing, readListingQuery(unacknowledgedListing, request.query), 'unacknowledged-gifts'),
  );

  app.post(
    '/jpanel/thank-you-letters/print',
    { config: { permission: 'order.view' }, schema: { summary: 'The selected gifts\' thank-you letters as one PDF, changing nothing', tags: ['contributions'], body: lettersBody } },
    async (request, reply) => reply.headers(pdfReply('thank-you-letters.pdf')).send(await printThankYouLetters(app.ctx.db, request.body as Record<string, unknown>)),
  );

  app.post(
    '/jpanel/thank-you-letters/send',
    { config: { permission: 'order.edit' }, schema: { summary: 'Send thank-you letters: the PDF of the selected gifts\' letters, and those gifts marked acknowledged today', tags: ['contributions'], body: lettersBody } },
    async (request, reply) => {
      const { pdf, message } = await sendThankYouLetters(app.ctx.db, staff(request), request.body as Record<string, unknown>);
      // The answer is the file; what was marked is said in a header the screen can show.
      return reply.headers({ ...pdfReply('thank-you-letters.pdf'), 'x-almoner-message': message }).send(pdf);
    },
  );
};
