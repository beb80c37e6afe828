import { type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';

/**
 * A supporter's tag names, sorted as staff read them: the one derivation used by the history
 * below, the supporters CSV and the tags card.
 */
export const supporterTagNamesSql = (supporterId: SQL) =>
  sql`(select coalesce(array_agg(g.name order by lower(g.name), g.id), '{}') from supporter_tags st join tags g on g.id = st.tag_id where st.supporter_id = ${supporterId})`;

/** The named supporters' tag lists, before a change, to compare with after it. */
export async function tagNamesOf(q: Queryable, supporterIds: number[]): Promise<Map<number, string[]>> {
  if (!supporterIds.length) return new Map();
  const rows = await queryRows(q, sql`select s.id, ${supporterTagNamesSql(sql`s.id`)} as names from supporters s
    where s.id = any(${`{${supporterIds.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [Number(r.id), r.names as string[]]));
}

/**
 * Writes one entry per supporter whose tags changed to that supporter's history
 * (`tags: [before, after]`), by whoever acts in this transaction (withActor): supporter_tags is
 * kept out of the trigger's trail, so this is the record of the change. Call with the lists
 * read by `tagNamesOf` before the change, in the same transaction. `actorId` names the staff
 * member when no one acts in the transaction (an import's background job, as imports.audit.ts).
 */
export async function recordTagChanges(tx: Tx, before: Map<number, string[]>, actorId: number | null = null): Promise<void> {
  const after = await tagNamesOf(tx, [...before.keys()]);
  const changed = [...before].flatMap(([id, was]) => {
    const now = after.get(id) ?? [];
    return was.join('\u0000') === now.join('\u0000') ? [] : [{ id, changes: { tags: [was, now] } }];
  });
  if (!changed.length) return;
  await tx.execute(sql`
    insert into audit_log (actor_user_id, actor_ip, table_name, record_id, action, changes)
    select coalesce(${actorId}::int, nullif(current_setting('almoner.actor_id', true), '')::int), nullif(current_setting('almoner.actor_ip', true), '')::inet,
           'supporters', x.id::text, 'update', x.changes
      from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as x(id int, changes jsonb)
     where coalesce(current_setting('almoner.audit', true), '') <> 'off'`);
}
