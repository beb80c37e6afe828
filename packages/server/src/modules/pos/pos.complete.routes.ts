import { idParam, posAbandonPaymentAnswerSchema, posAbandonPaymentSchema, posCompleteAnswerSchema, posCompleteSchema } from '@almoner/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, statusByCode } from '../../http/errors.ts';
import { loadPosOrder } from './pos.order-view.ts';
import { completePosOrder } from './pos.complete.ts';
import { completeDepsFor } from './pos.complete.deps.ts';
import { abandonPosPayment } from './pos.unkept-payments.ts';

/** POST /jpanel/pos/{id}/complete (spec part 3 §7 "Point of sale"); the gateway is chosen in completeDepsFor. */
export const posCompleteRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = await completeDepsFor(app);

  app.post('/jpanel/pos/:id/complete', {
    config: { permission: 'pos.edit' },
    schema: {
      summary: 'Take payment for a point-of-sale order and complete it (once, however often it is sent)',
      tags: ['pos'],
      params: idParam,
      body: posCompleteSchema,
      // Refusals answer posErrorAnswerSchema (422, 409 out of stock), as the order routes document it; a card
      // whose bank asks the donor to confirm the payment answers 200 with the challenge (posAuthenticateAnswerSchema).
      response: { 200: posCompleteAnswerSchema },
    },
  }, async (request, reply) => {
    try {
      return await completePosOrder(deps, request.actor, request.params.id, request.body);
    } catch (error) {
      // Refusals and declines answer like the other order routes: the reason and the order as it stands.
      if (!(error instanceof AppError) || (error.code !== 'validation' && error.code !== 'conflict')) throw error;
      return (reply as FastifyReply).status(statusByCode[error.code]).send({
        status: 'error',
        message: error.message,
        errors: error.errors ?? { _: [error.message] },
        order: await loadPosOrder(app.ctx.db, request.params.id),
      });
    }
  });

  // The payment dialog closed while the donor's bank still asked (3-D Secure): the intent is
  // cancelled at Stripe rather than left open for anyone with its client_secret (pos.unkept-payments.ts).
  app.post('/jpanel/pos/:id/abandon-payment', {
    config: { permission: 'pos.edit' },
    schema: {
      summary: 'Cancel a card payment the cashier gave up on while the donor’s bank asked (refunded if it went through)',
      tags: ['pos'],
      params: idParam,
      body: posAbandonPaymentSchema,
      response: { 200: posAbandonPaymentAnswerSchema },
    },
  }, async (request) => abandonPosPayment(deps, request.actor, request.params.id, request.body.payment_intent));
};
