import { idParam, paymentGateways, posCompleteResponseSchema, posCompleteSchema } from '@almoner/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openDatabase, type Db, type Tx } from '../../db/client.ts';
import { createGateway, createStripeGateway } from '../../integrations/payments/index.ts';
import { ensureGatewayEnabled } from '../payment-providers/payment-providers.service.ts';
import { AppError, statusByCode } from '../../http/errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import { loadPosOrder } from './pos.order-view.ts';
import { completeHooks, completePosOrder, type CompleteDeps } from './pos.complete.ts';

/**
 * POST /jpanel/pos/{id}/complete (spec part 3 §7 "Point of sale"). On PostgreSQL the sandbox
 * gateway gets a small pool of its own: it stands for an outside party, so what it records must
 * commit on its own, not with (or against) the completion's transaction, and completions
 * holding a connection each must never wait on a shared pool for the gateway's.
 */
export const posCompleteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const gatewayDatabase = database.kind === 'postgres' && database.url ? await openDatabase({ url: database.url }) : null;
  if (gatewayDatabase) app.addHook('onClose', () => gatewayDatabase.close());

  app.post('/jpanel/pos/:id/complete', {
    config: { permission: 'pos.edit' },
    schema: {
      summary: 'Take payment for a point-of-sale order and complete it (once, however often it is sent)',
      tags: ['pos'],
      params: idParam,
      body: posCompleteSchema,
      // Refusals answer posErrorAnswerSchema (422, 409 out of stock), as the order routes document it.
      response: { 200: posCompleteResponseSchema },
    },
  }, async (request, reply) => {
    const gatewayDb: Db | null = gatewayDatabase?.db ?? null;
    // Stripe is chosen by configuration (config.stripe), not yet by the payment_gateway setting:
    // its hosted card fields (Stripe Elements) are not part of the web app yet.
    const stripe = config.stripe ? createStripeGateway(config.stripe) : null;
    const deps: CompleteDeps = {
      db: app.ctx.db,
      appKey: config.appKey,
      // Read through `tx`: on PGlite the one connection is the transaction's until it ends.
      gateway: async (tx: Tx) => {
        if (stripe) return stripe;
        const { payment_gateway: stored } = await getSettings(tx, ['payment_gateway']);
        const name = paymentGateways.find((g) => g === stored) ?? 'sandbox';
        await ensureGatewayEnabled(tx, name);
        return createGateway(gatewayDb ?? (tx as unknown as Db), name);
      },
      afterCharge: completeHooks.afterCharge,
    };
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
};
