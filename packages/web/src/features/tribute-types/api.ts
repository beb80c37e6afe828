import type { TributeType, TributeTypeInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const tributeTypeKeys = {
  all: ['tribute-types'] as const,
  list: () => ['tribute-types', 'list'] as const,
  detail: (id: number) => ['tribute-types', 'detail', id] as const,
};

type Saved = { message: string; tribute_type: TributeType };

export const useTributeTypes = () => useQuery({ queryKey: tributeTypeKeys.list(), queryFn: () => api<{ data: TributeType[] }>('/jpanel/tribute-types.json') });

export const useTributeType = (id: number | null) =>
  useQuery({ queryKey: tributeTypeKeys.detail(id ?? 0), queryFn: () => api<TributeType>(`/jpanel/tribute-types/${id}`), enabled: id !== null });

function useTributeTypeMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The type's history shows the change just made.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: tributeTypeKeys.all }), queryClient.invalidateQueries({ queryKey: ['history', 'tribute_types'] })]),
  });
}

export const useSaveTributeType = (id: number | null) =>
  useTributeTypeMutation((input: TributeTypeInput) => api<Saved>(id === null ? '/jpanel/tribute-types' : `/jpanel/tribute-types/${id}`, { method: 'POST', body: input }));

export const useDeleteTributeType = () =>
  useTributeTypeMutation((id: number) => api<{ message: string }>(`/jpanel/tribute-types/${id}/destroy`, { method: 'POST' }));
