import { type SegmentType, type SponseeDetail, type SponseeFormOptions, sponsorMessages } from '@almoner/contracts';
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
  const [segments, values, sponsors] = await Promise.all([
    queryRows(
      db,
      sql`
      select s.name, s.type, array_agg(coalesce(i.name, v.value) order by i.sequence, i.name, v.value) as values
        from sponsorship_segments v join segments s on s.id = v.segment_id
        left join segment_items i on i.id = v.segment_item_id
       where v.sponsorship_id = ${id} and s.deleted_at is null and s.show_in_detail
       group by s.id, s.name, s.type, s.sequence order by s.sequence, s.name`,
    ),
    // The form's values: items not deleted (a deleted option is not offered, so it is not kept either).
    queryRows(
      db,
      sql`
      select v.segment_id,
             coalesce(array_agg(v.segment_item_id order by i.sequence, i.id) filter (where v.segment_item_id is not null), '{}') as item_ids,
             max(v.value) as value
        from sponsorship_segments v join segments s on s.id = v.segment_id and s.deleted_at is null
        left join segment_items i on i.id = v.segment_item_id
       where v.sponsorship_id = ${id} and (v.segment_item_id is null or i.deleted_at is null)
       group by v.segment_id, s.sequence order by s.sequence, v.segment_id`,
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
      retired_at: row.retired_at ? new Date(row.retired_at as string).toISOString() : null,
      retired_reason: str(row.retired_reason),
      payment_option_group: str(row.group_name),
      payment_option_group_id: row.group_name === null || row.group_name === undefined ? null : Number(row.payment_option_group_id),
      photo:
        row.media_id && photoUrl
          ? { id: Number(row.media_id), filename: String(row.photo_filename), url: photoUrl }
          : null,
    },
    segments: segments.map((s) => ({
      name: String(s.name),
      type: s.type as SegmentType,
      values: (s.values as unknown[]).filter((v) => v !== null).map(String),
    })),
    segment_values: values.map((v) => ({
      segment_id: Number(v.segment_id),
      item_ids: (v.item_ids as unknown[]).map(Number),
      value: str(v.value),
    })),
    sponsors,
  };
}

/**
 * GET /jpanel/sponsorships/form_options.json: the segments (with their options) and payment option
 * groups the sponsee form offers, none deleted. Its own route because the segments and payment
 * groups screens need permissions a sponsee editor may not have.
 */
export async function sponseeFormOptions(db: Queryable): Promise<SponseeFormOptions> {
  const [segments, groups] = await Promise.all([
    queryRows(
      db,
      sql`
      select s.id, s.name, s.type,
             coalesce((select json_agg(json_build_object('id', i.id, 'name', i.name) order by i.sequence, i.id)
                         from segment_items i where i.segment_id = s.id and i.deleted_at is null), '[]') as items
        from segments s where s.deleted_at is null order by s.sequence, s.name, s.id`,
    ),
    queryRows(db, sql`select id, name from payment_option_groups where deleted_at is null order by name, id`),
  ]);
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as { id: unknown; name: unknown }[];
  return {
    segments: segments.map((s) => ({
      id: Number(s.id),
      name: String(s.name),
      type: s.type as SegmentType,
      items: parse(s.items).map((i) => ({ id: Number(i.id), name: String(i.name) })),
    })),
    payment_groups: groups.map((g) => ({ id: Number(g.id), name: String(g.name) })),
  };
}
