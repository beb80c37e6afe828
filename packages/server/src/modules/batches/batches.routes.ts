import {
  batchAnswerSchema,
  batchCreateSchema,
  batchDesignationSchema,
  batchDetailSchema,
  batchesPageSchema,
  batchesQuerySchema,
  batchGiftSchema,
  batchMessages as m,
  batchUpdateSchema,
  depositSlipSchema,
  idParam,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import type { Tx } from '../../db/client.ts';
import { completeDepsFor } from '../pos/pos.complete.deps.ts';
import { closeBatch, reopenBatch } from './batches.close.ts';
import { addGift, removeGift, updateGift } from './batches.gifts.ts';
import { createBatch, listBatches, listDesignations, loadBatch, updateBatch } from './batches.service.ts';
import { depositSlip, depositSlipPdf } from './batches.slip.ts';

const tags = ['batches'];
/**
 * Gift batches (issue 37 item 2). A batch records gifts exactly as the point of sale does, so it
 * takes the permission that records a gift there: `pos.edit` (the "Contributions" group of the
 * user form), for reading as for changing.
 */
const permission = 'pos.edit';
const giftParams = z.object({ id: idParam.shape.id, giftId: idParam.shape.id });

export const batchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const deps = await completeDepsFor(app);
  /** Runs one change in a transaction, then answers the batch as it now stands. */
  const change = async (actor: Parameters<typeof withActor>[1], id: number, message: string | ((r: unknown) => string), work: (tx: Tx) => Promise<unknown>) => {
    const result = await withActor(db, actor, work);
    return { message: typeof message === 'function' ? message(result) : message, batch: await loadBatch(db, id) };
  };

  app.get('/jpanel/batches.json', {
    config: { permission },
    schema: { summary: 'Gift batches, open ones first, with what was expected and what is entered', tags, querystring: batchesQuerySchema, response: { 200: batchesPageSchema } },
  }, async (request) => listBatches(db, request.query));

  app.get('/jpanel/batches/designations.json', {
    config: { permission },
    schema: { summary: 'The one-time donations a batch gift can be credited to', tags, response: { 200: z.array(batchDesignationSchema) } },
  }, async () => listDesignations(db));

  app.post('/jpanel/batches', {
    config: { permission },
    schema: { summary: 'Start a gift batch', tags, body: batchCreateSchema, response: { 201: batchAnswerSchema } },
  }, async (request, reply) => {
    const id = await withActor(db, request.actor, (tx) => createBatch(tx, request.actor.userId, request.body));
    return reply.status(201).send({ message: m.created, batch: await loadBatch(db, id) });
  });

  app.get('/jpanel/batches/:id.json', {
    config: { permission },
    schema: { summary: 'A gift batch and its gifts', tags, params: idParam, response: { 200: batchDetailSchema } },
  }, async (request) => loadBatch(db, request.params.id));

  app.post('/jpanel/batches/:id', {
    config: { permission },
    schema: { summary: 'Change an open batch\'s name, deposit date or expected count and total', tags, params: idParam, body: batchUpdateSchema, response: { 200: batchAnswerSchema } },
  }, async (request) => change(request.actor, request.params.id, m.updated, (tx) => updateBatch(tx, request.params.id, request.body)));

  app.post('/jpanel/batches/:id/gifts', {
    config: { permission },
    schema: { summary: 'Add a cheque or cash gift to an open batch', tags, params: idParam, body: batchGiftSchema, response: { 201: batchAnswerSchema.extend({ gift_id: z.number() }) } },
  }, async (request, reply) => {
    const giftId = await withActor(db, request.actor, (tx) => addGift(tx, request.params.id, request.body));
    return reply.status(201).send({ message: m.giftAdded, gift_id: giftId, batch: await loadBatch(db, request.params.id) });
  });

  app.post('/jpanel/batches/:id/gifts/:giftId', {
    config: { permission },
    schema: { summary: 'Correct a gift of an open batch', tags, params: giftParams, body: batchGiftSchema, response: { 200: batchAnswerSchema } },
  }, async (request) => change(request.actor, request.params.id, m.giftUpdated, (tx) => updateGift(tx, request.params.id, request.params.giftId, request.body)));

  app.post('/jpanel/batches/:id/gifts/:giftId/remove', {
    config: { permission },
    schema: { summary: 'Remove a gift from an open batch', tags, params: giftParams, response: { 200: batchAnswerSchema } },
  }, async (request) => change(request.actor, request.params.id, m.giftRemoved, (tx) => removeGift(tx, request.params.id, request.params.giftId)));

  app.post('/jpanel/batches/:id/close', {
    config: { permission },
    schema: { summary: 'Close a batch whose count and total match, posting every gift in one transaction (once)', tags, params: idParam, response: { 200: batchAnswerSchema } },
  }, async (request) => change(request.actor, request.params.id, (r) => m.closed((r as { posted: number }).posted), (tx) => closeBatch(tx, deps, request.actor, request.params.id)));

  app.post('/jpanel/batches/:id/reopen', {
    config: { permission },
    schema: { summary: 'Reopen a closed batch whose gifts are not receipted, deleting its posted gifts', tags, params: idParam, response: { 200: batchAnswerSchema } },
  }, async (request) => change(request.actor, request.params.id, (r) => m.reopened(r as number), (tx) => reopenBatch(tx, request.actor, request.params.id)));

  app.get('/jpanel/batches/:id/deposit-slip.json', {
    config: { permission },
    schema: { summary: 'A closed batch\'s deposit slip: the cheques and the cash', tags, params: idParam, response: { 200: depositSlipSchema } },
  }, async (request) => depositSlip(db, request.params.id));

  app.get('/jpanel/batches/:id/deposit-slip.pdf', {
    config: { permission },
    schema: { summary: 'A closed batch\'s deposit slip as a PDF', tags, params: idParam },
  }, async (request, reply) => {
    const pdf = await depositSlipPdf(db, request.params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="deposit-slip-${request.params.id}.pdf"`).send(pdf);
  });
};
