import { checkImportRow, toMinor } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { contributions, giftIdList } from '../contributions/contributions.tables.ts';
import type { supporters } from '../supporters/supporters.tables.ts';
import type { ImportJobRow, Lookups, StagedRow } from './imports.kinds.ts';

/**
 * The contributions import (spec part 1 §3 "Contribution import row", §5 "Contributions import"):
 * each row is a gift already paid elsewhere. It is recorded as the point of sale records an
 * "other" payment (an offline payment row, no gateway charge), so every listing, report, the
 * status derivation and receipts see it like any other offline gift.
 */

/** What undo needs besides the contribution (import_rows.previous). */
export type ContributionRowMemo = {
  supporter_id: number;
  supporter_created: boolean;
  /** The supporter's fields before this row updated it (update mode), else null. */
  supporter_before: Record<string, unknown> | null;
  /**
   * The supporter's updated_at as this row's batch left it (imports made before December 2026:
   * only when the row created or updated it). Undo checks the newest one of a supporter the
   * import created or changed.
   */
  supporter_stamp: string | null;
  payment_id: number;
};

/** How the gift appears on its contribution and in its payment row. */
export const IMPORTED_GIFT = 'Imported gift';

export type Values = Record<string, string | boolean | null>;

/** Row key → supporters column, for the fields the row gives (blank cells change nothing). */
export function supporterFields(v: Values): Partial<typeof supporters.$inferInsert> {
  const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const set: Partial<typeof supporters.$inferInsert> = {
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    billFirstName: text('first_name'),
    billLastName: text('last_name'),
    billEmail: text('email'),
    billOrganizationName: text('organization_name'),
    billAddress01: text('address_line_1'),
    billAddress02: text('address_line_2'),
    billCity: text('city'),
    billState: text('state'),
    billZip: text('zip'),
    billPhone: text('phone'),
    billCountry: text('country')?.toUpperCase(),
    donorId: text('dp_donor_id'),
    sfId: text('sf_id'),
    emailOptIn: typeof v.marketing_opt_in === 'boolean' ? v.marketing_opt_in : undefined,
  };
  return Object.fromEntries(Object.entries(set).filter(([, x]) => x !== undefined));
}

/** The supporters columns a row can give (supporterFields), as stored. */
const SUPPORTER_COLUMNS: [keyof Partial<typeof supporters.$inferInsert>, string, 'text' | 'boolean'][] = [
  ['firstName', 'first_name', 'text'],
  ['lastName', 'last_name', 'text'],
  ['email', 'email', 'text'],
  ['billFirstName', 'bill_first_name', 'text'],
  ['billLastName', 'bill_last_name', 'text'],
  ['billEmail', 'bill_email', 'text'],
  ['billOrganizationName', 'bill_organization_name', 'text'],
  ['billAddress01', 'bill_address_01', 'text'],
  ['billAddress02', 'bill_address_02', 'text'],
  ['billCity', 'bill_city', 'text'],
  ['billState', 'bill_state', 'text'],
  ['billZip', 'bill_zip', 'text'],
  ['billPhone', 'bill_phone', 'text'],
  ['billCountry', 'bill_country', 'text'],
  ['donorId', 'donor_id', 'text'],
  ['sfId', 'sf_id', 'text'],
  ['emailOptIn', 'email_opt_in', 'boolean'],
];

/**
 * `col = case when x.<json> ? 'key' then <value> else s.col end` for every column a row can give:
 * an update of supporters `s` from a JSON object of drizzle keys, changing only the keys it holds.
 */
export function supporterColumnSets(json: 'set' | 'before'): SQL[] {
  return SUPPORTER_COLUMNS.map(([key, column, type]) => {
    const value = type === 'boolean' ? sql`(x.${sql.raw(json)}->>${key})::boolean` : sql`x.${sql.raw(json)}->>${key}`;
    return sql`${sql.identifier(column)} = case when x.${sql.raw(json)} ? ${key} then ${value} else s.${sql.identifier(column)} end`;
  });
}

/** An int[] parameter: one parameter however many ids (a list of them would pass the protocol's 65,535). */
export const intArray = (xs: number[]): SQL => sql`${`{${xs.join(',')}}`}::int[]`;

