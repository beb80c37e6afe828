import type { Queryable } from '../db/client.ts';
import { fundraisingPages, fundraisingPageViews } from '../modules/fundraising/fundraising.tables.ts';
import { media } from '../modules/media/media.tables.ts';
import type { Catalog } from './catalog.ts';
import { at, DAY, isoDay, type SeedContext } from './context.ts';
import type { SupporterRef } from './people.ts';
import type { Rng } from './prng.ts';
import { insertRows } from './writer.ts';
import type { PageRef } from './world.ts';

const TITLES = [
  '{first}\u2019s Birthday for Clean Water', 'Running the City Marathon for Relief', 'The {last} Family Well Project',
  '{first} Bikes 500 Miles', 'In Memory of Grandma Rose', 'Team {last} Gives Back', '{first}\u2019s Lemonade Stand',
  'Our Church Mission Drive', 'Shave for Good with {first}', 'Hike for Hope',
];

/** Supporters' peer-to-peer pages; written before contributions, which give to them. */
export async function insertFundraisingPages(ctx: SeedContext, q: Queryable, people: SupporterRef[], catalog: Catalog): Promise<PageRef[]> {
  const rng = ctx.rng.fork('fundraising');
  const productId = catalog.productIds.get('P2P-DONATE') as number;
  const authors: number[] = [];
  people.forEach((p, i) => {
    if (p.weight > 0 && p.isActive && !p.isOrganization && p.createdAt < ctx.now - 30 * DAY) authors.push(i);
  });
  const pages: PageRef[] = [];
  const rows: (typeof fundraisingPages.$inferInsert)[] = [];
  const photos: (typeof media.$inferInsert)[] = [];
  for (let i = 0; i < ctx.scale.fundraisingPages && authors.length > 0; i++) {
    const authorIndex = rng.pick(authors);
    const author = people[authorIndex] as SupporterRef;
    const createdAt = author.createdAt + rng.next() * (ctx.now - 20 * DAY - author.createdAt);
    const status = rng.weighted([['active', 75], ['closed', 15], ['pending', 5], ['suspended', 5]] as const);
    const closedAt = status === 'closed' ? createdAt + rng.int(30, 90) * DAY : status === 'active' ? null : createdAt + 7 * DAY;
    const title = rng.pick(TITLES).replace('{first}', author.firstName).replace('{last}', author.lastName);
    const id = ctx.ids.next(fundraisingPages);
    const mediaId = ctx.ids.next(media);
    photos.push({ id: mediaId, collectionName: 'fundraising', name: title, filename: `page-${id}.jpg`, storageKey: `fundraising/page-${id}.jpg`, contentType: 'image/jpeg', size: 150_000 + id });
    rows.push({
      id, title, currencyCode: ctx.currency, url: `${slug(title)}-${id}`, authorSupporterId: author.id, productId, status, mediaId,
      description: `<p>I\u2019m raising money for a cause close to my heart. Every gift helps!</p>`,
      goalAmount: rng.pick([50_000, 100_000, 250_000, 500_000]), views: rng.int(40, 4000), activatedAt: status === 'pending' ? null : at(createdAt),
      deadline: closedAt === null ? isoDay(ctx.now + rng.int(10, 120) * DAY) : isoDay(Math.min(closedAt, ctx.now)),
      createdAt: at(createdAt), updatedAt: at(createdAt),
    });
    // Pending and suspended pages take no gifts; a closed page took gifts until it closed.
    pages.push({ id, authorIndex, createdAt: status === 'pending' || status === 'suspended' ? Infinity : createdAt, closedAt, title });
  }
  await insertRows(q, media, photos);
  await insertRows(q, fundraisingPages, rows);
  await insertRows(q, fundraisingPageViews, dailyViews(ctx, rng, rows));
  return pages.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

/** The last 30 days of views for each open page (the listing's sparkline). */
function dailyViews(ctx: SeedContext, rng: Rng, rows: (typeof fundraisingPages.$inferInsert)[]) {
  const views: (typeof fundraisingPageViews.$inferInsert)[] = [];
  for (const row of rows) {
    if (row.status !== 'active') continue;
    const base = rng.int(2, 60);
    for (let day = 30; day >= 1; day--) {
      views.push({ fundraisingPageId: row.id as number, day: isoDay(ctx.now - day * DAY), views: Math.max(0, Math.round(base * (0.4 + rng.next() * 1.2))) });
    }
  }
  return views;
}

function slug(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
}
