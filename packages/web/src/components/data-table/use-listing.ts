import type { ListingResponse, ListingRow } from '@almoner/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
};

export function useListing<Row extends ListingRow>(endpoint: string, params: ListingParams) {
  return useQuery({
    queryKey: listingKeys.page(endpoint, params),
    queryFn: ({ signal }) =>
      api<ListingResponse<Row>>(endpoint, { method: 'POST', body: listingBody(params), signal }),
    placeholderData: keepPreviousData,
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
