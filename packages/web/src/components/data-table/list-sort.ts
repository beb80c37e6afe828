import type { SortEntry } from './listing-state.ts';

/** A value a column sorts by: text (compared as people read it), a number, or nothing (last). */
export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compare(a: SortValue, b: SortValue): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * A short list's rows in the order chosen (its headings on a wide screen, the selects on a
 * phone): each entry in turn, empty values last in either direction, ties kept as they came.
 * `values[i]` is column i's sort value, or undefined when the column does not sort.
 */
export function sortRows<T>(rows: readonly T[], values: readonly (((row: T) => SortValue) | undefined)[], order: readonly SortEntry[]): T[] {
  const keys = order.flatMap((o) => {
    const value = values[o.column];
    return value ? [{ value, sign: o.dir === 'asc' ? 1 : -1 }] : [];
  });
  if (keys.length === 0) return [...rows];
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      for (const { value, sign } of keys) {
        const a = value(x.row);
        const b = value(y.row);
        const emptyA = a === null || a === undefined || a === '';
        const emptyB = b === null || b === undefined || b === '';
        // Empty values stay last whichever way the column sorts.
        const result = emptyA || emptyB ? compare(a, b) : sign * compare(a, b);
        if (result !== 0) return result;
      }
      return x.index - y.index;
    })
    .map((x) => x.row);
}
