import type { HistoryEntry } from '@almoner/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

type Page = { data: HistoryEntry[]; next_before: number | null };

export const historyKeys = {
  record: (table: string, id: string | number) => ['history', table, String(id)] as const,
  /** Every supporter's history (a tag's rename reaches all who hold it). */
  supporters: ['history', 'supporters'] as const,
};

export function useRecordHistory(table: string, id: string | number) {
  return useInfiniteQuery({
    queryKey: historyKeys.record(table, id),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      api<Page>(`/jpanel/history/${table}/${id}?limit=20${pageParam ? `&before=${pageParam}` : ''}`),
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}
