import { type SponseeDetail, sponsorMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { queryRows } from '../../listing/engine.ts';
import { sponsorsOf } from './sponsors.service.ts';

const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'gender',
  'biography',
  'private_notes',
  'street_number',
  'street_name',
  'village',
  'region',
  'country',
  'project',
  'school',
  'gl_code',
] as const;

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** GET /jpanel/sponsorships/{id}: the sponsee's fields, photo, segments and sponsors (current first). */
export async function getSponsee(
  db: Queryable,
  storage: Storage,
  id: number,
): Promise<SponseeDetail> {
  const [row] = await queryRows(
    db,
    sql`
    select sp.*, person_name(sp.first_name, sp.last_name) as full_name, sp.birth_date::text as birth, sp.enrollment_date::text as enrolled,
           sp.last_timeline_update_on::text as last_update, sp.latitude::text as lat, sp.longitude::text as lng,
           g.name as group_name, m.filename as photo_filename, m.storage_key as photo_key
      from sponsorships sp
      left join payment_option_groups g on g.id = sp.payment_option_group_id and g.deleted_at is null
      left join media m on m.id = sp.media_id
     where sp.id = ${id} and sp.deleted_at is null`,
  );
  if (!row) throw new AppError('not_found', sponsorMessages.sponseeNotFound);
  const [segments, sponsors] = await Promise.all([
    queryRows(
      db,
      sql`
      select s.name, array_agg(coalesce(i.name, v.value) order by i.sequence, i.name, v.value) as values
        from sponsorship_segments v join segments s on s.id = v.segment_id
        left join segment_items i on i.id = v.segment_item_id
       where v.sponsorship_id = ${id} and s.deleted_at is null and s.show_in_detail
       group by s.id, s.name, s.sequence order by s.sequence, s.name`,
    ),
    sponsorsOf(db, id),
  ]);
  const photoUrl = row.photo_key
    ? (await storage.signDownload(String(row.photo_key), { expiresInSeconds: 3600 })).url
    : null;
  const texts = Object.fromEntries(TEXT_FIELDS.map((f) => [f, str(row[f])])) as Record<
    (typeof TEXT_FIELDS)[number],
    string | null
  >;
  return {
    sponsee: {
      ...texts,
      id: Number(row.id),
      reference_number: String(row.reference_number),
      full_name: String(row.full_name ?? ''),
      birth_date: str(row.birth),
      enrollment_date: str(row.enrolled),
      latitude: str(row.lat),
      longitude: str(row.lng),
      is_enabled: Boolean(row.is_enabled),
      is_sponsored: Boolean(row.is_sponsored),
      is_sponsored_auto: Boolean(row.is_sponsored_auto),
      sponsor_count: Number(row.sponsor_count),
      last_timeline_update_on: str(row.last_update),
      payment_option_group: str(row.group_name),
      photo:
        row.media_id && photoUrl
          ? { id: Number(row.media_id), filename: String(row.photo_filename), url: photoUrl }
          : null,
    },
    segments: segments.map((s) => ({
      name: String(s.name),
      values: (s.values as unknown[]).filter((v) => v !== null).map(String),
    })),
    sponsors,
  };
}
