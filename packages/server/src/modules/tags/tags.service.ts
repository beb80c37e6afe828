import { messages, supporterPrivacyMessages, type Tag, type TagColour, tagMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordTagChanges, tagNamesOf } from './tags.history.ts';
import { isErased } from '../supporters/supporters.erase.ts';

const selectTags = sql`select g.id, g.name, g.colour, (select count(*)::int from supporter_tags st where st.tag_id = g.id) as supporters from tags g`;
const toTag = (r: Record<string, unknown>): Tag => ({ id: Number(r.id), name: String(r.name), colour: r.colour as TagColour, supporters: Number(r.supporters) });

export async function listTags(db: Queryable): Promise<{ data: Tag[] }> {
  const rows = await queryRows(db, sql`${selectTags} order by lower(g.name), g.id`);
  return { data: rows.map(toTag) };
}

async function readTag(q: Queryable, id: number, lock = false): Promise<Tag> {
  const [row] = await queryRows(q, sql`${selectTags} where g.id = ${id} ${lock ? sql`for update of g` : sql``}`);
  if (!row) throw new AppError('not_found', tagMessages.unknownTag);
  return toTag(row);
}

async function assertNameFree(q: Queryable, name: string, exceptId = 0): Promise<void> {
  const [taken] = await queryRows(q, sql`select 1 from tags where lower(name) = lower(${name}) and id <> ${exceptId}`);
  if (taken) throw fieldError('name', tagMessages.nameTaken);
}

/** Supporters holding a tag, locked so a concurrent change waits for this one's history. */
async function holdersOf(tx: Tx, tagId: number): Promise<number[]> {
  const rows = await queryRows(tx, sql`select supporter_id from supporter_tags where tag_id = ${tagId} order by supporter_id for update`);
  return rows.map((r) => Number(r.supporter_id));
}

export async function createTag(db: Db, actor: Actor, input: { name: string; colour: TagColour }): Promise<Tag> {
  return withActor(db, actor, async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await queryRows(tx, sql`insert into tags (name, colour) values (${input.name}, ${input.colour}) returning id`);
    return readTag(tx, Number(row?.id));
  });
}

/** Renames and recolours; a new name shows in the history of every supporter holding the tag. */
export async function updateTag(db: Db, actor: Actor, id: number, input: { name: string; colour: TagColour }): Promise<Tag> {
  return withActor(db, actor, async (tx) => {
    const current = await readTag(tx, id, true);
    await assertNameFree(tx, input.name, id);
    const before = current.name === input.name ? new Map<number, string[]>() : await tagNamesOf(tx, await holdersOf(tx, id));
    await tx.execute(sql`update tags set name = ${input.name}, colour = ${input.colour}, updated_at = now() where id = ${id}`);
    await recordTagChanges(tx, before);
    return readTag(tx, id);
  });
}

/** Moves every supporter holding `id` onto `intoId`, then removes `id`: one transaction. */
export async function mergeTag(db: Db, actor: Actor, id: number, intoId: number): Promise<{ message: string; tag: Tag }> {
  if (id === intoId) throw fieldError('into_tag_id', tagMessages.mergeIntoItself);
  return withActor(db, actor, async (tx) => {
    // Both locked in id order, so two merges of the same pair cannot deadlock.
    await tx.execute(sql`select id from tags where id in (${id}, ${intoId}) order by id for update`);
    const from = await readTag(tx, id);
    const into = await readTag(tx, intoId).catch(() => null);
    if (!into) throw fieldError('into_tag_id', tagMessages.unknownTag);
    const before = await tagNamesOf(tx, await holdersOf(tx, id));
    await tx.execute(sql`insert into supporter_tags (supporter_id, tag_id, created_by)
      select supporter_id, ${intoId}, created_by from supporter_tags where tag_id = ${id} on conflict do nothing`);
    await tx.execute(sql`delete from tags where id = ${id}`);
    await recordTagChanges(tx, before);
    return { message: tagMessages.merged(from.name, into.name), tag: await readTag(tx, intoId) };
  });
}

export async function supporterTags(db: Queryable, supporterId: number): Promise<{ data: Tag[] }> {
  const [s] = await queryRows(db, sql`select 1 from supporters where id = ${supporterId}`);
  if (!s) throw new AppError('not_found', messages.notFound);
  const rows = await queryRows(db, sql`${selectTags} join supporter_tags x on x.tag_id = g.id and x.supporter_id = ${supporterId} order by lower(g.name), g.id`);
  return { data: rows.map(toTag) };
}

/** Gives a supporter exactly these tags (the tags card sends its whole selection). */
export async function setSupporterTags(db: Db, actor: Actor, supporterId: number, tagIds: number[]): Promise<{ data: Tag[] }> {
  const ids = [...new Set(tagIds)];
  await withActor(db, actor, async (tx) => {
    const [s] = await queryRows(tx, sql`select 1 from supporters where id = ${supporterId} for update`);
    if (!s) throw new AppError('not_found', messages.notFound);
    if (await isErased(tx, supporterId)) throw new AppError('conflict', supporterPrivacyMessages.noEdit);
    const known = ids.length ? await queryRows(tx, sql`select id from tags where id = any(${`{${ids.join(',')}}`}::int[])`) : [];
    if (known.length !== ids.length) throw fieldError('tag_ids', tagMessages.unknownTag);
    const before = await tagNamesOf(tx, [supporterId]);
    const list = sql`${`{${ids.join(',')}}`}::int[]`;
    await tx.execute(sql`delete from supporter_tags where supporter_id = ${supporterId} and tag_id <> all(${list})`);
    await tx.execute(sql`insert into supporter_tags (supporter_id, tag_id, created_by)
      select ${supporterId}, x, ${actor.userId} from unnest(${list}) as x on conflict do nothing`);
    await recordTagChanges(tx, before);
  });
  return supporterTags(db, supporterId);
}

/**
 * The supporter import's `tags` cell: adds the named tags (matched whatever their case; a name
 * not yet used becomes a grey tag), never removes any. History as for any other tag change.
 */
export async function addTagsByName(tx: Tx, supporterId: number, names: string[], userId: number | null): Promise<void> {
  if (!names.length) return;
  const before = await tagNamesOf(tx, [supporterId]);
  const list = sql`${JSON.stringify(names)}::jsonb`;
  await tx.execute(sql`insert into tags (name) select n from jsonb_array_elements_text(${list}) as n
    on conflict ((lower(name))) do nothing`);
  await tx.execute(sql`insert into supporter_tags (supporter_id, tag_id, created_by)
    select ${supporterId}, g.id, ${userId} from tags g where lower(g.name) in (select lower(n) from jsonb_array_elements_text(${list}) as n)
    on conflict do nothing`);
  await recordTagChanges(tx, before, userId);
}
