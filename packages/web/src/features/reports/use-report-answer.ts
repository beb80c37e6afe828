import type { ListingResponse, ListingRow } from '@almoner/contracts';
import { useState } from 'react';
import { type SortEntry, useListingState } from '../../components/data-table/listing-state.ts';
import { usePageSize } from '../../components/data-table/page-size.ts';
import { useListing } from '../../components/data-table/use-listing.ts';

/**
 * The answer the report's table received, read from the same query (same URL state, same
 * cache entry, so no second request). Totals (or a summary) and stats come with the first page of a filter;
 * page turns reuse its counts and carry none, so the last ones of this filter are kept.
 */
export function useReportAnswer<Extra extends object>(endpoint: string, specPageSize: number, defaultOrder: SortEntry[]) {
  const state = useListingState(defaultOrder);
  // The size the table pages by (the person's remembered choice), or this is another query.
  const [pageSize] = usePageSize(endpoint, specPageSize);
  const listing = useListing<ListingRow>(endpoint, { page: state.page, pageSize, order: state.order, search: state.search, filters: state.filters });
  const key = JSON.stringify([state.search, state.filters]);
  const [kept, setKept] = useState<{ key: string; answer: Extra } | null>(null);
  const data = listing.data as (ListingResponse & Partial<Extra> & { totals?: unknown; summary?: unknown }) | undefined;
  // Kept while rendering (React's "adjust state on a prop change"): no effect, no extra pass.
  const fresh = data && data.counts !== 'reused' && (data.totals !== undefined || data.summary !== undefined) ? (data as unknown as Extra) : undefined;
  if (fresh && kept?.answer !== fresh) setKept({ key, answer: fresh });
  return kept?.key === key ? kept.answer : undefined;
}
