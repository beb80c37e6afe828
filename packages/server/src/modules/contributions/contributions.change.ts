/** A status change to contributions with its history: shared by the bulk actions and fulfilment marking. */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordContributionEvents } from '../domain-events/domain-events.service.ts';

/** What each status-history event means as a domain event (the fields it changed). */
const DOMAIN_CHANGE: Record<string, { deleted: true } | { changes: string[] }> = {
  marked_spam: { changes: ['is_spam'] },
  unmarked_spam: { changes: ['is_spam'] },
  fulfilled: { changes: ['is_fulfilled'] },
  unfulfilled: { changes: ['is_fulfilled'] },
  deleted: { deleted: true },
};

/**
 * Runs an UPDATE … and writes, for each row it changed, one status-history event and the domain
 * event (contribution.updated or .deleted) in the same transaction.
 */
export async function changeWithHistory(tx: Tx, update: SQL, event: string, actorId: number): Promise<void> {
  const changed = await queryRows(
    tx,
    sql`with changed as (${update} returning id, supporter_id),
             history as (insert into contribution_status_history (contribution_id, event, user_id) select id, ${event}, ${actorId} from changed)
        select id, supporter_id from changed order by id`,
  );
  const change = DOMAIN_CHANGE[event];
  if (change) await recordContributionEvents(tx, changed as { id: number; supporter_id: number | null }[], change);
}
