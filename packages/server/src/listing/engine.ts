import { COUNT_CAP, type EditionFlags, type ListingColumn, type ListingResponse, type ListingRow } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { cachedCount } from './count-cache.ts';
import { type OrderBy, type PageRequest, parsePageRequest } from './request.ts';

export type CsvColumn = { header: string; value: SQL; kind: 'text' | 'number' };

/**
 * One listing: its columns (shared with the web through contracts), the SQL behind each, its
 * filters and search. Everything a page, a count and a CSV export need, defined once, so the
 * three can never disagree.
 */
export type ListingDefinition<Filters> = {
  columns: readonly ListingColumn[];
  /**
   * SQL for each column key: the value shown, and optionally a different sort expression.
   * Nulls sort as the smallest value (first ascending, last descending): that is exactly a
   * `DESC NULLS LAST` index read forwards or backwards, so one index serves both directions.
   * A sort of several keys (a list) applies the direction to each key. A column drawn by the
   * screen alone (a row's checkbox, its buttons, a change built from the row's extras) has no
   * field: the query leaves it out.
   */
  fields: Record<string, { select: SQL; sort?: SQL | SQL[] }>;
  /** Extra values every row carries (its id and link). `id` is required. */
  rowExtras: { id: SQL } & Record<string, SQL>;
  from: SQL;
  /** Always applied (e.g. not soft-deleted); also bounds the unfiltered total. */
  baseWhere: SQL;
  filters: z.ZodType<Filters>;
  where: (filters: Filters) => (SQL | undefined)[];
  search: (term: string) => SQL;
  /** Makes every order total, so paging and export agree row for row. */
  tiebreak: SQL;
  defaultOrder: OrderBy[];
  pageSize: number;
  csv: (flags: EditionFlags) => CsvColumn[];
  /**
   * Counts the database keeps exact as rows change (`select … as n`): the unfiltered total, and
   * the filtered count for the filters they cover (undefined: count the rows, capped). Cheap
   * enough to run on every request, so they are neither capped nor cached.
   */
  keptCounts?: { total: SQL; filtered: (filters: Filters, search: string) => SQL | undefined };
};

export type ListingQuery<Filters> = { page: PageRequest; filters: Filters };

export async function queryRows(db: Queryable, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** Parses the DataTables fields and the listing's own filters; bad filters answer 422. */
export function readListingQuery<F>(def: ListingDefinition<F>, raw: Record<string, unknown>): ListingQuery<F> {
  const page = parsePageRequest(raw, {
    pageSize: def.pageSize,
    sortable: (i) => def.columns[i]?.sortable === true,
    defaultOrder: def.defaultOrder,
  });
  const parsed = def.filters.safeParse(raw);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
    throw new AppError('validation', Object.values(errors)[0]?.[0] ?? 'Invalid filter.', errors);
  }
  return { page, filters: parsed.data };
}

export function whereClause<F>(def: ListingDefinition<F>, filters: F, search: string): SQL {
  const parts = [def.baseWhere, ...def.where(filters), search ? def.search(search) : undefined].filter(
    (p): p is SQL => p !== undefined,
  );
  return sql.join(parts.map((p) => sql`(${p})`), sql` and `);
}

const nullsAsSmallest = (dir: 'asc' | 'desc') => (dir === 'asc' ? 'asc nulls first' : 'desc nulls last');

export function orderClause<F>(def: ListingDefinition<F>, order: OrderBy[]): SQL {
  const parts = order.map(({ column, dir }) => {
    const key = def.columns[column]?.key as string;
    const field = def.fields[key] as { select: SQL; sort?: SQL | SQL[] };
    const keys = Array.isArray(field.sort) ? field.sort : [field.sort ?? field.select];
    return sql.join(keys.map((k) => sql`${k} ${sql.raw(nullsAsSmallest(dir))}`), sql`, `);
  });
  const firstDir = order[0]?.dir ?? 'desc';
  return sql.join([...parts, sql`${def.tiebreak} ${sql.raw(nullsAsSmallest(firstDir))}`], sql`, `);
}

