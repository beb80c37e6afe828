import { hasPermission, messages, supporterPrivacyMessages, noteMessages, noteRights, NOTES_PER_PAGE, type Note, type NotesPage } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { withActor, type Actor } from '../../db/actor.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import type { AuthUser } from '../auth/session.ts';
import { isErased } from '../supporters/supporters.erase.ts';

/** Who is asking, as the note rules need it. */
export type NoteViewer = { id: number; is_account_admin: boolean; canWrite: boolean };

export const viewerOf = (user: AuthUser): NoteViewer => ({
  id: user.id,
  is_account_admin: user.isAccountAdmin,
  canWrite: hasPermission({ is_account_admin: user.isAccountAdmin, permissions: user.permissions }, 'member.add'),
});

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Typed text → the stored HTML: a paragraph per blank-line-separated block, `<br>` per line break. */
export function noteHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

type NoteRow = Record<string, unknown>;

function toNote(row: NoteRow, viewer: NoteViewer): Note {
  const createdBy = row.created_by === null ? null : Number(row.created_by);
  const rights = noteRights({ createdBy }, viewer);
  return {
    id: Number(row.id),
    body: String(row.body),
    created_by: createdBy === null || row.first_name === null ? null : { id: createdBy, firstname: String(row.first_name), lastname: String(row.last_name) },
    created_at: new Date(row.created_at as string).toISOString(),
    updated_at: new Date(row.updated_at as string).toISOString(),
    can_edit: rights.canEdit,
    can_delete: rights.canDelete,
  };
}

const selectNotes = sql`select n.id, n.body, n.created_by, n.created_at, n.updated_at, u.first_name, u.last_name
  from notes n left join users u on u.id = n.created_by`;

async function assertSupporter(q: Queryable, supporterId: number): Promise<void> {
  const [row] = await queryRows(q, sql`select 1 from supporters where id = ${supporterId}`);
  if (!row) throw new AppError('not_found', messages.notFound);
}

/**
 * A supporter's notes, newest first, NOTES_PER_PAGE a page; a page past the end shows the last
 * one. The filter matches words of the body (case-insensitive substring of the text without tags).
 */
export async function listNotes(db: Db, supporterId: number, query: { page: number; filter?: { body?: string | undefined } | undefined }, viewer: NoteViewer, path: string): Promise<NotesPage> {
  await assertSupporter(db, supporterId);
  const term = query.filter?.body?.trim() ?? '';
  const own = sql`n.commentable_type = 'supporter' and n.commentable_id = ${supporterId} and n.deleted_at is null`;
  // The body is HTML: search its text, so "p" or "br" never match every note.
  const matches = term ? sql`and regexp_replace(n.body, '<[^>]*>', ' ', 'g') ilike ${`%${term.replace(/[\\%_]/g, '\\$&')}%`}` : sql``;
  const [counts] = await queryRows(db, sql`select count(*)::int as unfiltered, count(*) filter (where true ${matches})::int as total from notes n where ${own}`);
  const total = Number(counts?.total ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / NOTES_PER_PAGE));
  const page = Math.min(query.page, lastPage);
  const rows = await queryRows(db, sql`${selectNotes} where ${own} ${matches} order by n.created_at desc, n.id desc limit ${NOTES_PER_PAGE} offset ${(page - 1) * NOTES_PER_PAGE}`);
  const from = total === 0 ? null : (page - 1) * NOTES_PER_PAGE + 1;
  const filterPart = term ? `&filter%5Bbody%5D=${encodeURIComponent(term)}` : '';
  const url = (n: number) => `${path}?page=${n}${filterPart}`;
  return {
    data: rows.map((r) => toNote(r, viewer)),
    meta: {
      current_page: page,
      last_page: lastPage,
      from,
      to: from === null ? null : from + rows.length - 1,
      total,
      unfiltered: Number(counts?.unfiltered ?? 0),
      per_page: NOTES_PER_PAGE,
      links: [
        { url: page > 1 ? url(page - 1) : null, label: 'Previous', active: false },
        ...Array.from({ length: lastPage }, (_, i) => ({ url: url(i + 1), label: String(i + 1), active: i + 1 === page })),
        { url: page < lastPage ? url(page + 1) : null, label: 'Next', active: false },
      ],
    },
    links: { first: url(1), last: url(lastPage), prev: page > 1 ? url(page - 1) : null, next: page < lastPage ? url(page + 1) : null },
  };
}

export async function createNote(db: Db, actor: Actor, supporterId: number, body: string, viewer: NoteViewer): Promise<Note> {
  return withActor(db, actor, async (tx) => {
    await assertSupporter(tx, supporterId);
    if (await isErased(tx, supporterId)) throw new AppError('conflict', supporterPrivacyMessages.noEdit);
    const [created] = await queryRows(tx, sql`insert into notes (commentable_type, commentable_id, body, created_by, updated_by)
      values ('supporter', ${supporterId}, ${noteHtml(body)}, ${viewer.id}, ${viewer.id}) returning id`);
    return readNote(tx, Number(created?.id), viewer);
  });
}

async function readNote(q: Queryable, id: number, viewer: NoteViewer, lock = false): Promise<Note> {
  const [row] = await queryRows(q, sql`${selectNotes} where n.id = ${id} and n.deleted_at is null ${lock ? sql`for update of n` : sql``}`);
  if (!row) throw new AppError('not_found', messages.notFound);
  return toNote(row, viewer);
}

export async function updateNote(db: Db, actor: Actor, id: number, body: string, viewer: NoteViewer): Promise<Note> {
  return withActor(db, actor, async (tx) => {
    const note = await readNote(tx, id, viewer, true);
    if (!note.can_edit) throw new AppError('forbidden', noteMessages.notAuthor);
    await tx.execute(sql`update notes set body = ${noteHtml(body)}, updated_by = ${viewer.id}, updated_at = now() where id = ${id}`);
    return readNote(tx, id, viewer);
  });
}

/** Soft delete: the audit trail keeps who removed what. */
export async function deleteNote(db: Db, actor: Actor, id: number, viewer: NoteViewer): Promise<void> {
  await withActor(db, actor, async (tx) => {
    const note = await readNote(tx, id, viewer, true);
    if (!note.can_delete) throw new AppError('forbidden', noteMessages.notAllowedDelete);
    await tx.execute(sql`update notes set deleted_at = now(), updated_by = ${viewer.id} where id = ${id}`);
  });
}
