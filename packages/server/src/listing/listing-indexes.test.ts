import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contributionsListing } from '../modules/contributions/contributions.listing.ts';
import { supportersListing } from '../modules/supporters/supporters.listing.ts';
import { createTestApp } from '../test/test-app.ts';
import { type ListingDefinition, pageIdsQuery, queryRows, readListingQuery } from './engine.ts';

/**
 * Every sortable column's page is read from an index in the order asked (migration 0009): with
 * sorting and whole-table reads priced out, a plan still holding a Sort node means no index
 * matches the sort SQL and its NULLS order. The planner treats the database's size the same on
 * an empty table, so this holds for a million rows too (the bench shows the timing).
 */
const t = await createTestApp();

type Def = ListingDefinition<Record<string, unknown>>;
const listings = { contributions: contributionsListing as unknown as Def, supporters: supportersListing as unknown as Def };
/** Sorts on another table's column: no index on one table can serve them. */
const acrossTables: Record<string, string[]> = { contributions: [], supporters: ['account_type'] };

async function planOf(def: Def, column: number, dir: 'asc' | 'desc'): Promise<string> {
  const query = readListingQuery(def, { order: [{ column, dir }], start: 5000, length: 50 });
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const plan = await queryRows(tx, sql`explain ${pageIdsQuery(def, query)}`);
    return plan.map((r) => String(r['QUERY PLAN'])).join('\n');
  });
}

describe.each(Object.entries(listings))('%s listing', (name, def) => {
  const sortable = def.columns.flatMap((c, i) => (c.sortable && !acrossTables[name]?.includes(c.key) ? [{ key: c.key, i }] : []));

  it.each(sortable.flatMap((c) => (['asc', 'desc'] as const).map((dir) => ({ ...c, dir }))))('reads $key $dir from an index', async ({ i, dir }) => {
    const plan = await planOf(def, i, dir);
    expect(plan).not.toMatch(/Sort/);
    expect(plan).toMatch(/Index (Only )?Scan/);
  });
});
