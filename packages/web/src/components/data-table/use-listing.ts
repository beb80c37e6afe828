import { type ListingResponse, type ListingRow, withKnownCounts } from '@almoner/contracts';
import { type QueryClient, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { SortEntry } from './listing-state.ts';

export type ListingParams = {
  page: number;
  pageSize: number;
  order: SortEntry[];
  search: string;
  filters: Record<string, string | string[]>;
};

/** The DataTables request body our listing endpoints read (JSON form of the protocol). */
export function listingBody(params: ListingParams, draw = 1) {
  return {
    draw,
    start: (params.page - 1) * params.pageSize,
    length: params.pageSize,
    order: params.order,
    search: { value: params.search },
    ...params.filters,
  };
}

export const listingKeys = {
  all: (endpoint: string) => ['listing', endpoint] as const,
  page: (endpoint: string, params: ListingParams) => ['listing', endpoint, params] as const,
  /** The counts of one filter and search: every page and sort of it shares them. */
  counts: (endpoint: string, params: ListingParams) => ['listing', endpoint, 'counts', params.search, params.filters] as const,
};

type Counts = Pick<ListingResponse, 'recordsTotal' | 'recordsFiltered' | 'capped'>;

/**
 * The counts this filter was last counted at, unless a change since (a bulk action, an edit)
 * invalidated the listing: those invalidations reach this entry too, so the next page counts.
 */
function knownCounts(queryClient: QueryClient, endpoint: string, params: ListingParams): Counts | undefined {
  const state = queryClient.getQueryState<Counts>(listingKeys.counts(endpoint, params));
  return state?.data && !state.isInvalidated ? state.data : undefined;
}

/**
 * One page of a listing. Counting is the costly part of a page, so turning pages or sorting
 * sends `count=0` and keeps the counts of the first page; a new filter or search counts again.
 */
export function useListing<Row extends ListingRow>(endpoint: string, params: ListingParams, refreshEvery?: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: listingKeys.page(endpoint, params),
    queryFn: async ({ signal }) => {
      // A list that refreshes by itself counts every time: its rows come and go between asks.
      const known = refreshEvery ? undefined : knownCounts(queryClient, endpoint, params);
      const body = { ...listingBody(params), ...(known ? { count: 0 } : {}) };
      const response = withKnownCounts(await api<ListingResponse<Row>>(endpoint, { method: 'POST', body, signal }), known);
      if (response.counts !== 'reused') {
        const { recordsTotal, recordsFiltered, capped } = response;
        queryClient.setQueryData<Counts>(listingKeys.counts(endpoint, params), { recordsTotal, recordsFiltered, capped });
      }
      return response;
    },
    placeholderData: keepPreviousData,
    ...(refreshEvery ? { refetchInterval: refreshEvery } : {}),
  });
}

/** The same filters as a query string, for the CSV export link. */
export function exportQuery(params: ListingParams): string {
  const query = new URLSearchParams();
  params.order.forEach((o, i) => {
    query.set(`order[${i}][column]`, String(o.column));
    query.set(`order[${i}][dir]`, o.dir);
  });
  if (params.search) query.set('search[value]', params.search);
  for (const [key, value] of Object.entries(params.filters)) {
    if (Array.isArray(value)) value.forEach((v) => query.append(`${key}[]`, v));
    else query.set(key, value);
  }
  return query.toString();
}
