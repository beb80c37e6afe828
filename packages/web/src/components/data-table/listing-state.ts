import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from '../../lib/live-search-params.ts';

export type SortEntry = { column: number; dir: 'asc' | 'desc' };

/** "7:desc,2:asc" ⇄ [{7, desc}, {2, asc}] — compact enough for the address bar. */
export function parseOrder(text: string | null): SortEntry[] {
  if (!text) return [];
  return text
    .split(',')
    .map((part) => part.split(':'))
    .filter(([c, d]) => /^\d+$/.test(c ?? '') && (d === 'asc' || d === 'desc'))
    .map(([c, d]) => ({ column: Number(c), dir: d as 'asc' | 'desc' }));
}

export const formatOrder = (order: SortEntry[]) => order.map((o) => `${o.column}:${o.dir}`).join(',');

/**
 * Shift-click adds a column to the sort (or flips it); a plain click sorts by that column
 * alone, flipping the direction when it already leads.
 */
export function nextOrder(order: SortEntry[], column: number, additive: boolean): SortEntry[] {
  const existing = order.find((o) => o.column === column);
  const flipped = (o: SortEntry): SortEntry => ({ column, dir: o.dir === 'asc' ? 'desc' : 'asc' });
  if (additive) {
    return existing ? order.map((o) => (o.column === column ? flipped(o) : o)) : [...order, { column, dir: 'asc' }];
  }
  if (existing && order[0]?.column === column) return [flipped(existing)];
  return [{ column, dir: 'desc' }];
}

/**
 * Table state lives in the URL (page, sort, search, filters) so Back, reload and shared links
 * show the same rows. Filters are stored as `f.<name>` parameters; arrays repeat the name.
 */
type Filters = Record<string, string | string[] | undefined>;

/**
 * What a filter form changed: the keys whose value differs between what it was drawn with and
 * what it hands back (a key it dropped is undefined). A form builds its answer on the values of
 * its last render, and on a busy machine a second field can be committed before the first one's
 * change has re-rendered the form (navigation renders in a transition): answering the whole
 * object then put back the older value of the first field (CI saw "Lifetime from" lost when
 * "Lifetime to" was entered right after it). Handing on only the change keeps both.
 */
export function filterChanges(drawn: Record<string, string | string[]>, answered: Filters): Filters {
  const changes: Filters = {};
  for (const key of new Set([...Object.keys(drawn), ...Object.keys(answered)])) {
    if (JSON.stringify(drawn[key] ?? null) !== JSON.stringify(answered[key] ?? null)) changes[key] = answered[key];
  }
  return changes;
}

export function useListingState(defaultOrder: SortEntry[]) {
  const [params, setParams] = useLiveSearchParams();

  const state = useMemo(() => {
    const filters: Record<string, string | string[]> = {};
    for (const key of new Set(params.keys())) {
      if (!key.startsWith('f.')) continue;
      const values = params.getAll(key);
      filters[key.slice(2)] = values.length > 1 ? values : (values[0] as string);
    }
    const order = parseOrder(params.get('sort'));
    return {
      page: Math.max(1, Number(params.get('page')) || 1),
      order: order.length ? order : defaultOrder,
      search: params.get('q') ?? '',
      filters,
    };
  }, [params, defaultOrder]);

  const update = useCallback(
    (change: { page?: number; order?: SortEntry[]; search?: string; filters?: Filters; filterChanges?: Filters }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (change.order) next.set('sort', formatOrder(change.order));
          if (change.search !== undefined) {
            if (change.search) next.set('q', change.search);
            else next.delete('q');
          }
          if (change.filters) {
            for (const key of [...next.keys()]) if (key.startsWith('f.')) next.delete(key);
          }
          // Only the filters named change; the others stay as the address has them now, which may
          // be newer than what the form last drew (see filterChanges and useLiveSearchParams).
          for (const [key, value] of Object.entries({ ...change.filters, ...change.filterChanges })) {
            next.delete(`f.${key}`);
            for (const v of [value ?? []].flat()) if (v !== '') next.append(`f.${key}`, v);
          }
          // Any change but paging itself starts again at page 1.
          const page = change.page ?? 1;
          if (page > 1) next.set('page', String(page));
          else next.delete('page');
          return next;
        },
        { replace: change.page === undefined && change.order === undefined && change.filters === undefined && change.filterChanges === undefined },
      );
    },
    [setParams],
  );

  return { ...state, update };
}
