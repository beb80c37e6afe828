import type { Queryable } from '../db/client.ts';
import { media, mediables } from '../modules/media/media.tables.ts';
import { segmentItems, segments, sponsorshipSegments } from '../modules/segments/segments.tables.ts';
import { sponsorships } from '../modules/sponsorships/sponsorships.tables.ts';
import { at, DAY, isoDay, type SeedContext } from './context.ts';
import type { Rng } from './prng.ts';
import type { Reference } from './reference.ts';
import type { SponseeRef } from './sponsee-ref.ts';
import { insertTimeline } from './timeline.ts';
import { insertRows } from './writer.ts';


const COUNTRIES: [string, number, number, string][] = [
  ['Guatemala', 14.6349, -90.5069, 'GT'], ['Kenya', -0.0236, 37.9062, 'KE'], ['Philippines', 12.8797, 121.774, 'PH'],
  ['Uganda', 1.3733, 32.2903, 'UG'], ['Haiti', 18.9712, -72.2852, 'HT'],
];
const PROGRAMS = [
  ['Education', 'School fees, uniforms and books, and a tutor after class.'],
  ['Health & Nutrition', 'Check-ups twice a year and a hot lunch every school day.'],
  ['Clean Water', 'A safe well within walking distance of home.'],
];
const INTERESTS = ['Soccer', 'Drawing', 'Music', 'Reading', 'Science', 'Dancing'];
const SUBJECTS = ['Maths', 'English', 'Science', 'Art', 'History', 'Geography'];

type SegmentIds = { country: number[]; program: number[]; interests: number[]; segment: Record<'country' | 'program' | 'interests' | 'subject', number> };

/** Segments, sponsees with photos and segment values, and their timelines. */
export async function insertSponsees(ctx: SeedContext, q: Queryable, reference: Reference): Promise<SponseeRef[]> {
  const rng = ctx.rng.fork('sponsees');
  const segmentIds = await insertSegments(ctx, q);
  const refs: SponseeRef[] = [];
  const rows: (typeof sponsorships.$inferInsert)[] = [];
  const photos: (typeof media.$inferInsert)[] = [];
  const values: (typeof sponsorshipSegments.$inferInsert)[] = [];
  for (let i = 0; i < ctx.scale.sponsorships; i++) {
    const { row, ref, photo } = buildSponsee(ctx, rng, reference, i);
    rows.push(row);
    refs.push(ref);
    photos.push(photo);
    values.push(...segmentValues(rng, ref.id, i, segmentIds));
  }
  await insertRows(q, media, photos);
  await insertRows(q, sponsorships, rows);
  await insertRows(q, mediables, photos.map((p, i) => ({ mediaId: p.id as number, mediableType: 'sponsorship', mediableId: refs[i]!.id })));
  await insertRows(q, sponsorshipSegments, values);
  await insertTimeline(ctx, q, refs);
  return refs;
}

