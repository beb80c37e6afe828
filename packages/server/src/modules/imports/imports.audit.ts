import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { intArray } from './imports.contribution-rows.ts';

/**
 * The audit trail of the rows an import inserts. The statement triggers would write each new
 * row's every column as [null, value]: for a contribution's hundred columns that JSON was most
 * of an import's database time (a 5,000-gift insert took 2.9 s with the trail, 0.7 s without),
 * and it repeats what the record itself and its import row (`import_rows.raw`) already keep. So
 * while a batch inserts, the trail is off for the transaction, and the import writes one brief
 * entry per inserted row instead, saying where it came from: `imported_from: [null, 'Import #17,
 * row 42']`, by the staff member who started the import. Changes to records that already
 * existed (a supporter updated in update mode, giving totals) go through the triggers like any
 * other change, so their before and after values are kept.
 */

/** One inserted row: its table, its record id (the primary key) and the file row it came from. */
export type ImportedRecord = { table: string; id: number; row: number };

/**
 * Runs `write` with the trail's triggers off for it, then puts back what was set before. Not in a
 * `finally`: after a failed statement the transaction takes no more, and its rollback (or a
 * savepoint's) undoes the setting anyway.
 */
export async function withTrailOff<T>(tx: Tx, write: () => Promise<T>): Promise<T> {
  const [before] = await queryRows(tx, sql`select coalesce(current_setting('almoner.audit', true), '') as v, set_config('almoner.audit', 'off', true)`);
  const result = await write();
  await tx.execute(sql`select set_config('almoner.audit', ${String(before?.v ?? '')}, true)`);
  return result;
}

/**
 * The brief entries for an import's inserted rows, or for the rows its undo deleted
 * (`import_undone`): one statement. The actor is `actorId` (the staff member who started the
 * import, for its background job), else the one acting in this transaction (withActor).
 */
export async function auditImported(tx: Tx, importId: number, actorId: number | null, records: ImportedRecord[], action: 'insert' | 'delete' = 'insert'): Promise<void> {
  if (!records.length) return;
  const field = action === 'insert' ? 'imported_from' : 'import_undone';
  // [before, after], as the trail keeps a created row's values after and a deleted one's before.
  const label = sql`'Import #' || ${importId}::int || ', row ' || x.r`;
  await tx.execute(sql`
    insert into audit_log (actor_user_id, actor_ip, table_name, record_id, action, changes)
    select coalesce(${actorId}::int, nullif(current_setting('almoner.actor_id', true), '')::int),
           nullif(current_setting('almoner.actor_ip', true), '')::inet, x.t, x.id::text, ${action},
           jsonb_build_object(${field}::text, ${action === 'insert' ? sql`jsonb_build_array(null, ${label})` : sql`jsonb_build_array(${label}, null)`})
      from unnest(${textArray(records.map((r) => r.table))}, ${intArray(records.map((r) => r.id))}, ${intArray(records.map((r) => r.row))}) as x(t, id, r)
     where coalesce(current_setting('almoner.audit', true), '') <> 'off'`);
}

// Table names are ours ([a-z_]), so the array literal needs no quoting.
const textArray = (xs: string[]) => sql`${`{${xs.join(',')}}`}::text[]`;
