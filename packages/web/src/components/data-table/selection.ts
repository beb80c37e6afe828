import { useCallback, useState } from 'react';

/** Either some rows picked by id, or every row matching the current filter. */
export type Selection = { mode: 'ids'; ids: Set<number | string> } | { mode: 'all' };

export function useSelection() {
  const [selection, setSelection] = useState<Selection>({ mode: 'ids', ids: new Set() });
  const clear = useCallback(() => setSelection({ mode: 'ids', ids: new Set() }), []);
  const toggle = (id: number | string) =>
    setSelection((s) => {
      const ids = new Set(s.mode === 'ids' ? s.ids : []);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { mode: 'ids', ids };
    });
  const setPage = (ids: (number | string)[], checked: boolean) =>
    setSelection((s) => {
      const next = new Set(s.mode === 'ids' ? s.ids : []);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return { mode: 'ids', ids: next };
    });
  const selectAll = () => setSelection({ mode: 'all' });
  const isSelected = (id: number | string) => selection.mode === 'all' || selection.ids.has(id);
  const count = (matching: number) => (selection.mode === 'all' ? matching : selection.ids.size);
  return { selection, clear, toggle, setPage, selectAll, isSelected, count };
}
