import { messages, segmentMessages, type Segment, type SegmentInputParsed } from '@almoner/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { segmentItems, segments } from './segments.tables.ts';

const notFound = () => new AppError('not_found', messages.notFound);

async function findSegment(db: Queryable, id: number) {
  const [row] = await db.select().from(segments).where(and(eq(segments.id, id), isNull(segments.deletedAt)));
  if (!row) throw notFound();
  return row;
}

export async function getSegment(db: Queryable, id: number): Promise<Segment> {
  const s = await findSegment(db, id);
  const items = await db.select().from(segmentItems).where(and(eq(segmentItems.segmentId, id), isNull(segmentItems.deletedAt))).orderBy(asc(segmentItems.sequence), asc(segmentItems.id));
  return {
    id: s.id,
    name: s.name,
    name_plural: s.namePlural,
    description: s.description,
    type: s.type as Segment['type'],
    show_as_filter: s.showAsFilter,
    show_in_detail: s.showInDetail,
    items: items.map((i) => ({ id: i.id, name: i.name, summary: i.summary, link: i.link, sequence: i.sequence })),
  };
}

export async function listSegments(db: Queryable): Promise<{ data: { id: number; name: string; type: string; items: number }[] }> {
  const data = await db
    .select({ id: segments.id, name: segments.name, type: segments.type, items: sql<number>`(select count(*)::int from segment_items i where i.segment_id = "segments"."id" and i.deleted_at is null)` })
    .from(segments)
    .where(isNull(segments.deletedAt))
    .orderBy(asc(segments.sequence), asc(segments.name));
  return { data };
}

/** Items in the order sent; items no longer sent (or all, when the type has none) are soft-deleted. */
async function saveSegment(db: Db, actor: Actor, id: number | null, input: SegmentInputParsed): Promise<Segment> {
  const segmentId = await withActor(db, actor, async (tx) => {
    const columns = { name: input.name, namePlural: input.name_plural, description: input.description, type: input.type, showAsFilter: input.show_as_filter, showInDetail: input.show_in_detail, updatedAt: sql`now()` };
    let savedId = id;
    if (savedId === null) savedId = ((await tx.insert(segments).values(columns).returning({ id: segments.id }))[0] as { id: number }).id;
    else {
      await findSegment(tx, savedId);
      await tx.update(segments).set(columns).where(eq(segments.id, savedId));
    }
    const existing = (await tx.select({ id: segmentItems.id }).from(segmentItems).where(and(eq(segmentItems.segmentId, savedId), isNull(segmentItems.deletedAt)))).map((i) => i.id);
    const stranger = input.items.findIndex((i) => i.id !== undefined && !existing.includes(i.id));
    if (stranger >= 0) throw fieldError(`items.${stranger}.id`, messages.notFound);
    const gone = existing.filter((e) => !input.items.some((i) => i.id === e));
    if (gone.length) await tx.update(segmentItems).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(inArray(segmentItems.id, gone));
    for (const [sequence, item] of input.items.entries()) {
      const values = { name: item.name, summary: item.summary, link: item.link, sequence, updatedAt: sql`now()` };
      if (item.id === undefined) await tx.insert(segmentItems).values({ ...values, segmentId: savedId });
      else await tx.update(segmentItems).set(values).where(eq(segmentItems.id, item.id));
    }
    return savedId;
  });
  return getSegment(db, segmentId);
}

export const createSegment = (db: Db, actor: Actor, input: SegmentInputParsed) => saveSegment(db, actor, null, input);
export const updateSegment = (db: Db, actor: Actor, id: number, input: SegmentInputParsed) => saveSegment(db, actor, id, input);

export async function deleteSegment(db: Db, actor: Actor, id: number): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const s = await findSegment(tx, id);
    await tx.update(segments).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(segments.id, id));
    return { message: segmentMessages.deleted(s.name) };
  });
}
