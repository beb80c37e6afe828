import { idParam, paymentGateways, posCompleteResponseSchema, posCompleteSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openDatabase, type Db, type Tx } from '../../db/client.ts';
import { createGateway } from '../../integrations/payments/index.ts';
import { getSettings } from '../settings/settings.service.ts';
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
      response: { 200: posCompleteResponseSchema },
    },
  }, async (request) => {
    // Read before the transaction: PGlite's one connection is the transaction's until it ends.
    const { payment_gateway: stored } = await getSettings(app.ctx.db, ['payment_gateway']);
    const name = paymentGateways.find((g) => g === stored) ?? 'sandbox';
    const gatewayDb: Db | null = gatewayDatabase?.db ?? null;
    const deps: CompleteDeps = {
      db: app.ctx.db,
      appKey: config.appKey,
      gateway: (tx: Tx) => createGateway(gatewayDb ?? (tx as unknown as Db), name),
      afterCharge: completeHooks.afterCharge,
    };
    return completePosOrder(deps, request.actor, request.params.id, request.body);
  });
};
