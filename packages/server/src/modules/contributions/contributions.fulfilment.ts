import { type FulfilmentMark, fulfilmentMessage } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { changeWithHistory } from './contributions.change.ts';
import { statusSql } from './contributions.status.ts';

/** Each row's status before marking, or 'nothing_to_ship' for a gift with nothing to send. */
const reasonSql = sql`case when not c.is_spam and c.shippable_items = 0 then 'nothing_to_ship' else ${statusSql} end`;

/**
 * Marks the rows whose status is the opposite of `mark` (a paid order with something to ship)
 * and says per row what happened; the rest keep their state, so the status filter for the mark
 * lists exactly the rows marked.
 */
export async function markFulfilment(tx: Tx, actorId: number, ids: SQL, mark: FulfilmentMark): Promise<string> {
  const rows = await queryRows(tx, sql`select ${reasonSql} as reason, count(*)::int as n from contributions c where c.id in (${ids}) group by 1`);
  const counts = Object.fromEntries(rows.map((r) => [String(r.reason), Number(r.n)]));
  const from = mark === 'fulfilled' ? 'unfulfilled' : 'fulfilled';
  const ready = sql`select c.id from contributions c where c.id in (${ids}) and ${reasonSql} = ${from}`;
  const update =
    mark === 'fulfilled'
      ? sql`update contributions set is_fulfilled = true, fulfilled_at = coalesce(fulfilled_at, now()), updated_at = now() where id in (${ready})`
      : sql`update contributions set is_fulfilled = false, fulfilled_at = null, updated_at = now() where id in (${ready})`;
  await changeWithHistory(tx, update, mark, actorId);
  const marked = counts[from] ?? 0;
  delete counts[from];
  return fulfilmentMessage(mark, marked, counts);
}
