import { checkImportRow, hasSegmentItems, importMessages, type ImportValue, messages, parseSpecDate, type SegmentRules, type SegmentType, sponseeMessages } from '@almoner/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { segmentItems, segments, sponsorshipSegments } from '../segments/segments.tables.ts';
import { replaceSponseeSegments } from '../sponsorships/sponsees.segments.ts';
import { recountSponsorships } from '../sponsorships/sponsors.service.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { type ImportJobRow, type Lookups, registerImportKind, type RowResult, type StagedRow, UNDO_REFUSED } from './imports.kinds.ts';
// Runtime use only (inside functions), so the import cycle through imports.job.ts is harmless.
import { segmentRules } from './imports.segment-rules.ts';

type Sponsee = typeof sponsorships.$inferSelect;
type SponseeSet = Partial<typeof sponsorships.$inferInsert>;
/** A sponsee's value of one segment, as the sponsee form stores it. */
type SegmentValue = { segment_id: number; item_ids: number[]; value: string | null };

/** The live segments: the import's allowed values, each segment's type, and item ids by name. */
type Catalogue = { rules: SegmentRules; types: Map<number, SegmentType>; items: Map<number, Map<string, number>> };

// One catalogue per batch: the job loads `lookups` once per batch transaction.
const catalogues = new WeakMap<Lookups, Promise<Catalogue>>();

async function loadCatalogue(tx: Tx): Promise<Catalogue> {
  const rules = await segmentRules(tx);
  const types = await tx.select({ id: segments.id, type: segments.type }).from(segments).where(isNull(segments.deletedAt));
  const items = await tx
    .select({ id: segmentItems.id, segmentId: segmentItems.segmentId, name: segmentItems.name })
    .from(segmentItems)
    .where(isNull(segmentItems.deletedAt))
    .orderBy(asc(segmentItems.sequence), asc(segmentItems.id));
  const byName = new Map<number, Map<string, number>>();
  for (const i of items) {
    const names = byName.get(i.segmentId) ?? new Map<string, number>();
    if (!names.has(i.name.toLowerCase())) names.set(i.name.toLowerCase(), i.id);
    byName.set(i.segmentId, names);
  }
  return { rules, types: new Map(types.map((t) => [t.id, t.type as SegmentType])), items: byName };
}

function catalogueFor(tx: Tx, lookups: Lookups): Promise<Catalogue> {
  let found = catalogues.get(lookups);
  if (!found) catalogues.set(lookups, (found = loadCatalogue(tx)));
  return found;
}

/** The row's segment_* cells as the sponsee form's values; a blank cell leaves that segment alone. */
function segmentValues(v: Record<string, ImportValue>, catalogue: Catalogue, errors: Record<string, string[]>): SegmentValue[] {
  const out: SegmentValue[] = [];
  for (const [key, value] of Object.entries(v)) {
    if (!key.startsWith('segment_') || typeof value !== 'string' || errors[key]) continue;
    const id = Number(key.slice('segment_'.length));
    const type = catalogue.types.get(id);
    if (!type) continue;
    if (hasSegmentItems(type)) {
      const itemId = catalogue.items.get(id)?.get(value.toLowerCase());
      if (itemId === undefined) errors[key] = [importMessages.segmentValue(value, catalogue.rules[key]?.values ?? [])];
      else out.push({ segment_id: id, item_ids: [itemId], value: null });
    } else if (type === 'date') {
      const day = parseSpecDate(value);
      if (!day) errors[key] = [messages.date];
      else out.push({ segment_id: id, item_ids: [], value: day });
    } else {
      out.push({ segment_id: id, item_ids: [], value });
    }
  }
  return out;
}

/** The sponsee's current values of the named segments (none → an empty value, so undo clears it). */
async function currentSegments(tx: Tx, sponsorshipId: number, ids?: number[]): Promise<SegmentValue[]> {
  const rows = await tx
    .select({ segmentId: sponsorshipSegments.segmentId, itemId: sponsorshipSegments.segmentItemId, value: sponsorshipSegments.value })
    .from(sponsorshipSegments)
    .innerJoin(segments, and(eq(segments.id, sponsorshipSegments.segmentId), isNull(segments.deletedAt)))
    .where(and(eq(sponsorshipSegments.sponsorshipId, sponsorshipId), ids ? inArray(sponsorshipSegments.segmentId, ids.length ? ids : [0]) : undefined))
    .orderBy(asc(sponsorshipSegments.id));
  const bySegment = new Map<number, SegmentValue>((ids ?? []).map((id) => [id, { segment_id: id, item_ids: [], value: null }]));
  for (const r of rows) {
    const entry = bySegment.get(r.segmentId) ?? { segment_id: r.segmentId, item_ids: [], value: null };
    if (r.itemId !== null) entry.item_ids.push(r.itemId);
    else entry.value = r.value;
    bySegment.set(r.segmentId, entry);
  }
  return [...bySegment.values()];
}

