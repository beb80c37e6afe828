import { hasSegmentItems, messages, parseSpecDate, type SegmentType, sponseeMessages, type sponseeUpdateSchema } from '@almoner/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { segmentItems, segments, sponsorshipSegments } from '../segments/segments.tables.ts';
import { paymentOptionGroups } from './sponsorships.tables.ts';

type SponseeUpdateInput = z.output<typeof sponseeUpdateSchema>;
type SegmentInput = NonNullable<SponseeUpdateInput['segments']>[number];
/** A checked segment value: what the rows will hold. */
type SegmentRows = { segment_id: number; item_ids: number[]; value: string | null };

/**
 * Checks the payment option group and the segment values against the database (they must exist
 * and not be deleted; items must belong to their segment; a date segment holds a real date).
 * Every problem is reported at once, keyed as the form's fields, before anything is written.
 */
export async function checkSponseeChoices(tx: Tx, input: SponseeUpdateInput): Promise<SegmentRows[] | undefined> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  if (typeof input.payment_option_group_id === 'number') {
    const [group] = await tx
      .select({ id: paymentOptionGroups.id })
      .from(paymentOptionGroups)
      .where(and(eq(paymentOptionGroups.id, input.payment_option_group_id), isNull(paymentOptionGroups.deletedAt)));
    if (!group) add('payment_option_group_id', sponseeMessages.paymentGroup);
  }

  let rows: SegmentRows[] | undefined;
  if (input.segments) {
    const types = await segmentTypes(tx, input.segments.map((s) => s.segment_id));
    const owners = await itemOwners(tx, input.segments.flatMap((s) => s.item_ids ?? []));
    rows = [];
    input.segments.forEach((s, i) => {
      const type = types.get(s.segment_id);
      if (!type) return add(`segments.${i}.segment_id`, sponseeMessages.segment);
      const row = checkSegment(s, type, owners, (field, message) => add(`segments.${i}.${field}`, message));
      if (row) rows!.push(row);
    });
  }

  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  return rows;
}

function checkSegment(
  s: SegmentInput,
  type: SegmentType,
  owners: Map<number, number>,
  add: (field: 'item_ids' | 'value', message: string) => void,
): SegmentRows | null {
  const itemIds = [...new Set(s.item_ids ?? [])];
  if (hasSegmentItems(type)) {
    if (s.value !== null) return add('value', sponseeMessages.segmentTakesItems), null;
    if (itemIds.some((id) => owners.get(id) !== s.segment_id)) return add('item_ids', sponseeMessages.segmentItem), null;
    return { segment_id: s.segment_id, item_ids: itemIds, value: null };
  }
  if (itemIds.length) return add('item_ids', sponseeMessages.segmentTakesValue), null;
  if (type === 'date' && s.value !== null) {
    const day = parseSpecDate(s.value);
    if (!day) return add('value', messages.date), null;
    return { segment_id: s.segment_id, item_ids: [], value: day };
  }
  return { segment_id: s.segment_id, item_ids: [], value: s.value };
}

/** The types of the named segments that are not deleted. */
async function segmentTypes(tx: Tx, ids: number[]): Promise<Map<number, SegmentType>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: segments.id, type: segments.type })
    .from(segments)
    .where(and(inArray(segments.id, ids), isNull(segments.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.type as SegmentType]));
}

/** Which segment each named item (not deleted, of a segment not deleted) belongs to. */
async function itemOwners(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: segmentItems.id, segmentId: segmentItems.segmentId })
    .from(segmentItems)
    .where(and(inArray(segmentItems.id, [...new Set(ids)]), isNull(segmentItems.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.segmentId]));
}

/**
 * Replaces the sponsee's values of every segment not deleted with `rows` (values of deleted
 * segments are left alone: they are neither shown nor offered, and deleting a segment is not ours).
 */
export async function replaceSponseeSegments(tx: Tx, sponsorshipId: number, rows: SegmentRows[]): Promise<void> {
  await tx
    .delete(sponsorshipSegments)
    .where(
      and(
        eq(sponsorshipSegments.sponsorshipId, sponsorshipId),
        sql`${sponsorshipSegments.segmentId} in (select id from segments where deleted_at is null)`,
      ),
    );
  const values = rows.flatMap((r): (typeof sponsorshipSegments.$inferInsert)[] =>
    r.item_ids.length
      ? r.item_ids.map((itemId) => ({ sponsorshipId, segmentId: r.segment_id, segmentItemId: itemId, value: null }))
      : r.value !== null
        ? [{ sponsorshipId, segmentId: r.segment_id, segmentItemId: null, value: r.value }]
        : [],
  );
  if (values.length) await tx.insert(sponsorshipSegments).values(values);
}
