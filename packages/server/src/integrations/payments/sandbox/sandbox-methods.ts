import { gatewayMessages } from '@almoner/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { GatewayError, type SavePaymentMethodRequest, type SavedPaymentMethod } from '../gateway.ts';
import { checkKey } from './sandbox-checks.ts';
import { newReference, requestHash, type SandboxContext } from './sandbox-ledger.ts';
import { sandboxSources } from './sandbox.tables.ts';

/** Keeps a card capture token as a reusable saved method (pm_), once per idempotency key. */
export async function sandboxSavePaymentMethod(
  { db, now }: SandboxContext,
  { token, idempotencyKey }: SavePaymentMethodRequest,
): Promise<SavedPaymentMethod> {
  checkKey(idempotencyKey);
  const hash = requestHash('payment_method', { token });
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(sandboxSources).where(eq(sandboxSources.reference, token));
    if (!source || source.type !== 'card' || source.reusable) throw new GatewayError('invalid_request', gatewayMessages.tokenInvalid, 'token');
    const [saved] = await tx
      .insert(sandboxSources)
      .values({ ...source, id: undefined, reference: newReference('pm'), reusable: true, idempotencyKey, requestHash: hash, consumedAt: null, expiresAt: null, createdAt: undefined })
      .onConflictDoNothing({ target: sandboxSources.idempotencyKey })
      .returning();
    const method = saved ?? (await tx.select().from(sandboxSources).where(eq(sandboxSources.idempotencyKey, idempotencyKey)))[0];
    if (!method || method.requestHash !== hash) throw new GatewayError('idempotency_reused', gatewayMessages.idempotencyReused, 'idempotency_key');
    if (saved) {
      const consumed = await tx
        .update(sandboxSources)
        .set({ consumedAt: now() })
        .where(and(eq(sandboxSources.id, source.id), isNull(sandboxSources.consumedAt), sql`${sandboxSources.expiresAt} > ${now().toISOString()}`))
        .returning({ id: sandboxSources.id });
      if (!consumed.length) throw new GatewayError('invalid_request', gatewayMessages.tokenInvalid, 'token');
    }
    return toSavedMethod(method);
  });
}

function toSavedMethod(row: typeof sandboxSources.$inferSelect): SavedPaymentMethod {
  return { reference: row.reference, type: 'card', brand: row.brand ?? 'unknown', last4: row.last4, expMonth: row.expMonth ?? 0, expYear: row.expYear ?? 0 };
}
