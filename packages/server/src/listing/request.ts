import { LISTING_MAX_LENGTH, LISTING_MAX_ORDER, LISTING_MAX_START, listingSearchSchema } from '@almoner/contracts';
import { fieldError } from '../http/errors.ts';

export type SortDir = 'asc' | 'desc';
export type OrderBy = { column: number; dir: SortDir };

export type PageRequest = {
  draw: number;
  start: number;
  length: number;
  order: OrderBy[];
  search: string;
  /** False when the client keeps the counts it already has for this filter (`count=0`). */
  count: boolean;
};

type Raw = Record<string, unknown>;

const toInt = (value: unknown): number | null => {
  // Number() rather than parseInt: "1; drop table" must not read as 1.
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : null;
};

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** `order` arrives as an array (JSON) or as an object keyed "0", "1"… (form posts). */
const entries = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];

/**
 * Reads the DataTables paging, ordering and search fields. Out-of-range numbers are clamped,
 * unknown or unsortable columns and directions are dropped (the default order applies), and
 * only a search the shared rule refuses (too long, or holding NUL) answers 422.
 */
export function parsePageRequest(
  raw: Raw,
  options: { pageSize: number; sortable: (column: number) => boolean; defaultOrder: OrderBy[] },
): PageRequest {
  const draw = clamp(toInt(raw.draw) ?? 0, 0, 2 ** 31 - 1);
  const start = clamp(toInt(raw.start) ?? 0, 0, LISTING_MAX_START);
  const requested = toInt(raw.length);
  const length = requested === null || requested < 1 ? options.pageSize : Math.min(requested, LISTING_MAX_LENGTH);

  const order: OrderBy[] = [];
  for (const entry of entries(raw.order).slice(0, LISTING_MAX_ORDER)) {
    if (!entry || typeof entry !== 'object') continue;
    const column = toInt((entry as Raw).column);
    const dir = String((entry as Raw).dir ?? 'asc').toLowerCase();
    if (column === null || !options.sortable(column) || (dir !== 'asc' && dir !== 'desc')) continue;
    if (!order.some((o) => o.column === column)) order.push({ column, dir });
  }

  const searchRaw = raw.search;
  const value = searchRaw && typeof searchRaw === 'object' ? (searchRaw as Raw).value : searchRaw;
  const search = listingSearchSchema.safeParse(typeof value === 'string' ? value : '');
  if (!search.success) throw fieldError('search', search.error.issues[0]?.message ?? '');
  const count = ![0, '0', false, 'false'].includes(raw.count as never);
  return { draw, start, length, order: order.length ? order : options.defaultOrder, search: search.data, count };
}
