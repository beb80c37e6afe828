import type { VirtualEvent, VirtualEventInput, VirtualEventRow } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const virtualEventKeys = {
  all: ['virtual-events'] as const,
  list: () => ['virtual-events', 'list'] as const,
  detail: (id: number) => ['virtual-events', 'detail', id] as const,
};

export const useVirtualEvents = () =>
  useQuery({ queryKey: virtualEventKeys.list(), queryFn: () => api<{ data: VirtualEventRow[] }>('/jpanel/virtual-events.json') });

export const useVirtualEvent = (id: number | null) =>
  useQuery({ queryKey: virtualEventKeys.detail(id ?? 0), queryFn: () => api<VirtualEvent>(`/jpanel/virtual-events/${id}.json`), enabled: id !== null });

function useEventMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: virtualEventKeys.all }) });
}

export const useSaveVirtualEvent = () =>
  useEventMutation((input: VirtualEventInput) => api<{ id: number }>('/jpanel/virtual-events/save', { method: 'POST', body: input }));

export const useUpdateSlug = (id: number) =>
  useEventMutation((slug: string) => api<{ id: number; slug: string }>(`/jpanel/virtual-events/${id}/update_slug`, { method: 'POST', body: { slug } }));

export const useDeleteVirtualEvent = () =>
  useEventMutation((id: number) => api<{ id: number }>(`/jpanel/virtual-events/${id}/destroy`, { method: 'POST' }));
