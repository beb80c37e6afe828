import type { TaxRate, TaxRateInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const taxKeys = {
  all: ['taxes'] as const,
  list: () => ['taxes', 'list'] as const,
  detail: (id: number) => ['taxes', 'detail', id] as const,
};

export const useTaxRates = () => useQuery({ queryKey: taxKeys.list(), queryFn: () => api<{ data: TaxRate[] }>('/jpanel/settings/taxes.json') });

export const useTaxRate = (id: number | null) =>
  useQuery({ queryKey: taxKeys.detail(id ?? 0), queryFn: () => api<TaxRate>(`/jpanel/settings/taxes/${id}`), enabled: id !== null });

function useTaxMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: taxKeys.all }) });
}

export const useSaveTaxRate = (id: number | null) =>
  useTaxMutation((input: TaxRateInput) => api<TaxRate>(id === null ? '/jpanel/settings/taxes' : `/jpanel/settings/taxes/${id}`, { method: 'POST', body: input }));

export const useDeleteTaxRate = () =>
  useTaxMutation((id: number) => api<{ message: string }>('/jpanel/settings/taxes/destroy', { method: 'POST', body: { id } }));