/** Sets some segments, keeping the others, through the sponsee form's own writer. */
async function setSegments(tx: Tx, sponsorshipId: number, changes: SegmentValue[]): Promise<void> {
  if (!changes.length) return;
  // Only segments not deleted: the writer leaves a deleted segment's values alone.
  const live = await tx.select({ id: segments.id }).from(segments).where(and(inArray(segments.id, changes.map((c) => c.segment_id)), isNull(segments.deletedAt)));
  const liveIds = new Set(live.map((l) => l.id));
  const merged = new Map((await currentSegments(tx, sponsorshipId)).map((s) => [s.segment_id, s]));
  for (const c of changes) if (liveIds.has(c.segment_id)) merged.set(c.segment_id, c);
  await replaceSponseeSegments(tx, sponsorshipId, [...merged.values()]);
}

async function findSponsee(tx: Tx, reference: string): Promise<Sponsee | null> {
  const [found] = await tx
    .select()
    .from(sponsorships)
    .where(and(sql`lower(${sponsorships.referenceNumber}) = ${reference.toLowerCase()}`, isNull(sponsorships.deletedAt)))
    .limit(1);
  return found ?? null;
}

/** A dry run writes nothing, so a reference created by an earlier row of it is found here instead. */
async function createdEarlier(tx: Tx, job: ImportJobRow, row: StagedRow, reference: string): Promise<boolean> {
  const [hit] = await queryRows(
    tx,
    sql`select 1 from import_rows where import_id = ${job.id} and row_number < ${row.rowNumber} and outcome in ('created', 'updated')
          and lower(trim(raw->>'reference_number')) = ${reference.toLowerCase()} limit 1`,
  );
  return Boolean(hit);
}

/** The row's sponsee fields; blank cells are left out, so an update keeps what the sponsee has. */
function fieldsOf(v: Record<string, ImportValue>): SponseeSet {
  const set: SponseeSet = {};
  const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  if (text('first_name') !== undefined) set.firstName = text('first_name');
  if (text('last_name') !== undefined) set.lastName = text('last_name');
  if (text('gender') !== undefined) set.gender = text('gender');
  if (text('birth_date') !== undefined) set.birthDate = text('birth_date');
  if (text('enrollment_date') !== undefined) set.enrollmentDate = text('enrollment_date');
  if (text('latitude') !== undefined) set.latitude = text('latitude');
  if (text('longitude') !== undefined) set.longitude = text('longitude');
  if (typeof v.is_enabled === 'boolean') set.isEnabled = v.is_enabled;
  // A stated is_sponsored is kept as stated; a blank one leaves it to the sponsor count (automatic).
  if (typeof v.is_sponsored === 'boolean') Object.assign(set, { isSponsored: v.is_sponsored, isSponsoredAuto: false });
  return set;
}

/** One sponsorship row: the sponsee by reference number, then create, update or skip as the import says. */
async function applySponsee(tx: Tx, job: ImportJobRow, row: StagedRow, lookups: Lookups): Promise<RowResult> {
  const catalogue = await catalogueFor(tx, lookups);
  // The server's own check again, against the segment values as they are now.
  const check = checkImportRow('sponsorships', row.raw as Record<string, string>, { segments: catalogue.rules });
  const errors = { ...check.errors };
  const v = check.values;
  const segmentChanges = segmentValues(v, catalogue, errors);
  const reference = typeof v.reference_number === 'string' ? v.reference_number : null;
  if (Object.keys(errors).length || !reference) return { outcome: 'rejected', recordId: null, errors };

  const match = await findSponsee(tx, reference);
  const matched = Boolean(match) || (job.dryRun && (await createdEarlier(tx, job, row, reference)));
  if (matched && job.mode === 'skip') return { outcome: 'skipped', recordId: match?.id ?? null, note: 'matched an existing sponsee' };
  // Reference numbers are unique among sponsees, so "create anyway" cannot make a second one.
  if (matched && job.mode === 'create') return { outcome: 'rejected', recordId: null, errors: { reference_number: [sponseeMessages.referenceTaken] } };
  if (job.dryRun) return { outcome: matched ? 'updated' : 'created', recordId: match?.id ?? null };

  const set = fieldsOf(v);
  const stamp = new Date();
  if (match) {
    const previous: Record<string, unknown> = {};
    for (const col of Object.keys(set)) previous[col] = match[col as keyof Sponsee];
    previous.updatedAt = match.updatedAt.toISOString();
    if (segmentChanges.length) previous.segments = await currentSegments(tx, match.id, segmentChanges.map((s) => s.segment_id));
    await tx.update(sponsorships).set({ ...set, updatedAt: stamp }).where(eq(sponsorships.id, match.id));
    await setSegments(tx, match.id, segmentChanges);
    await recountSponsorships(tx, [match.id]);
    return { outcome: 'updated', recordId: match.id, previous, stamp: await stampOf(tx, match.id) };
  }
  const [created] = await tx
    .insert(sponsorships)
    .values({ ...set, referenceNumber: reference, createdAt: stamp, updatedAt: stamp })
    .returning({ id: sponsorships.id });
  const id = (created as { id: number }).id;
  await setSegments(tx, id, segmentChanges);
  await recountSponsorships(tx, [id]);
  return { outcome: 'created', recordId: id, stamp: await stampOf(tx, id) };
}

