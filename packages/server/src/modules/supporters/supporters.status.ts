import { SUPPORTER_STATUS_ACTIONS, type SupporterStatusAction, type SupporterStatusAnswer, supporterStatusMessages, supporterStatusOf, supporterPrivacyMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';

/** The columns each status sets; `archived_at` says since when a supporter is archived. */
const columnsFor = {
  active: sql`is_active = true, is_spam = false, archived_at = null`,
  archived: sql`is_active = false, is_spam = false, archived_at = now()`,
  spam: sql`is_spam = true, archived_at = null`,
} as const;

/**
 * Archives, marks as spam or restores one supporter, in one audited update (the history shows
 * who, when, from → to). Asking for the status a supporter already has changes nothing and says so.
 */
export async function setSupporterStatus(db: Db, actor: Actor, id: number, action: SupporterStatusAction): Promise<SupporterStatusAnswer> {
  const target = SUPPORTER_STATUS_ACTIONS[action];
  return withActor(db, actor, async (tx) => {
    const [row] = await queryRows(tx, sql`
      select is_active, is_spam, erased_at, coalesce(nullif(display_name, ''), nullif(trim(concat_ws(' ', first_name, last_name)), ''), email, 'Supporter #' || id) as name
        from supporters where id = ${id} for update`);
    if (!row) throw new AppError('not_found', 'This supporter does not exist.');
    if (row.erased_at) throw new AppError('conflict', supporterPrivacyMessages.noEdit);
    const current = supporterStatusOf({ is_active: Boolean(row.is_active), is_spam: Boolean(row.is_spam) });
    if (current === target) throw new AppError('conflict', supporterStatusMessages.already[target]);
    await tx.execute(sql`update supporters set ${columnsFor[target]}, updated_at = now() where id = ${id}`);
    return { message: supporterStatusMessages.done[action](String(row.name)), status: target };
  });
}
