import { z } from 'zod';
import type { EditionFlags } from './auth.ts';

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

/** A column both sides agree on: its index is its position in the listing's column list. */
export type ListingColumn = {
  key: string;
  label: string;
  sortable: boolean;
  /** Shown only when every named flag has the given value (e.g. `{ express: true }`). */
  visibleWhen?: Partial<EditionFlags>;
  align?: 'left' | 'right';
};

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
  data: z.array(z.record(z.string(), z.unknown())),
});
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
