import { createHash, randomBytes } from 'node:crypto';
import { gatewayMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { GatewayError } from '../gateway.ts';
import { sandboxLedger } from './sandbox.tables.ts';

export type LedgerRow = typeof sandboxLedger.$inferSelect;
/** What every sandbox operation works with: the database and the gateway's clock. */
/** `db` may be a transaction: the sandbox's writes are then a savepoint of it (see pos.complete.ts). */
export type SandboxContext = { db: Queryable; now: () => Date };

export type LedgerInsert = Omit<typeof sandboxLedger.$inferInsert, 'id' | 'createdAt'>;

/** `ch_3f…`: a reference like a real gateway's, unguessable. */
export const newReference = (prefix: 'ch' | 'py' | 're' | 'tok' | 'pm') => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A stable fingerprint of a request, to tell a retry from a different request with the same key. */
export function requestHash(kind: string, request: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify([kind, sorted])).digest('hex');
}

/** The stored answer when this key was already used for the same request; refuses another request. */
export async function findReplay(db: Queryable, idempotencyKey: string, hash: string): Promise<Record<string, unknown> | null> {
  const [row] = await db.select().from(sandboxLedger).where(eq(sandboxLedger.idempotencyKey, idempotencyKey));
  if (!row) return null;
  if (row.requestHash !== hash) throw new GatewayError('idempotency_reused', gatewayMessages.idempotencyReused, 'idempotency_key');
  return row.answer;
}

/**
 * Records an entry under its idempotency key, once. When a concurrent request with the same key
 * got there first, the unique index makes this insert wait for it and then do nothing; the
 * first request's answer is returned instead, so both callers see one effect.
 */
export async function recordOnce(db: Queryable, entry: LedgerInsert): Promise<{ inserted: boolean; answer: Record<string, unknown> }> {
  const [row] = await db.insert(sandboxLedger).values(entry).onConflictDoNothing({ target: sandboxLedger.idempotencyKey }).returning();
  if (row) return { inserted: true, answer: row.answer };
  const replay = await findReplay(db, entry.idempotencyKey, entry.requestHash);
  if (!replay) throw new GatewayError('invalid_request', gatewayMessages.idempotencyReused, 'idempotency_key');
  return { inserted: false, answer: replay };
}
