import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

export type Actor = { userId: number | null; ip: string | null };

/**
 * Runs `work` in one transaction that knows who is acting, so the audit trigger can record it.
 * Every state-changing service call goes through here: a failure half-way rolls everything back.
 */
export async function withActor<T>(db: Db, actor: Actor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('almoner.actor_id', ${actor.userId === null ? '' : String(actor.userId)}, true),
                 set_config('almoner.actor_ip', ${actor.ip ?? ''}, true)`,
    );
    return work(tx);
  });
}
