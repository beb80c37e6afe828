import { contributionEditMessages as m, contributionNumber } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { forgetListingCounts } from '../../listing/count-cache.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordContributionEvents } from '../domain-events/domain-events.service.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { changeWithHistory } from './contributions.change.ts';

/**
 * `POST /jpanel/contributions/{id}/restore`: undoes a (soft) delete. The gift is back in the
 * listing, its counts and its supporter's lifetime giving; its status history says who restored
 * it, the audit trail shows deleted_at cleared, and `contribution.updated` names deleted_at.
 */
export async function restoreContribution(db: Db, actor: Actor & { userId: number }, id: number): Promise<{ message: string }> {
  const number = contributionNumber(id);
  return withActor(db, actor, async (tx) => {
    const [c] = await queryRows(tx, sql`select id, supporter_id, deleted_at from contributions where id = ${id} for update`);
    if (!c) throw new AppError('not_found', 'This contribution does not exist.');
    if (!c.deleted_at) throw new AppError('conflict', m.notDeleted(number));
    await forgetListingCounts(tx);
    await changeWithHistory(tx, sql`update contributions set deleted_at = null, deleted_by = null, updated_at = now() where id = ${id}`, 'restored', actor.userId);
    await refreshSupporterGiving(tx, sql`select supporter_id from contributions where id = ${id}`);
    await recordContributionEvents(tx, [{ id, supporter_id: c.supporter_id === null ? null : Number(c.supporter_id) }], { changes: ['deleted_at'] });
    return { message: m.restored(number) };
  });
}
