import {
  idParam,
  posAddChildRequestSchema,
  posAddFundraisingPageRequestSchema,
  posAddItemRequestSchema,
  posAnswerSchema,
  posApplyPromosRequestSchema,
  posMessages,
  posNewRequestSchema,
  posOpenSalesAnswerSchema,
  posRemoveItemRequestSchema,
  posUpdateRequestSchema,
  type PosAnswer,
} from '@almoner/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, statusByCode } from '../../http/errors.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { addFundraisingGift, addItem, addSponsorship, removeItem } from './pos.items.ts';
import { discardOpenSale, listOpenSales } from './pos.open-sales.ts';
import { loadPosOrder } from './pos.order-view.ts';
import { lockOpenOrder, startOrder, updateOrder } from './pos.orders.ts';
import { applyPromoCodes } from './pos.promos.ts';
import { saveTotals } from './pos.pricing.ts';

export const tags = ['pos'];
/** Every point-of-sale route needs the incumbent's POS permission (reference §2.8). */
export const permission = 'pos.edit';
/**
 * A refused change answers `posErrorAnswerSchema` with 422 (409 once paid); it is documented in
 * contracts rather than here, as its `errors` map is keyed by field like every 422 of the API.
 */
const orderAnswers = { 200: posAnswerSchema };

/**
 * The web point of sale's API (spec part 3 §2.2, §7 "Point of sale" and "Pickers"): its orders
 * here; the catalogue in pos.catalogue.routes.ts, defaults and pickers in pos.pickers.routes.ts,
 * payment in pos.complete.routes.ts.
 */
export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const storage = () => storageFor(ctx.config);

  /**
   * Runs one change to an order in a transaction and answers `{ status, message, order }`.
   * A refused change rolls back and answers 422 (409 once paid) with the reason per field and
   * the order as it still stands, so the screen can keep showing it.
   */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    orderId: number,
    work: (tx: Tx) => Promise<{ message: string | null; status?: PosAnswer['status'] } | void>,
  ) {
    try {
      const done = (await withActor(ctx.db, request.actor, work)) ?? { message: null };
      return { status: done.status ?? 'success', message: done.message, order: await loadPosOrder(ctx.db, orderId, storage()) };
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'validation' && error.code !== 'conflict')) throw error;
      return reply.status(statusByCode[error.code]).send({
        status: 'error',
        message: error.message,
        errors: error.errors ?? { _: [error.message] },
        order: await loadPosOrder(ctx.db, orderId, storage()),
      });
    }
  }

  app.post('/jpanel/pos/new', { config: { permission }, schema: { summary: 'Start a point-of-sale contribution', tags, body: posNewRequestSchema.optional(), response: { 200: posAnswerSchema } } },
    async (request) => {
      const id = await withActor(ctx.db, request.actor, (tx) => startOrder(tx, request.actor, request.body ?? {}));
      return { status: 'success' as const, message: posMessages.started, order: await loadPosOrder(ctx.db, id, storage()) };
    });

  app.get('/jpanel/pos/order.json', { config: { permission }, schema: { summary: 'Read a point-of-sale contribution', tags, querystring: idParam, response: { 200: posAnswerSchema } } },
    async (request) => {
      const order = await loadPosOrder(ctx.db, request.query.id, storage());
      if (!order) throw new AppError('not_found', posMessages.orderNotFound);
      return { status: null, message: null, order };
    });

  // Issue 41: sales set aside unpaid live here, not in the ledger.
  app.get('/jpanel/pos/open.json', { config: { permission }, schema: { summary: 'Open sales: started at the point of sale, not paid and no payment tried (newest first)', tags, response: { 200: posOpenSalesAnswerSchema } } },
    async () => ({ data: await listOpenSales(ctx.db) }));

  app.post('/jpanel/pos/:id/discard', { config: { permission }, schema: { summary: 'Discard an open sale (a soft delete; refused once a payment was tried)', tags, params: idParam, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await withActor(ctx.db, request.actor, (tx) => discardOpenSale(tx, request.actor, request.params.id));
      return { message: posMessages.openSaleDiscarded };
    });

  app.post('/jpanel/pos/:id/update', { config: { permission }, schema: { summary: 'Change a point-of-sale contribution\'s details (supporter, addresses, notes, source, DCC, shipping, currency)', tags, params: idParam, body: posUpdateRequestSchema, response: orderAnswers } },
    async (request, reply) => change(request, reply, request.params.id, async (tx) => {
      const note = await updateOrder(tx, request.params.id, request.body);
      return { message: note ?? posMessages.updated };
    }));

  app.post('/jpanel/pos/:id/add', { config: { permission }, schema: { summary: 'Add a product variant to a point-of-sale contribution', tags, params: idParam, body: posAddItemRequestSchema, response: orderAnswers } },
    async (request, reply) => change(request, reply, request.params.id, async (tx) => {
      await addItem(tx, request.params.id, request.body);
      return { message: posMessages.itemAdded };
    }));

  app.post('/jpanel/pos/:id/remove', { config: { permission }, schema: { summary: 'Remove an item (and its bundled items) from a point-of-sale contribution', tags, params: idParam, body: posRemoveItemRequestSchema, response: orderAnswers } },
    async (request, reply) => change(request, reply, request.params.id, async (tx) => {
      await removeItem(tx, request.params.id, request.body.order_item_id);
      return { message: posMessages.itemRemoved };
    }));

  app.post('/jpanel/pos/:id/promos/apply', { config: { permission }, schema: { summary: 'Apply promo codes to a point-of-sale contribution (none clears them)', tags, params: idParam, body: posApplyPromosRequestSchema, response: orderAnswers } },
    async (request, reply) => {
      const { codes } = request.body;
      let refused: string[] = [];
      const answer = await change(request, reply, request.params.id, async (tx) => {
        await lockOpenOrder(tx, request.params.id);
        refused = await applyPromoCodes(tx, request.params.id, codes);
        await saveTotals(tx, request.params.id);
        return { message: codes.length === 0 ? posMessages.promosCleared : posMessages.promosApplied };
      });
      // Valid codes stay applied; the refused ones answer as an error with their reasons.
      if (refused.length === 0 || reply.sent) return answer;
      return (reply as FastifyReply).status(422).send({ ...(answer as PosAnswer), status: 'error', message: refused.join(' '), errors: { code: refused } });
    });

  app.post('/jpanel/pos/:id/add_by_child_reference', { config: { permission }, schema: { summary: 'Add a sponsorship by the sponsee\'s reference number', tags, params: idParam, body: posAddChildRequestSchema, response: orderAnswers } },
    async (request, reply) => change(request, reply, request.params.id, async (tx) => {
      await addSponsorship(tx, request.params.id, request.body);
      return { message: posMessages.itemAdded };
    }));

  app.post('/jpanel/pos/:id/add_by_fundraising_page', { config: { permission }, schema: { summary: 'Add a gift to a fundraising page', tags, params: idParam, body: posAddFundraisingPageRequestSchema, response: orderAnswers } },
    async (request, reply) => change(request, reply, request.params.id, async (tx) => {
      await addFundraisingGift(tx, request.params.id, request.body);
      return { message: posMessages.itemAdded };
    }));
};
