import { useCallback } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * The address's query as it is now. React Router renders a navigation in a transition, so the
 * `searchParams` a component was drawn with can lag the address bar by a render, and the
 * function form of its setter is handed that older copy. Two filters committed in quick
 * succession then lost the first (CI saw "Lifetime from" dropped when "Lifetime to" was entered
 * right after it). The address bar itself is already up to date, so a change starts from it.
 */
export function useLiveSearchParams() {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (edit: (now: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => setParams(edit(new URLSearchParams(window.location.search)), options),
    [setParams],
  );
  return [params, change] as const;
}
