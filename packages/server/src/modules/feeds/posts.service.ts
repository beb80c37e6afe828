import { feedMessages, messages, POST_FIELDS, postFieldsByType, type FeedPostType, type Post, type PostField, type PostInputParsed, type PostRow } from '@almoner/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { hasEmbed, sanitizeHtml } from '../../html/sanitize.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { findFeed } from './feeds.service.ts';
import { feedPosts } from './feeds.tables.ts';

/** Posts of a feed; each post type keeps only its own fields (spec part 1 §3). */

const notFound = () => new AppError('not_found', messages.notFound);
type PostRecord = typeof feedPosts.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function findPost(db: Queryable, id: number): Promise<PostRecord> {
  const [row] = await db.select().from(feedPosts).where(eq(feedPosts.id, id));
  if (!row) throw notFound();
  await findFeed(db, row.feedId);
  return row;
}

/** Fields with their own column; the rest live in the `fields` document. */
const COLUMN_FIELDS = { author: 'author', embed_code: 'embedCode', url: 'url', location: 'location', fine_print: 'finePrint' } as const satisfies Partial<Record<PostField, keyof PostRecord>>;
const isColumnField = (f: PostField): f is keyof typeof COLUMN_FIELDS => f in COLUMN_FIELDS;

function toPost(p: PostRecord, type: FeedPostType): Post {
  const fields: Post['fields'] = {};
  for (const f of postFieldsByType[type]) {
    const value = isColumnField(f) ? p[COLUMN_FIELDS[f]] : p.fields[f];
    fields[f] = typeof value === 'string' || typeof value === 'number' ? value : null;
  }
  return {
    id: p.id, feed_id: p.feedId, name: p.name, url_slug: p.urlSlug, body: p.body ?? '', tags: p.tags, posted_at: iso(p.postedAt), expires_at: iso(p.expiresAt),
    is_enabled: p.isEnabled, sequence: p.sequence, featured_image_url: typeof p.fields.featured_image_url === 'string' ? p.fields.featured_image_url : null, fields,
  };
}

export async function getPost(db: Queryable, id: number): Promise<Post> {
  const p = await findPost(db, id);
  return toPost(p, (await findFeed(db, p.feedId)).postType as FeedPostType);
}

export async function listPosts(db: Queryable, feedId: number): Promise<{ data: PostRow[] }> {
  await findFeed(db, feedId);
  const rows = await db.select().from(feedPosts).where(eq(feedPosts.feedId, feedId)).orderBy(asc(feedPosts.sequence), asc(feedPosts.id));
  return { data: rows.map((r) => ({ id: r.id, name: r.name, posted_at: iso(r.postedAt), is_enabled: r.isEnabled, sequence: r.sequence })) };
}

/**
 * A video's embed code goes through the one HTML policy like the body; one that shows no player
 * once cleaned (an iframe from another site, a script) is refused rather than stored empty.
 */
function cleanEmbedCode(code: string | null): string | null {
  if (code === null || code.trim() === '') return null;
  const clean = sanitizeHtml(code);
  if (!hasEmbed(clean)) throw fieldError('embed_code', feedMessages.embedCode);
  return clean;
}

function columnsOf(input: PostInputParsed, type: FeedPostType) {
  const own = new Set(postFieldsByType[type]);
  const value = (f: PostField) => (own.has(f) ? input[f] : null);
  const documentFields: Record<string, unknown> = { featured_image_url: input.featured_image_url };
  for (const f of POST_FIELDS) if (!isColumnField(f) && own.has(f) && input[f] !== null) documentFields[f] = input[f];
  return {
    name: input.name, urlSlug: input.url_slug, body: sanitizeHtml(input.body), tags: input.tags, isEnabled: input.is_enabled,
    postedAt: input.posted_at ? new Date(input.posted_at) : null, expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    author: value('author') as string | null, embedCode: cleanEmbedCode(value('embed_code') as string | null), url: value('url') as string | null, location: value('location') as string | null, finePrint: value('fine_print') as string | null,
    fields: documentFields, updatedAt: sql`now()`,
  };
}

export async function createPost(db: Db, actor: Actor, input: PostInputParsed): Promise<Post> {
  const id = await withActor(db, actor, async (tx) => {
    const feed = await findFeed(tx, input.feed_id);
    const [next] = await tx.select({ n: sql<number>`coalesce(max(${feedPosts.sequence}), 0)::int + 1` }).from(feedPosts).where(eq(feedPosts.feedId, feed.id));
    const [row] = await tx.insert(feedPosts).values({ ...columnsOf(input, feed.postType as FeedPostType), feedId: feed.id, sequence: next?.n ?? 1 }).returning({ id: feedPosts.id });
    return (row as { id: number }).id;
  });
  return getPost(db, id);
}

export async function updatePost(db: Db, actor: Actor, id: number, input: PostInputParsed): Promise<Post> {
  await withActor(db, actor, async (tx) => {
    const post = await findPost(tx, id);
    // A post stays in its feed: the feed decides its type.
    if (post.feedId !== input.feed_id) throw notFound();
    const feed = await findFeed(tx, post.feedId);
    await tx.update(feedPosts).set(columnsOf(input, feed.postType as FeedPostType)).where(eq(feedPosts.id, id));
  });
  return getPost(db, id);
}

export async function deletePost(db: Db, actor: Actor, id: number): Promise<{ success: true }> {
  return withActor(db, actor, async (tx) => {
    await findPost(tx, id);
    await tx.delete(feedPosts).where(eq(feedPosts.id, id));
    return { success: true };
  });
}

/** Sets sequence 1..n in the order given; the list must be exactly the posts of one feed. */
export async function sequencePosts(db: Db, actor: Actor, ids: number[]): Promise<{ success: true }> {
  return withActor(db, actor, async (tx) => {
    const rows = await tx.select({ id: feedPosts.id, feedId: feedPosts.feedId }).from(feedPosts).where(inArray(feedPosts.id, ids));
    const feedIds = new Set(rows.map((r) => r.feedId));
    const [feedId] = feedIds;
    const all = feedId === undefined ? [] : await tx.select({ id: feedPosts.id }).from(feedPosts).where(eq(feedPosts.feedId, feedId));
    if (feedIds.size !== 1 || new Set(ids).size !== ids.length || all.length !== ids.length) throw new AppError('validation', feedMessages.sequenceMismatch, { sequence: [feedMessages.sequenceMismatch] });
    await findFeed(tx, feedId as number);
    for (const [index, id] of ids.entries()) await tx.update(feedPosts).set({ sequence: index + 1, updatedAt: sql`now()` }).where(and(eq(feedPosts.id, id), eq(feedPosts.feedId, feedId as number)));
    return { success: true };
  });
}
