import { type ContributionNote, contributionEditMessages as m } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { noteHtml } from '../notes/notes.service.ts';

/**
 * Staff notes on a gift: the shared `notes` table (commentable_type 'contribution'), stored as
 * supporters' notes are (typed text escaped into paragraphs), listed on the contribution's page.
 */
const selectNotes = sql`select n.id, n.body, n.created_at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as author
  from notes n left join users u on u.id = n.created_by`;

const toNote = (row: Record<string, unknown>): ContributionNote => ({
  id: Number(row.id),
  body: String(row.body),
  author: (row.author as string | null) ?? null,
  created_at: new Date(row.created_at as string).toISOString(),
});

/** A gift's notes, newest first. */
export async function contributionNotes(q: Queryable, contributionId: number): Promise<ContributionNote[]> {
  const rows = await queryRows(q, sql`${selectNotes} where n.commentable_type = 'contribution' and n.commentable_id = ${contributionId} and n.deleted_at is null
                                      order by n.created_at desc, n.id desc`);
  return rows.map(toNote);
}

/** `POST /jpanel/contributions/{id}/notes`: adds a note (a deleted gift takes notes too: why it was deleted). */
export async function addContributionNote(db: Db, actor: Actor, contributionId: number, body: string): Promise<{ message: string; note: ContributionNote }> {
  return withActor(db, actor, async (tx) => {
    const [c] = await queryRows(tx, sql`select id from contributions where id = ${contributionId}`);
    if (!c) throw new AppError('not_found', 'This contribution does not exist.');
    const [created] = await queryRows(tx, sql`insert into notes (commentable_type, commentable_id, body, created_by, updated_by)
      values ('contribution', ${contributionId}, ${noteHtml(body)}, ${actor.userId}, ${actor.userId}) returning id`);
    const [row] = await queryRows(tx, sql`${selectNotes} where n.id = ${Number(created?.id)}`);
    return { message: m.noteAdded, note: toNote(row ?? {}) };
  });
}
