import type { Queryable } from '../db/client.ts';
import { virtualEvents } from '../modules/events/events.tables.ts';
import { feedPosts, feeds } from '../modules/feeds/feeds.tables.ts';
import { pageRevisions, pages } from '../modules/pages/pages.tables.ts';
import { themeAssets, themes } from '../modules/themes/themes.tables.ts';
import type { Catalog } from './catalog.ts';
import { at, DAY, type SeedContext } from './context.ts';
import { insertRows } from './writer.ts';

/** The public site: pages and a menu, a blog and a slider, the theme, a virtual event. */
export async function insertContent(ctx: SeedContext, q: Queryable, catalog: Catalog): Promise<void> {
  await insertPages(ctx, q, catalog);
  await insertFeeds(ctx, q);
  await insertTheme(ctx, q);
  const product = (code: string) => catalog.productIds.get(code) ?? null;
  await insertRows(q, virtualEvents, [{
    id: ctx.ids.next(virtualEvents), name: 'Spring Gala Livestream', currencyCode: ctx.currency, slug: 'spring-gala-livestream', startDate: at(ctx.now + 24 * DAY + 23 * 3_600_000),
    themeStyle: 'dark', themePrimaryColor: 'indigo', videoSource: 'youtube', videoId: 'dQw4w9WgXcQ', isChatEnabled: true,
    prestreamMessageLine1: 'We\u2019ll be live soon', prestreamMessageLine2: 'Grab a seat and say hello in the chat',
    tabOneLabel: 'Give', tabOneProductId: product('GEN-FUND'), tabTwoLabel: 'Tickets', tabTwoProductId: product('GALA-TICKET'),
    tabThreeLabel: 'Shop', tabThreeProductId: product('TSHIRT-HOPE'), createdAt: at(ctx.now - 20 * DAY),
  }, {
    // A studio broadcast whose stream was made at the video provider before this copy of the data:
    // its ingest key is stored, so the edit page shows the stream URL and key with their copy buttons.
    id: ctx.ids.next(virtualEvents), name: 'Year-End Studio Broadcast', currencyCode: ctx.currency, slug: 'year-end-studio-broadcast', startDate: at(ctx.now + 33 * DAY + 19 * 3_600_000),
    themeStyle: 'light', themePrimaryColor: 'teal', videoSource: 'mux', isChatEnabled: true,
    tabOneLabel: 'Give', tabOneProductId: product('GEN-FUND'), streamReference: 'demo-live-stream-1', streamKey: 'demo-5f2c9a71-stream-key', createdAt: at(ctx.now - 6 * DAY),
  }]);
}

async function insertPages(ctx: SeedContext, q: Queryable, catalog: Catalog): Promise<void> {
  const author = ctx.staff[0] ?? null;
  const page = (title: string, type: 'html' | 'category' | 'menu', url: string | null, extra: Partial<typeof pages.$inferInsert> = {}) => ({
    id: ctx.ids.next(pages), title, type, url, createdBy: author, updatedBy: author, createdAt: at(ctx.now - 600 * DAY), ...extra,
  });
  const menu = page('Main menu', 'menu', null);
  const home = page('Home', 'html', '/', {
    pageTitle: 'Hope Alliance \u2013 change a life today', parentId: menu.id, sequence: 1,
    body: '<h1>Every gift changes a life</h1><p>Clean water, schooling and emergency relief for families in five countries.</p>',
    backgroundOptions: { size: 'cover', position: 'center center', height: 70, animation: 'slow_zoom' },
  });
  const about = page('About us', 'html', '/about', { parentId: menu.id, sequence: 2, body: '<h1>About us</h1><p>Founded in 1998 by a group of teachers.</p>' });
  const donate = page('Donate', 'category', '/donate', { parentId: menu.id, sequence: 3, categoryId: catalog.categoryIds.get('Donate') ?? null });
  const shop = page('Shop', 'category', '/shop', { parentId: menu.id, sequence: 4, categoryId: catalog.categoryIds.get('Shop') ?? null });
  await insertRows(q, pages, [menu]);
  await insertRows(q, pages, [home, about, donate, shop]);
  await insertRows(q, pageRevisions, [
    { id: ctx.ids.next(pageRevisions), pageId: home.id, title: 'Home', body: '<h1>Every gift counts</h1>', createdBy: author, createdAt: at(ctx.now - 90 * DAY) },
    { id: ctx.ids.next(pageRevisions), pageId: home.id, isAutosave: true, title: 'Home', body: `${home.body}<p>Draft: add the gala banner.</p>`, createdBy: author, createdAt: at(ctx.now - 2 * DAY) },
  ]);
}

