import { feedMessages, messages, type Feed, type FeedInputParsed, type FeedRow } from '@almoner/contracts';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { feeds } from './feeds.tables.ts';

/** Feeds, called post types on the site (spec part 1 §2 "Post type form": podcast options). */

const notFound = () => new AppError('not_found', messages.notFound);
type FeedRecord = typeof feeds.$inferSelect;

export async function findFeed(db: Queryable, id: number): Promise<FeedRecord> {
  const [row] = await db.select().from(feeds).where(and(eq(feeds.id, id), isNull(feeds.deletedAt)));
  if (!row) throw notFound();
  return row;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
export const toFeed = (f: FeedRecord): Feed => {
  const o = f.podcastOptions;
  return {
    id: f.id, name: f.name, post_type: f.postType as Feed['post_type'], url_slug: f.urlSlug, description: f.description, show_social_share_links: f.showSocialShareLinks, is_podcast: f.isPodcast,
    podcast: { author: str(o.author), owner_name: str(o.owner_name), owner_email: str(o.owner_email), category: str(o.category), language: str(o.language), explicit: o.explicit === true, image_url: str(o.image_url) },
  };
};

export async function getFeed(db: Queryable, id: number): Promise<Feed> {
  return toFeed(await findFeed(db, id));
}

export async function listFeeds(db: Queryable): Promise<{ data: FeedRow[] }> {
  const rows = await db
    .select({ id: feeds.id, name: feeds.name, postType: feeds.postType, urlSlug: feeds.urlSlug, isPodcast: feeds.isPodcast, posts: sql<number>`(select count(*)::int from feed_posts p where p.feed_id = ${feeds.id})` })
    .from(feeds)
    .where(isNull(feeds.deletedAt))
    .orderBy(asc(feeds.name));
  return { data: rows.map((r) => ({ id: r.id, name: r.name, post_type: r.postType as FeedRow['post_type'], url_slug: r.urlSlug, is_podcast: r.isPodcast, posts: r.posts })) };
}

async function saveFeed(db: Db, actor: Actor, id: number | null, input: FeedInputParsed): Promise<Feed> {
  const savedId = await withActor(db, actor, async (tx) => {
    if (id !== null) await findFeed(tx, id);
    if (input.url_slug !== null) {
      const [clash] = await tx.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.urlSlug, input.url_slug), isNull(feeds.deletedAt), id === null ? undefined : ne(feeds.id, id)));
      if (clash) throw fieldError('url_slug', feedMessages.slugTaken);
    }
    const columns = { name: input.name, postType: input.post_type, urlSlug: input.url_slug, description: input.description, showSocialShareLinks: input.show_social_share_links, isPodcast: input.is_podcast, podcastOptions: input.podcast, updatedAt: sql`now()` };
    if (id !== null) {
      await tx.update(feeds).set(columns).where(eq(feeds.id, id));
      return id;
    }
    return ((await tx.insert(feeds).values(columns).returning({ id: feeds.id }))[0] as { id: number }).id;
  });
  return getFeed(db, savedId);
}

export const createFeed = (db: Db, actor: Actor, input: FeedInputParsed) => saveFeed(db, actor, null, input);
export const updateFeed = (db: Db, actor: Actor, id: number, input: FeedInputParsed) => saveFeed(db, actor, id, input);
