import type { SegmentRules } from '@almoner/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { segmentItems, segments } from '../segments/segments.tables.ts';

/** Option-list segments and their values, keyed `segment_<id>` (GET /flatfile/field-rules/segments). */
export async function segmentRules(db: Queryable): Promise<SegmentRules> {
  const rows = await db
    .select({ id: segments.id, name: segments.name, type: segments.type, item: segmentItems.name })
    .from(segments)
    // A deleted option is no longer offered (the sponsee form drops it too).
    .leftJoin(segmentItems, and(eq(segmentItems.segmentId, segments.id), isNull(segmentItems.deletedAt)))
    .where(isNull(segments.deletedAt))
    .orderBy(asc(segments.sequence), asc(segments.id), asc(segmentItems.sequence), asc(segmentItems.id));
  const out: SegmentRules = {};
  for (const r of rows) {
    const entry = (out[`segment_${r.id}`] ??= { name: r.name, values: [] });
    if ((r.type === 'multi-select' || r.type === 'advanced-multi-select') && r.item) entry.values.push(r.item);
  }
  return out;
}