function buildSponsee(ctx: SeedContext, rng: Rng, reference: Reference, index: number) {
  const gender = rng.chance(0.5) ? 'F' : 'M';
  const firstName = ctx.faker.person.firstName(gender === 'F' ? 'female' : 'male');
  const lastName = ctx.faker.person.lastName();
  const [country, lat, lng, code] = COUNTRIES[index % COUNTRIES.length] as [string, number, number, string];
  const age = rng.int(4, 16);
  const enrolledAt = ctx.now - rng.int(760, 2200) * DAY;
  const group = reference.sponsorshipGroups[age >= 12 ? 1 : 0] as Reference['sponsorshipGroups'][number];
  const id = ctx.ids.next(sponsorships);
  const referenceNumber = `${code}-${String(1000 + index).padStart(5, '0')}`;
  const photoId = ctx.ids.next(media);
  const photo = {
    id: photoId, collectionName: 'sponsorships', name: referenceNumber, filename: `${referenceNumber.toLowerCase()}.jpg`,
    storageKey: `sponsorships/${referenceNumber.toLowerCase()}.jpg`, contentType: 'image/jpeg', size: 96_000 + index * 17, width: 800, height: 1000,
    createdAt: at(enrolledAt),
  };
  const row = {
    id, referenceNumber, firstName, lastName, gender, birthDate: isoDay(ctx.now - (age * 365 + rng.int(0, 364)) * DAY),
    enrollmentDate: isoDay(enrolledAt), mediaId: photoId, paymentOptionGroupId: group.groupId, country,
    village: ctx.faker.location.city(), region: ctx.faker.location.county(), project: `${country} ${age >= 12 ? 'Secondary' : 'Primary'} Project`,
    school: `${ctx.faker.person.lastName()} ${age >= 12 ? 'High' : 'Primary'} School`,
    latitude: (lat + (rng.next() - 0.5)).toFixed(6), longitude: (lng + (rng.next() - 0.5)).toFixed(6),
    biography: `${firstName} is ${age} and lives in ${country} with ${rng.int(1, 5)} brothers and sisters. ${firstName} loves ${rng.pick(INTERESTS).toLowerCase()}.`,
    isEnabled: !rng.chance(0.08), glCode: 'SPONSOR_4400', crmMetadata: { dp_gl_code: 'SPONSOR_4400' },
    createdAt: at(enrolledAt), updatedAt: at(enrolledAt),
  };
  const ref = { id, firstName, lastName, reference: referenceNumber, enrolledAt, monthlyAmount: group.monthlyAmount, glCode: 'SPONSOR_4400' };
  return { row, ref, photo };
}

async function insertSegments(ctx: SeedContext, q: Queryable): Promise<SegmentIds> {
  const seg = (name: string, type: string, sequence: number, extra: Partial<typeof segments.$inferInsert> = {}) =>
    ({ id: ctx.ids.next(segments), name, namePlural: `${name}s`, type, sequence, ...extra });
  const rows = [seg('Country', 'multi-select', 1, { isGeographic: true, namePlural: 'Countries' }), seg('Program', 'advanced-multi-select', 2),
    seg('Interest', 'multi-select', 3), seg('Favourite subject', 'text', 4, { showAsFilter: false })];
  await insertRows(q, segments, rows);
  const [country, program, interests, subject] = rows.map((r) => r.id) as [number, number, number, number];
  const item = (segmentId: number, name: string, sequence: number, extra: Partial<typeof segmentItems.$inferInsert> = {}) =>
    ({ id: ctx.ids.next(segmentItems), segmentId, name, sequence, ...extra });
  const countryItems = COUNTRIES.map(([name, lat, lng], i) => item(country, name, i, { latitude: lat.toFixed(6), longitude: lng.toFixed(6) }));
  const programItems = PROGRAMS.map(([name, summary], i) => item(program, name as string, i, { summary }));
  const interestItems = INTERESTS.map((name, i) => item(interests, name, i));
  await insertRows(q, segmentItems, [...countryItems, ...programItems, ...interestItems]);
  return {
    country: countryItems.map((r) => r.id), program: programItems.map((r) => r.id), interests: interestItems.map((r) => r.id),
    segment: { country, program, interests, subject },
  };
}

function segmentValues(rng: Rng, sponsorshipId: number, index: number, ids: SegmentIds): (typeof sponsorshipSegments.$inferInsert)[] {
  // Same rotation as buildSponsee's country, so the segment agrees with the address.
  const countryItem = ids.country[index % ids.country.length] as number;
  const values: (typeof sponsorshipSegments.$inferInsert)[] = [{ sponsorshipId, segmentId: ids.segment.country, segmentItemId: countryItem }];
  const programs = new Set([rng.pick(ids.program), rng.pick(ids.program)]);
  for (const segmentItemId of programs) values.push({ sponsorshipId, segmentId: ids.segment.program, segmentItemId });
  const interests = new Set([rng.pick(ids.interests), rng.pick(ids.interests)]);
  for (const segmentItemId of interests) values.push({ sponsorshipId, segmentId: ids.segment.interests, segmentItemId });
  values.push({ sponsorshipId, segmentId: ids.segment.subject, value: rng.pick(SUBJECTS) });
  return values;
}