/**
 * Gift ids already taken, per batch (keyed by the batch's lookups): on a live contribution, or, in
 * a dry run (which writes no contribution), on an earlier row of this import that would be
 * created. Loaded once for the batch's ids, then kept up to date as its rows are created: one
 * query a batch instead of two scans a row. A contribution's `gift_id` may list several ids
 * ("G1, G2"); `contributions_gift_ids_idx` indexes that list, so the check reads only the
 * contributions that share an id with the batch, however many there are.
 */
const takenGiftIds = new WeakMap<Lookups, Set<string>>();

const giftIds = giftIdList(contributions.giftId);

export const giftIdOf = (row: StagedRow, lookups: Lookups): string | null => {
  const value = checkImportRow('contributions', row.raw as Record<string, string>, { today: lookups.today }).values.dp_gift_id;
  return typeof value === 'string' ? value : null;
};

/** This import's earlier created rows with one of the ids: only a dry run needs them (see above). */
const createdInDryRun = (job: ImportJobRow, ids: SQL) =>
  job.dryRun
    ? sql`union
    select trim(raw->>'dp_gift_id') from import_rows
     where import_id = ${job.id} and outcome = 'created' and trim(raw->>'dp_gift_id') = any(${ids})`
    : sql``;

export async function prepareContributions(tx: Tx, job: ImportJobRow, rows: StagedRow[], lookups: Lookups): Promise<void> {
  const ids = [...new Set(rows.map((r) => giftIdOf(r, lookups)).filter((g): g is string => g !== null))];
  const taken = new Set<string>();
  takenGiftIds.set(lookups, taken);
  if (!ids.length) return;
  const list = sql`array[${sql.join(ids.map((g) => sql`${g}`), sql`, `)}]::text[]`;
  // One index probe per id: an overlap with the whole list would make the planner scan instead.
  const found = await queryRows(tx, sql`
    select b.g as gift_id from unnest(${list}) as b(g)
     where exists (select 1 from contributions where deleted_at is null and ${giftIds} && array[b.g])
    ${createdInDryRun(job, list)}`);
  for (const r of found) taken.add(String(r.gift_id));
}

/** A dp_gift_id already on a live contribution, or on an earlier row of this import (a dry run writes none). */
export async function giftAlreadyImported(tx: Tx, job: ImportJobRow, row: StagedRow, giftId: string, lookups: Lookups): Promise<boolean> {
  const taken = takenGiftIds.get(lookups);
  if (taken) return taken.has(giftId);
  const found = await queryRows(tx, sql`
    select 1 from contributions
     where deleted_at is null and ${giftIds} && array[${giftId}]::text[]
    union all
    select 1 from import_rows
     where import_id = ${job.id} and row_number < ${row.rowNumber} and outcome = 'created' and trim(raw->>'dp_gift_id') = ${giftId}
    limit 1`);
  return found.length > 0;
}

/** Records that a created row took its gift id, for the later rows of the same batch. */
export function markGiftTaken(lookups: Lookups, giftId: string | null): void {
  if (giftId) takenGiftIds.get(lookups)?.add(giftId);
}

/**
 * A row checked again by the server (the staged row is what counts, never the browser's verdict):
 * its values, its errors (an amount the currency cannot hold included) and its amounts in minor
 * units when all three are good.
 */
export function checkContributionRow(row: StagedRow, lookups: Lookups) {
  const check = checkImportRow('contributions', row.raw as Record<string, string>, { today: lookups.today });
  const errors = { ...check.errors };
  const v = check.values;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
  const minor = (key: string): number | null => {
    if (errors[key] || str(key) === null) return null;
    try {
      return toMinor(str(key) as string, lookups.currency);
    } catch (error) {
      errors[key] = [error instanceof RangeError ? error.message : String(error)];
      return null;
    }
  };
  const subtotal = minor('subtotal_amt');
  const dcc = minor('dcc');
  const total = minor('total');
  const amounts = subtotal === null || dcc === null || total === null ? null : { subtotal, dcc, total };
  return { values: v, errors, amounts };
}
