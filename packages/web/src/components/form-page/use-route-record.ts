import type { ReactNode } from 'react';
import { loadingOrFailed } from './load-gate.tsx';
import { useRecordParam } from './use-record-param.ts';

type Loadable = { isPending: boolean; data?: unknown; error: Error | null };

type Waits = {
  /** Other queries the form cannot do without (the list a parent is picked from). */
  needed?: Loadable[];
  /** Queries the form waits for but can do without (one that only gives a default). */
  alsoWaitFor?: Loadable[];
};

/**
 * The record a form page's URL names, loaded with the area's query hook (`useTaxRate`), none on
 * `/…/new`. `gate` is what shows instead of the form (see `loadingOrFailed`), null once it can
 * show; `key` goes on the form, so it starts afresh when the URL names another record.
 */
export function useRouteRecord<Data>(
  useRecord: (id: number | null) => Loadable & { data?: Data | undefined },
  { needed = [], alsoWaitFor = [] }: Waits = {},
): { record: Data | undefined; gate: ReactNode; key: string } {
  const { id, isNew, key } = useRecordParam();
  const query = useRecord(isNew ? null : id);
  const gate = loadingOrFailed(isNew ? needed : [query, ...needed], alsoWaitFor);
  return { record: query.data, gate, key };
}
