import { feedMessages, HTML_IFRAME_ALLOW, HTML_IFRAME_SANDBOX, messages } from '@almoner/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { feedPosts } from './feeds.tables.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const unique = () => Math.random().toString(36).slice(2, 8);
const createFeed = async (extra: Record<string, unknown> = {}) => {
  const r = await admin.post('/jpanel/feeds', { name: `Feed ${unique()}`, post_type: 'blog', ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const createPost = async (feedId: number, extra: Record<string, unknown> = {}) => {
  const r = await admin.post('/jpanel/feeds/posts', { feed_id: feedId, name: `Post ${unique()}`, ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};

describe('feeds (post types)', () => {
  it('saves podcast options for audio feeds only, and unique slugs', async () => {
    const podcast = await createFeed({ post_type: 'audio', url_slug: `cast-${unique()}`, is_podcast: true, podcast: { author: 'Hope', owner_email: 'cast@example.org', category: 'Non-Profit', explicit: true } });
    expect(podcast.podcast).toMatchObject({ author: 'Hope', owner_email: 'cast@example.org', category: 'Non-Profit', explicit: true });
    const blog = await admin.post('/jpanel/feeds', { name: 'Blog', post_type: 'blog', is_podcast: true });
    expect(blog.json().errors).toEqual({ is_podcast: [feedMessages.podcastType] });
    const clash = await admin.post('/jpanel/feeds', { name: 'Other', url_slug: podcast.url_slug });
    expect(clash.json().errors).toEqual({ url_slug: [feedMessages.slugTaken] });
    expect((await admin.post('/jpanel/feeds', { name: '', url_slug: 'Bad Slug', podcast: { owner_email: 'x' } })).json().errors).toMatchObject({ name: [messages.required], url_slug: [feedMessages.slug] });
    const off = (await admin.post(`/jpanel/feeds/${podcast.id}`, { ...podcast, is_podcast: false })).json();
    expect(off.podcast.author).toBeNull();
    expect((await admin.get('/jpanel/feeds.json')).json().data.find((f: { id: number }) => f.id === podcast.id).is_podcast).toBe(false);
  });
});

describe('posts', () => {
  it('keeps only the fields of the feed’s post type', async () => {
    const coupons = await createFeed({ post_type: 'coupon' });
    const post = await createPost(coupons.id, { coupon_code: 'SAVE10', fine_print: 'One per order', location: 'ignored', body: '<p>Deal</p><script>x</script>', posted_at: '2026-01-01T10:00:00Z' });
    expect(post.fields).toEqual({ coupon_code: 'SAVE10', fine_print: 'One per order' });
    expect(post.body).toBe('<p>Deal</p>');
    const events = await createFeed({ post_type: 'event' });
    const event = await createPost(events.id, { location: 'Town hall', posted_at: '2026-03-01T18:00:00Z', ends_at: '2026-03-01T21:00:00Z' });
    expect(event.fields).toEqual({ location: 'Town hall', ends_at: '2026-03-01T21:00:00Z', url: null });
    const backwards = await admin.post('/jpanel/feeds/posts', { feed_id: events.id, name: 'x', posted_at: '2026-03-01T18:00:00Z', ends_at: '2026-03-01T17:00:00Z' });
    expect(backwards.json().errors).toEqual({ ends_at: [feedMessages.endsBeforeStart] });
    expect((await admin.post('/jpanel/feeds/posts', { feed_id: events.id, name: 'x', posted_at: 'tomorrow', length_minutes: 'ten' })).json().errors).toMatchObject({ posted_at: [messages.date] });
    const videos = await createFeed({ post_type: 'video' });
    const video = await createPost(videos.id, { embed_code: '<iframe src="https://player.vimeo.com/video/1"></iframe>', length_minutes: '12' });
    expect(video.fields).toEqual({ embed_code: `<iframe src="https://player.vimeo.com/video/1" allow="${HTML_IFRAME_ALLOW}" sandbox="${HTML_IFRAME_SANDBOX}"></iframe>`, length_minutes: 12, author: null });
    const updated = (await admin.post(`/jpanel/feeds/posts/${video.id}`, { feed_id: videos.id, name: 'Renamed', length_minutes: 13 })).json();
    expect(updated).toMatchObject({ name: 'Renamed', fields: { length_minutes: 13 } });
    expect((await admin.post(`/jpanel/feeds/posts/${video.id}`, { feed_id: events.id, name: 'Moved' })).statusCode).toBe(404);
    expect((await admin.get(`/jpanel/feeds/posts/${video.id}.json`)).json().name).toBe('Renamed');
    expect((await admin.post('/jpanel/feeds/posts', { feed_id: 999999, name: 'x' })).statusCode).toBe(404);
  });

  it('cleans a body and an embed code by the one HTML policy, and refuses an embed code that shows no player (issue 35)', async () => {
    const videos = await createFeed({ post_type: 'video' });
    const mixed = '<iframe src="https://www.youtube.com/embed/abc" onload="alert(1)" sandbox="allow-top-navigation"></iframe><script>alert(1)</script><iframe src="https://evil.example/"></iframe>';
    const post = await createPost(videos.id, { embed_code: mixed, body: '<p>Watch<svg><a href="/x"><set attributeName="href" to="javascript:alert(1)"/></a></svg></p><meta http-equiv="refresh" content="0;url=https://evil.example/">' });
    expect(post.fields.embed_code).toBe(`<iframe src="https://www.youtube.com/embed/abc" allow="${HTML_IFRAME_ALLOW}" sandbox="${HTML_IFRAME_SANDBOX}"></iframe>`);
    expect(post.body).toBe('<p>Watch</p>');
    for (const embed of ['<iframe src="https://evil.example/player"></iframe>', '<iframe src="http://www.youtube.com/embed/abc"></iframe>', '<script src="https://evil.example/x.js"></script>', 'just words']) {
      const refused = await admin.post(`/jpanel/feeds/posts/${post.id}`, { feed_id: videos.id, name: 'Changed', embed_code: embed });
      expect(refused.statusCode, embed).toBe(422);
      expect(refused.json().errors).toEqual({ embed_code: [feedMessages.embedCode] });
    }
    // Refused changes nothing.
    expect((await admin.get(`/jpanel/feeds/posts/${post.id}.json`)).json()).toMatchObject({ name: post.name, fields: { embed_code: post.fields.embed_code } });
    const [row] = await t.database.db.select({ embedCode: feedPosts.embedCode }).from(feedPosts).where(eq(feedPosts.id, post.id));
    expect(row?.embedCode).toBe(post.fields.embed_code);
  });

  it('re-sequences a feed’s posts and refuses a partial or mixed order', async () => {
    const feed = await createFeed();
    const [a, b, c] = [await createPost(feed.id), await createPost(feed.id), await createPost(feed.id)];
    expect((await admin.post('/jpanel/feeds/posts/sequence', { sequence: `${c.id},${a.id},${b.id}` })).json()).toEqual({ success: true });
    const order = await t.database.db.select({ id: feedPosts.id, sequence: feedPosts.sequence }).from(feedPosts).where(eq(feedPosts.feedId, feed.id)).orderBy(asc(feedPosts.sequence));
    expect(order).toEqual([{ id: c.id, sequence: 1 }, { id: a.id, sequence: 2 }, { id: b.id, sequence: 3 }]);
    expect((await admin.get(`/jpanel/feeds/${feed.id}/posts.json`)).json().data.map((p: { id: number }) => p.id)).toEqual([c.id, a.id, b.id]);
    const other = await createPost((await createFeed()).id);
    for (const sequence of [`${a.id},${b.id}`, `${a.id},${b.id},${c.id},${other.id}`, `${a.id},${a.id},${b.id}`, 'a,b', '', `${a.id},${b.id},9999999999`]) {
      const r = await admin.post('/jpanel/feeds/posts/sequence', { sequence });
      expect(r.statusCode, sequence).toBe(422);
    }
    const unchanged = await t.database.db.select({ id: feedPosts.id }).from(feedPosts).where(eq(feedPosts.feedId, feed.id)).orderBy(asc(feedPosts.sequence));
    expect(unchanged.map((p) => p.id)).toEqual([c.id, a.id, b.id]);
  });

  it('deletes a post and checks permissions on every route', async () => {
    const feed = await createFeed();
    const post = await createPost(feed.id);
    const { agent: viewer } = await signedIn(t, { permissions: ['post.view'] });
    expect((await viewer.get(`/jpanel/feeds/${feed.id}/posts.json`)).statusCode).toBe(200);
    for (const [path, body] of [['/jpanel/feeds', { name: 'x' }], [`/jpanel/feeds/${feed.id}`, { name: 'x' }], ['/jpanel/feeds/posts', { feed_id: feed.id, name: 'x' }], [`/jpanel/feeds/posts/${post.id}`, { feed_id: feed.id, name: 'x' }], ['/jpanel/feeds/posts/destroy', { id: post.id }], ['/jpanel/feeds/posts/sequence', { sequence: String(post.id) }]] as const)
      expect((await viewer.post(path, body)).statusCode, path).toBe(403);
    const { agent: nobody } = await signedIn(t, { permissions: ['node.view'] });
    for (const path of ['/jpanel/feeds.json', `/jpanel/feeds/${feed.id}.json`, `/jpanel/feeds/${feed.id}/posts.json`, `/jpanel/feeds/posts/${post.id}.json`]) expect((await nobody.get(path)).statusCode, path).toBe(403);
    expect((await admin.post('/jpanel/feeds/posts/destroy', { id: post.id })).json()).toEqual({ success: true });
    expect((await admin.post('/jpanel/feeds/posts/destroy', { id: post.id })).statusCode).toBe(404);
  });
});
