import { paymentGateways } from '@almoner/contracts';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Db, type Tx } from '../../db/client.ts';
import { chosenGatewayName, createGateway } from '../../integrations/payments/index.ts';
import { ensureGatewayEnabled } from '../payment-providers/payment-providers.service.ts';
import type { CompleteDeps } from './pos.complete.ts';

/**
 * What completing an order needs from the app: the organisation's gateway, chosen per payment.
 * On PostgreSQL the sandbox gateway gets a small pool of its own: it stands for an outside
 * party, so what it records must commit on its own, not with (or against) the completion's
 * transaction, and completions holding a connection each must never wait on a shared pool for
 * the gateway's. Used by the point of sale and by gift links (text-to-give), which share one set
 * (and one gateway pool) per app: kept by the app's context, which every plugin sees.
 */
export function completeDepsFor(app: FastifyInstance): Promise<CompleteDeps> {
  let deps = shared.get(app.ctx);
  if (!deps) {
    deps = buildDeps(app);
    shared.set(app.ctx, deps);
  }
  return deps;
}

const shared = new WeakMap<object, Promise<CompleteDeps>>();

async function buildDeps(app: FastifyInstance): Promise<CompleteDeps> {
  const { database, config } = app.ctx;
  const gatewayDatabase = database.kind === 'postgres' && database.url ? await openDatabase({ url: database.url }) : null;
  if (gatewayDatabase) app.addHook('onClose', () => gatewayDatabase.close());
  const gatewayDb: Db | null = gatewayDatabase?.db ?? null;
  return {
    db: app.ctx.db,
    appKey: config.appKey,
    // Read through `tx`: on PGlite the one connection is the transaction's until it ends.
    gateway: async (tx: Tx, keeper?: string | null) => {
      const name = paymentGateways.find((g) => g === keeper) ?? (await chosenGatewayName(tx));
      await ensureGatewayEnabled(tx, name);
      // Stripe reads its keys through the completion's own transaction (on PGlite the one connection).
      return createGateway(name === 'stripe' ? tx : (gatewayDb ?? tx), name);
    },
  };
}
