import type { Segment, SegmentInput, SegmentType } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const segmentKeys = {
  all: ['segments'] as const,
  list: () => ['segments', 'list'] as const,
  detail: (id: number) => ['segments', 'detail', id] as const,
};

export type SegmentRow = { id: number; name: string; type: SegmentType; items: number };

export const useSegments = () =>
  useQuery({ queryKey: segmentKeys.list(), queryFn: () => api<{ data: SegmentRow[] }>('/jpanel/segments.json') });

export const useSegment = (id: number | null) =>
  useQuery({ queryKey: segmentKeys.detail(id ?? 0), queryFn: () => api<Segment>(`/jpanel/segments/${id}`), enabled: id !== null });

export function useSaveSegment(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SegmentInput) => api<Segment>(id === null ? '/jpanel/segments' : `/jpanel/segments/${id}`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('/jpanel/segments/destroy', { method: 'POST', body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.list(), refetchType: 'all' }),
  });
}