const cappedCount = (from: SQL, where: SQL) =>
  sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit ${COUNT_CAP + 1}) capped`;

const isNarrowed = <F>(def: ListingDefinition<F>, { page, filters }: ListingQuery<F>) =>
  page.search !== '' || def.where(filters).some((part) => part !== undefined);

/**
 * Listing answers are written with JSON.stringify, not re-validated: the rows are the
 * definition's own select list, and validating every cell of every page turn cost about a tenth
 * of the request. The route's zod schema still documents the answer in the API reference.
 */
export const listingSerializer = () => (data: unknown) => JSON.stringify(data);

const normalise = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? Number(value) : value);

/** The ids of one page, in order: only what the filter and sort need, so an index can serve it. */
export function pageIdsQuery<F>(def: ListingDefinition<F>, { page, filters }: ListingQuery<F>): SQL {
  return sql`select ${def.tiebreak} from ${def.from} where ${whereClause(def, filters, page.search)}
             order by ${orderClause(def, page.order)} limit ${page.length} offset ${page.start}`;
}

type Statements = { rows: SQL; filtered: SQL; total?: SQL; kept: { filtered: boolean; total: boolean } };

/**
 * The statements one page runs: its rows, the filtered count and the total if narrowed. Counts
 * come from the listing's kept counts where it has them, else are capped counts of the rows.
 */
export function listingQueries<F>(def: ListingDefinition<F>, query: ListingQuery<F>): Statements {
  const { page, filters } = query;
  const where = whereClause(def, filters, page.search);
  const selected = [
    ...Object.entries(def.rowExtras).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    ...def.columns
      .filter((c) => def.fields[c.key])
      .map((c) => sql`${(def.fields[c.key] as { select: SQL }).select} as ${sql.identifier(c.key)}`),
  ];
  const order = orderClause(def, page.order);
  // Two steps: find the page's ids with only the columns the filter and sort need (the planner
  // drops unused joins and can walk an index), then build the displayed rows from those ids.
  // `= any(array(…))` makes the id list an init-plan, so the outer query is primary-key lookups.
  return {
    rows: sql`select ${sql.join(selected, sql`, `)} from ${def.from}
              where ${def.tiebreak} = any(array(${pageIdsQuery(def, query)}))
              order by ${order}`,
    ...counts(def, query, where),
  };
}

function counts<F>(def: ListingDefinition<F>, query: ListingQuery<F>, where: SQL): Omit<Statements, 'rows'> {
  const keptFiltered = def.keptCounts?.filtered(query.filters, query.page.search);
  const total = def.keptCounts?.total ?? (isNarrowed(def, query) ? cappedCount(def.from, def.baseWhere) : undefined);
  return {
    filtered: keptFiltered ?? cappedCount(def.from, where),
    ...(total ? { total } : {}),
    kept: { filtered: keptFiltered !== undefined, total: def.keptCounts !== undefined },
  };
}

type Count = { n: number; cached: boolean; exact: boolean };

/** A kept count is run as it is; any other goes through the short-lived shared cache. */
async function countOf(db: Queryable, query: SQL, kept: boolean): Promise<Count> {
  if (!kept) return { ...(await cachedCount(db, query)), exact: false };
  const [row] = await queryRows(db, query);
  return { n: Number(row?.n ?? 0), cached: false, exact: true };
}

/**
 * One page of rows plus capped counts, in the DataTables answer shape. A client that already
 * holds this filter's counts sends `count=0` and no count runs (`counts: 'reused'`; the numbers
 * are then only what the page itself proves). Otherwise counts come from the short-lived shared
 * cache when they can (`'cached'`), else are counted now (`'fresh'`).
 */
export async function runListing<F>(db: Queryable, def: ListingDefinition<F>, query: ListingQuery<F>): Promise<ListingResponse> {
  const { page } = query;
  const queries = listingQueries(def, query);
  const [rows, filtered, total] = await Promise.all([
    queryRows(db, queries.rows),
    page.count ? countOf(db, queries.filtered, queries.kept.filtered) : undefined,
    page.count && queries.total ? countOf(db, queries.total, queries.kept.total) : undefined,
  ]);
  // In place: these row objects are this request's own, and a page turn runs this for every cell.
  for (const row of rows) for (const key in row) row[key] = normalise(row[key]);
  const data = rows as ListingRow[];
  // Past the cap (or without a count) this lower bound keeps "next" available while pages are full.
  const reached = page.start + data.length + (data.length === page.length ? 1 : 0);
  if (!filtered) {
    return { draw: page.draw, recordsTotal: reached, recordsFiltered: reached, capped: false, counts: 'reused', data };
  }
  const all = total ?? filtered;
  const counted = [filtered, total].filter((c): c is Count => c !== undefined && !c.exact);
  // Only a count of rows stops at the cap; a kept count is exact however large.
  const capped = !filtered.exact && filtered.n > COUNT_CAP;
  const totalCapped = !all.exact && all.n > COUNT_CAP;
  return {
    draw: page.draw,
    recordsTotal: totalCapped ? COUNT_CAP : all.n,
    recordsFiltered: capped ? Math.max(COUNT_CAP, reached) : filtered.n,
    capped: capped || totalCapped,
    // Kept counts are live; 'cached' says the rows' counts came from the shared cache.
    counts: counted.length > 0 && counted.every((c) => c.cached) ? 'cached' : 'fresh',
    data,
  };
}
