import { z } from 'zod';
import type { EditionFlags } from './auth.ts';
import { messages } from './messages.ts';
import { text } from './rules.ts';

/**
 * The listing engine's shared rules (DataTables server-side protocol, ARCHITECTURE.md).
 * Counts stop at COUNT_CAP so a million-row table never pays for an exact count; the UI then
 * says "10,000+".
 */
export const COUNT_CAP = 10_000;
export const LISTING_MAX_LENGTH = 500;
export const LISTING_MAX_START = 1_000_000;
export const LISTING_MAX_SEARCH = 200;
export const LISTING_MAX_ORDER = 5;

const numberish = z.union([z.number(), z.string()]);
const orderEntry = z.object({ column: numberish.optional(), dir: z.string().optional() });

/**
 * What a listing takes (JSON body, form post or query string): DataTables' paging, order and
 * search, with the listing's own filters beside them. Paging is lenient on purpose: the engine
 * clamps numbers and drops unknown sorts rather than failing (server listing/request.ts).
 * DataTables' other fields (`columns[…]`) are dropped: nothing reads them. One definition, so
 * the API reference shows the real fields.
 */
export function listingRequestSchema<Shape extends z.ZodRawShape>(filters: z.ZodObject<Shape>) {
  return z.object({
    draw: numberish.optional().describe('Echoed back in the answer, so the client can match it to its request.'),
    start: numberish.optional().describe('Index of the first row, from 0.'),
    length: numberish.optional().describe(`Rows per page, at most ${LISTING_MAX_LENGTH}.`),
    order: z
      .array(orderEntry)
      .optional()
      .describe(`Up to ${LISTING_MAX_ORDER} sorts, first first: a column index and asc or desc.`),
    search: z
      .union([z.string(), z.object({ value: z.string() })])
      .optional()
      .describe(`Words every row must contain, at most ${LISTING_MAX_SEARCH} characters (DataTables sends { value }).`),
    count: z
      .union([z.boolean(), numberish])
      .optional()
      .describe('0 or false: the client keeps the counts it has for this filter, so none are run (page turns).'),
    ...filters.shape,
  });
}

/** The DataTables `search[value]`: cut silently it would show wrong rows, so too long is refused. */
export const listingSearchSchema = text().trim().max(LISTING_MAX_SEARCH, { error: messages.maxLength(LISTING_MAX_SEARCH) });

/** A column both sides agree on: its index is its position in the listing's column list. */
export type ListingColumn = {
  key: string;
  label: string;
  sortable: boolean;
  /** Shown only when every named flag has the given value (e.g. `{ express: true }`). */
  visibleWhen?: Partial<EditionFlags>;
  align?: 'left' | 'right';
  /**
   * Left out of the table until the person shows it from the Columns menu: a detail most look
   * up rarely, so the usual columns fit a 1440 px screen without scrolling sideways.
   */
  optional?: boolean;
  /** What the column is on a phone's card: its heading, its amount, its date or its status. */
  card?: ListingCardRole;
};

/** The parts of a row's card on a phone; columns without a role are listed under them. */
export type ListingCardRole = 'title' | 'amount' | 'date' | 'status';

/** The columns a list leaves out until the person shows them (`optional`). */
export function defaultHiddenColumns(columns: readonly ListingColumn[]): string[] {
  return columns.filter((c) => c.optional).map((c) => c.key);
}

export function isColumnVisible(column: ListingColumn, flags: EditionFlags): boolean {
  return Object.entries(column.visibleWhen ?? {}).every(
    ([flag, value]) => flags[flag as keyof EditionFlags] === value,
  );
}

export type ListingRow = { id: number | string; _url?: string | null } & Record<string, unknown>;

export const listingResponseSchema = z.object({
  draw: z.number(),
  recordsTotal: z.number(),
  recordsFiltered: z.number(),
  /** True when the counts reached COUNT_CAP and are lower bounds. */
  capped: z.boolean(),
  /**
   * Where the counts come from: counted now, a count of the same filter from the last
   * COUNT_TTL seconds, or none run because the client asked to keep its own (`count=0`).
   */
  counts: z.enum(['fresh', 'cached', 'reused']),
  data: z.array(z.record(z.string(), z.unknown())),
});
/** A listing's answer with its own row schema, so the API reference shows the row's fields. */
export function listingResponseOf<Row extends z.ZodObject>(row: Row) {
  return listingResponseSchema.extend({ data: z.array(row) });
}

export type ListingResponse<Row = ListingRow> = Omit<z.infer<typeof listingResponseSchema>, 'data'> & {
  data: Row[];
};

export type DateRangePreset = 'today' | 'yesterday' | 'last7' | 'last30' | 'thisMonth' | 'lastMonth';

export const dateRangePresets: { value: DateRangePreset; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last7', label: 'Last 7 Days' },
  { value: 'last30', label: 'Last 30 Days' },
  { value: 'thisMonth', label: 'This Month' },
  { value: 'lastMonth', label: 'Last Month' },
];

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The inclusive [from, to] days of a preset, in the viewer's local calendar. */
export function presetRange(preset: DateRangePreset, today = new Date()): [string, string] {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  switch (preset) {
    case 'today':
      return [iso(today), iso(today)];
    case 'yesterday':
      return [iso(new Date(y, m, d - 1)), iso(new Date(y, m, d - 1))];
    case 'last7':
      return [iso(new Date(y, m, d - 6)), iso(today)];
    case 'last30':
      return [iso(new Date(y, m, d - 29)), iso(today)];
    case 'thisMonth':
      return [iso(new Date(y, m, 1)), iso(new Date(y, m + 1, 0))];
    case 'lastMonth':
      return [iso(new Date(y, m - 1, 1)), iso(new Date(y, m, 0))];
  }
}

type ListingCounts = Pick<ListingResponse, 'recordsTotal' | 'recordsFiltered' | 'capped'>;

/**
 * A page answered with `counts: 'reused'` carries only what the page proves; the client puts
 * back the counts it holds for the same filter. Past the cap the lower bound grows with the
 * pages reached, so "next" stays available while pages are full.
 */
export function withKnownCounts<T extends Omit<ListingResponse, 'data'>>(response: T, known: ListingCounts | undefined): T {
  if (response.counts !== 'reused' || !known) return response;
  const recordsFiltered = known.capped ? Math.max(known.recordsFiltered, response.recordsFiltered) : known.recordsFiltered;
  return { ...response, recordsTotal: known.recordsTotal, recordsFiltered, capped: known.capped };
}
