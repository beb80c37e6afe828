import type { Queryable } from '../db/client.ts';
import { media, mediables } from '../modules/media/media.tables.ts';
import { timelinePosts } from '../modules/timeline/timeline.tables.ts';
import { at, DAY, isoDay, type SeedContext } from './context.ts';
import type { SponseeRef } from './sponsee-ref.ts';
import { insertRows } from './writer.ts';

/** Headline and message templates by tag; {name} is the sponsee's first name. */
const POSTS: [string, string, string][] = [
  ['education', '{name} finished the school year', '{name} passed every subject this year and was proud to bring home a certificate. Thank you for making school possible.'],
  ['milestone', '{name} turned another year older', 'We celebrated {name}\u2019s birthday at the centre with a cake and songs from the whole class.'],
  ['letter', 'A letter from {name}', '{name} wrote to say thank you and to tell you about a new friend at school. The letter is on its way to you by post.'],
  ['medical', 'Health check-up', '{name} had the twice-yearly check-up this month: healthy, growing well, and up to date with vaccinations.'],
  ['gift', 'Your gift arrived', 'Your family gift bought a new mattress, school shoes and a month of groceries. {name}\u2019s mother asked us to send her thanks.'],
  ['family', 'News from home', '{name}\u2019s family moved into a house with a tin roof before the rainy season. Everyone is settled and well.'],
  ['celebration', 'Graduation day', '{name} graduated from the literacy programme today and read a short speech in front of the whole village.'],
  ['weather', 'After the storm', 'Heavy rains reached the region this month. {name}\u2019s family is safe and the school reopened after a week.'],
  ['update', 'Term report', '{name} is doing well in class and has joined the after-school club. Teachers say attendance has been excellent.'],
];

/** Two to six updates per sponsee since enrolment (last two years), a few with a photo. */
export async function insertTimeline(ctx: SeedContext, q: Queryable, sponsees: SponseeRef[]): Promise<void> {
  const rng = ctx.rng.fork('timeline');
  const posts: (typeof timelinePosts.$inferInsert)[] = [];
  const photos: (typeof media.$inferInsert)[] = [];
  const links: (typeof mediables.$inferInsert)[] = [];
  for (const sponsee of sponsees) {
    const count = rng.int(2, 6);
    for (let i = 0; i < count; i++) {
      const [tag, headline, message] = rng.pick(POSTS);
      const postedAt = Math.max(sponsee.enrolledAt, ctx.now - 720 * DAY) + rng.next() * 700 * DAY;
      const id = ctx.ids.next(timelinePosts);
      const fill = (text: string) => text.replaceAll('{name}', sponsee.firstName);
      posts.push({
        id, parentType: 'sponsorship', parentId: sponsee.id, tag, headline: fill(headline), message: fill(message),
        postedOn: isoDay(Math.min(postedAt, ctx.now - DAY)), isPrivate: rng.chance(0.12), createdBy: rng.pick(ctx.staff),
        createdAt: at(Math.min(postedAt, ctx.now - DAY)), updatedAt: at(Math.min(postedAt, ctx.now - DAY)),
      });
      if (!rng.chance(0.25)) continue;
      const mediaId = ctx.ids.next(media);
      const filename = `${sponsee.reference.toLowerCase()}-update-${id}.jpg`;
      photos.push({ id: mediaId, collectionName: 'timeline', name: filename, filename, storageKey: `timeline/${filename}`, contentType: 'image/jpeg', size: 240_000 + id, caption: fill(headline).slice(0, 191) });
      links.push({ mediaId, mediableType: 'timeline_post', mediableId: id });
    }
  }
  await insertRows(q, timelinePosts, posts);
  await insertRows(q, media, photos);
  await insertRows(q, mediables, links);
}
