import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

export type Actor = { userId: number | null; ip: string | null };

/** deadlock_detected and serialization_failure: PostgreSQL rolled back, running again is safe. */
const RETRYABLE = new Set(['40P01', '40001']);
export const TRANSACTION_ATTEMPTS = 5;

const pgCode = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
};

/** Full jitter on a doubling window (10, 20, 40 … ms), so retrying peers do not collide again. */
const backoff = (attempt: number) => sleep(Math.random() * 10 * 2 ** attempt);

/**
 * Runs `work` in one transaction that knows who is acting, so the audit trigger can record it.
 * Every state-changing service call goes through here: a failure half-way rolls everything back,
 * and a deadlock or serialization failure runs the whole transaction again (a bounded number of
 * times), so `work` must keep its effects inside `tx`.
 */
export async function withActor<T>(db: Db, actor: Actor, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('almoner.actor_id', ${actor.userId === null ? '' : String(actor.userId)}, true),
                     set_config('almoner.actor_ip', ${actor.ip ?? ''}, true)`,
        );
        return work(tx);
      });
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !RETRYABLE.has(pgCode(error) ?? '')) throw error;
      await backoff(attempt);
    }
  }
}