/**
 * The sponsee's updated_at as the row left it: read back, because the recount's update (when it
 * changes the count or the automatic flag) is stamped by the database's touch trigger.
 */
async function stampOf(tx: Tx, id: number): Promise<Date | null> {
  const [row] = await tx.select({ updatedAt: sponsorships.updatedAt }).from(sponsorships).where(eq(sponsorships.id, id));
  return row?.updatedAt ?? null;
}

/**
 * Deletes (softly, as sponsees are kept) the sponsees the import created and puts back the fields
 * and segment values it changed, only while each is untouched since: the same updated_at, no
 * sponsor attached since, and nothing recorded against a created one.
 */
async function undoSponsees(tx: Tx, rows: StagedRow[]): Promise<void> {
  const ids = [...new Set(rows.map((r) => r.recordId as number))];
  const current = await tx
    .select({ id: sponsorships.id, updatedAt: sponsorships.updatedAt, deletedAt: sponsorships.deletedAt })
    .from(sponsorships)
    .where(inArray(sponsorships.id, ids))
    .for('update');
  const stampOf = new Map(current.filter((c) => !c.deletedAt).map((c) => [c.id, c.updatedAt.getTime()]));
  // Rows come newest first: the newest row of each sponsee left the stamp it has now.
  const latest = new Map<number, StagedRow>();
  for (const r of rows) if (!latest.has(r.recordId as number)) latest.set(r.recordId as number, r);
  const touched = [...latest.values()].some((r) => stampOf.get(r.recordId as number) !== r.recordStamp?.getTime());
  if (touched || (await usedSince(tx, rows))) throw new AppError('conflict', UNDO_REFUSED);

  for (const r of rows) {
    const id = r.recordId as number;
    if (r.outcome === 'created') {
      await tx.update(sponsorships).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(sponsorships.id, id));
      continue;
    }
    const previous = { ...(r.previous ?? {}) } as Record<string, unknown>;
    const updatedAt = new Date(String(previous.updatedAt));
    const segmentsBefore = (previous.segments ?? []) as SegmentValue[];
    delete previous.updatedAt;
    delete previous.segments;
    await tx.update(sponsorships).set({ ...(previous as SponseeSet), updatedAt }).where(eq(sponsorships.id, id));
    await setSegments(tx, id, segmentsBefore);
  }
  await recountSponsorships(tx, ids);
}

/** A sponsor started since the import on any of its sponsees, or a gift, plan or post on one it created. */
async function usedSince(tx: Tx, rows: StagedRow[]): Promise<boolean> {
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    const stamps = sql.join(chunk.map((r) => sql`(${r.recordId as number}::int, ${(r.recordStamp as Date).toISOString()}::timestamptz)`), sql`, `);
    const created = chunk.filter((r) => r.outcome === 'created').map((r) => sql`${r.recordId as number}`);
    const [hit] = await queryRows(
      tx,
      sql`select 1 from sponsors s join (values ${stamps}) v(id, at) on s.sponsorship_id = v.id where s.created_at > v.at
          ${created.length
            ? sql`union all select 1 from (
                    select sponsorship_id from contribution_items union all select sponsorship_id from recurring_payment_profiles
                    union all select parent_id from timeline_posts where parent_type = 'sponsorship' and deleted_at is null
                  ) used where sponsorship_id in (${sql.join(created, sql`, `)})`
            : sql``}
          limit 1`,
    );
    if (hit) return true;
  }
  return false;
}

registerImportKind('sponsorships', { apply: applySponsee, undo: undoSponsees });