async function insertFeeds(ctx: SeedContext, q: Queryable): Promise<void> {
  const blog = { id: ctx.ids.next(feeds), name: 'News', postType: 'blog', urlSlug: 'news' };
  const slider = { id: ctx.ids.next(feeds), name: 'Home page slider', postType: 'slide', urlSlug: 'home-slider', showSocialShareLinks: false };
  const podcast = { id: ctx.ids.next(feeds), name: 'Voices from the Field', postType: 'audio', urlSlug: 'podcast', isPodcast: true, podcastOptions: { author: 'Hope Alliance', category: 'Non-Profit', explicit: false } };
  await insertRows(q, feeds, [blog, slider, podcast]);
  const post = (feedId: number, name: string, daysAgo: number, sequence: number, extra: Partial<typeof feedPosts.$inferInsert> = {}) => ({
    id: ctx.ids.next(feedPosts), feedId, name, urlSlug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), sequence,
    body: `<p>${name}.</p>`, postedAt: at(ctx.now - daysAgo * DAY), author: 'Communications team', createdAt: at(ctx.now - daysAgo * DAY), ...extra,
  });
  await insertRows(q, feedPosts, [
    post(blog.id, 'Ten new wells in Kenya', 12, 1), post(blog.id, 'What your gift did this year', 45, 2),
    post(blog.id, 'Back to school in Guatemala', 130, 3), post(blog.id, 'Relief after the floods', 260, 4),
    post(slider.id, 'Give clean water', 30, 1, { url: '/donate' }), post(slider.id, 'Spring Gala tickets', 20, 2, { url: '/gala' }),
    post(podcast.id, 'Episode 1: Why water first', 60, 1, { fields: { length_minutes: 28 } }),
  ]);
}

async function insertTheme(ctx: SeedContext, q: Queryable): Promise<void> {
  const themeId = ctx.ids.next(themes);
  await insertRows(q, themes, [{ id: themeId, handle: 'hope', title: 'Hope', isActive: true, createdAt: at(ctx.now - 600 * DAY) }]);
  const asset = (key: string, contentType: string, value: string | null, extra: Partial<typeof themeAssets.$inferInsert> = {}) => ({
    id: ctx.ids.next(themeAssets), themeId, key, contentType, value, size: value?.length ?? 0, createdAt: at(ctx.now - 600 * DAY), ...extra,
  });
  await insertRows(q, themeAssets, [
    asset('layouts/theme.liquid', 'text/x-liquid', '<!doctype html>\n<html>\n<head><title>{{ page.title }}</title>{{ "theme.css" | asset_url | stylesheet_tag }}</head>\n<body>{% include "header" %}{{ content_for_layout }}</body>\n</html>\n'),
    asset('templates/page.liquid', 'text/x-liquid', '<main class="page">{{ page.body }}</main>\n'),
    asset('templates/product.liquid', 'text/x-liquid', '<main class="product"><h1>{{ product.name }}</h1>{{ product.description }}{% include "buy-button" %}</main>\n'),
    asset('snippets/header.liquid', 'text/x-liquid', '<header><a href="/">{{ site.name }}</a>{% for link in menu.links %}<a href="{{ link.url }}">{{ link.title }}</a>{% endfor %}</header>\n'),
    asset('snippets/buy-button.liquid', 'text/x-liquid', '<button class="btn btn-primary">{{ product.add_to_label | default: "Give now" }}</button>\n'),
    asset('assets/theme.css', 'text/css', 'body { font-family: "Source Sans 3", sans-serif; color: #1f2933; }\n.btn-primary { background: #0b7285; }\n'),
    asset('config/settings.json', 'application/json', JSON.stringify({ primary_color: '#0b7285', font: 'Source Sans 3', show_donation_goal: true }, null, 2)),
    asset('assets/logo.png', 'image/png', null, { storageKey: 'themes/hope/assets/logo.png', size: 14_220 }),
  ]);
}
