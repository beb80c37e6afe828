import { checkImportRow, importMessages, TIMELINE_TAGS } from '@almoner/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { createPost } from '../timeline/timeline.service.ts';
import { timelinePosts } from '../timeline/timeline.tables.ts';
import { type ImportJobRow, registerImportKind, type RowResult, type StagedRow, UNDO_REFUSED } from './imports.kinds.ts';

/** One timeline row: the sponsorship by reference number, then a post through the timeline's own service. */
async function applyTimeline(
  tx: Tx,
  job: ImportJobRow,
  row: StagedRow,
): Promise<RowResult> {
  const check = checkImportRow('sponsorships-timeline', row.raw as Record<string, string>);
  const errors = { ...check.errors };
  const v = check.values;
  const tagText = typeof v.tag === 'string' ? v.tag.toLowerCase() : 'general';
  const tag = TIMELINE_TAGS.find((x) => x === tagText);
  if (!tag && !errors.tag) errors.tag = [importMessages.segmentValue(String(v.tag), TIMELINE_TAGS)];
  const reference = typeof v.reference_number === 'string' ? v.reference_number : null;
  const [sponsorship] = reference
    ? await tx
        .select({ id: sponsorships.id })
        .from(sponsorships)
        .where(and(sql`lower(${sponsorships.referenceNumber}) = ${reference.toLowerCase()}`, isNull(sponsorships.deletedAt)))
    : [];
  if (reference && !sponsorship && !errors.reference_number) errors.reference_number = [noSponsorship(reference)];
  if (Object.keys(errors).length || !sponsorship || !tag) return { outcome: 'rejected', recordId: null, errors };
  if (job.dryRun) return { outcome: 'created', recordId: null };
  const { id } = await createPost(tx, job.createdBy, {
    parent_type: 'sponsorship',
    parent_id: sponsorship.id,
    headline: v.headline as string,
    message: v.message as string,
    tag,
    posted_on: v.posted_on as string,
    is_private: v.is_private === true,
    notify_sponsors: v.notify_sponsors === true,
    media: [],
  });
  const [post] = await tx.select({ updatedAt: timelinePosts.updatedAt }).from(timelinePosts).where(eq(timelinePosts.id, id));
  return { outcome: 'created', recordId: id, stamp: post?.updatedAt ?? null };
}

/** The reference number names no sponsorship (ours). */
export const noSponsorship = (reference: string) => `No sponsorship has the reference number ${reference}.`;

/** Deletes (softly) the posts the import created, only while each is untouched since. */
async function undoTimeline(tx: Tx, rows: StagedRow[]): Promise<void> {
  const ids = rows.map((r) => r.recordId as number);
    const posts = await tx.select({ id: timelinePosts.id, updatedAt: timelinePosts.updatedAt, deletedAt: timelinePosts.deletedAt }).from(timelinePosts).where(inArray(timelinePosts.id, ids));
    const postStamp = new Map(posts.filter((p) => !p.deletedAt).map((p) => [p.id, p.updatedAt.getTime()]));
    if (rows.some((r) => postStamp.get(r.recordId as number) !== r.recordStamp?.getTime())) throw new AppError('conflict', UNDO_REFUSED);
    await tx.update(timelinePosts).set({ deletedAt: new Date() }).where(inArray(timelinePosts.id, ids));
}

registerImportKind('sponsorships-timeline', { apply: applyTimeline, undo: undoTimeline });
