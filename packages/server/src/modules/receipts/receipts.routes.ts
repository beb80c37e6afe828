import { RECEIPT_BULK_ACTIONS, idParam, listingRequestSchema, listingResponseOf, receiptRowSchema, type ListingResponse, type ReceiptListingRow, notifyReceiptSchema, receiptFiltersSchema, receiptAnswerSchema, receiptDetailSchema, receiptMessages, reviseReceiptSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import type { AuthUser } from '../auth/session.ts';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import { receiptBulkTargetSchema, runReceiptBulk } from './receipts.bulk.ts';
import { getReceipt } from './receipts.detail.ts';
import { receiptsListing } from './receipts.listing.ts';
import { notifyReceipt, receiptPdfUrl } from './receipts.notify.ts';
import { createReceiptForContribution, issueReceipt, reviseReceipt, voidReceipt } from './receipts.service.ts';

const withMessage = receiptAnswerSchema.extend({ message: z.string() });
const tags = ['receipts'];

/** The tax receipt modal's calls (spec part 2 §7) and receipt creation from a contribution. */
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorId = (request: { user?: unknown }) => (request.user as AuthUser).id;

  const listingBody = listingRequestSchema(receiptFiltersSchema);
  app.post('/jpanel/tax_receipts.ajax', {
    config: { permission: 'taxreceipt.view' },
    serializerCompiler: listingSerializer,
    schema: { summary: 'List tax receipts (DataTables paging, search and filters)', tags, body: listingBody, response: { 200: listingResponseOf(receiptRowSchema) } },
  }, async (request) => (await runListing(app.ctx.db, receiptsListing, readListingQuery(receiptsListing, request.body as Record<string, unknown>))) as ListingResponse<ReceiptListingRow>);

  app.get('/jpanel/tax_receipts.csv', {
    config: { permission: 'taxreceipt.view' },
    schema: { summary: 'Export the filtered tax receipts as CSV', tags, querystring: listingBody },
  }, async (request, reply) => sendCsv(app, reply, receiptsListing, readListingQuery(receiptsListing, request.query as Record<string, unknown>), 'tax-receipts'));

  app.post('/jpanel/tax_receipts/bulk', {
    config: { permission: 'taxreceipt.edit' },
    schema: { summary: 'Issue, send, void or print selected tax receipts (by ids or by the whole filter)', tags, body: receiptBulkTargetSchema.passthrough().extend({ action: z.enum(RECEIPT_BULK_ACTIONS) }) },
  }, async (request, reply) => {
    const body = request.body as Record<string, unknown> & { action: (typeof RECEIPT_BULK_ACTIONS)[number] };
    const result = await runReceiptBulk(app.ctx.db, app.ctx.config, request.actor, body.action, body);
    if ('pdf' in result) return reply.type('application/pdf').header('content-disposition', 'attachment; filename="tax-receipts.pdf"').send(result.pdf);
    return result;
  });

  app.post('/jpanel/tax_receipt/:id/modal', {
    config: { permission: 'taxreceipt.view' },
    schema: { summary: 'Read a tax receipt for its modal', tags, params: idParam, response: { 200: receiptDetailSchema } },
  }, async (request) => getReceipt(app.ctx.db, request.params.id));

  app.post('/jpanel/tax_receipt/:id/revise', {
    config: { permission: 'taxreceipt.edit' },
    schema: { summary: 'Revise a tax receipt (a draft is overwritten; an issued one gets a new -R number)', tags, params: idParam, body: reviseReceiptSchema, response: { 200: withMessage } },
  }, async (request) => {
    const receipt = await withActor(app.ctx.db, request.actor, (tx) => reviseReceipt(tx, request.params.id, request.body, actorId(request)));
    return { ...receipt, message: receiptMessages.revised(receipt.number ?? 'draft') };
  });

  app.post('/jpanel/tax_receipt/:id/issue', {
    config: { permission: 'taxreceipt.edit' },
    schema: { summary: 'Issue a draft tax receipt', tags, params: idParam, response: { 200: withMessage } },
  }, async (request) => {
    const receipt = await withActor(app.ctx.db, request.actor, (tx) => issueReceipt(tx, request.params.id));
    return { ...receipt, message: receiptMessages.issued(receipt.number ?? '') };
  });

  app.post('/jpanel/tax_receipt/:id/void', {
    config: { permission: 'taxreceipt.edit' },
    schema: { summary: 'Void a tax receipt (a draft is deleted)', tags, params: idParam, response: { 200: withMessage } },
  }, async (request) => {
    const receipt = await withActor(app.ctx.db, request.actor, (tx) => voidReceipt(tx, request.params.id, actorId(request)));
    return { ...receipt, message: receiptMessages.voided(receipt.number ?? 'draft') };
  });

  app.post('/jpanel/tax_receipt/:id/notify', {
    config: { permission: 'taxreceipt.view' },
    schema: { summary: 'E-mail an issued tax receipt\'s PDF', tags, params: idParam, body: notifyReceiptSchema.default({}), response: { 200: z.object({ id: z.number(), email: z.string().nullable(), message: z.string() }) } },
  }, async (request) => {
    const sent = await notifyReceipt(app.ctx.db, app.ctx.config, request.actor, request.params.id, request.body.email);
    return { ...sent, message: receiptMessages.notified(sent.email) };
  });

  app.post('/jpanel/tax_receipt/:id/pdf', {
    config: { permission: 'taxreceipt.view' },
    schema: { summary: 'A download address of a tax receipt\'s PDF', tags, params: idParam, response: { 200: z.object({ url: z.string() }) } },
  }, async (request) => receiptPdfUrl(app.ctx.db, app.ctx.config, request.params.id));

  app.post('/jpanel/contributions/:id/tax_receipt', {
    config: { permission: 'taxreceipt.edit' },
    schema: { summary: 'Create the tax receipt of a paid contribution', tags, params: idParam, body: z.object({ issue: z.boolean().default(true) }).default({ issue: true }), response: { 200: withMessage } },
  }, async (request) => {
    const receipt = await withActor(app.ctx.db, request.actor, (tx) =>
      createReceiptForContribution(tx, request.params.id, { issue: request.body.issue, actorId: actorId(request) }));
    return { ...receipt, message: receipt.number ? receiptMessages.issued(receipt.number) : 'The draft receipt has been created.' };
  });
};
