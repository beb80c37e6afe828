import type { ShippingMethod, ShippingMethodInput, ShippingSettings, ShippingTiersInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const keys = { all: ['shipping'] as const, settings: () => ['shipping', 'settings'] as const, method: (id: number) => ['shipping', 'method', id] as const };

export const useShippingSettings = () => useQuery({ queryKey: keys.settings(), queryFn: () => api<ShippingSettings>('/jpanel/settings/shipping.json') });

export const useShippingMethod = (id: number | null) =>
  useQuery({ queryKey: keys.method(id ?? 0), queryFn: () => api<ShippingMethod>(`/jpanel/settings/shipping/methods/${id}`), enabled: id !== null });

function useShippingMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useSaveTiers = () =>
  useShippingMutation((input: ShippingTiersInput) => api<ShippingSettings>('/jpanel/settings/shipping/tiers', { method: 'POST', body: input }));

export const useSaveShippingMethod = (id: number | null) =>
  useShippingMutation((input: ShippingMethodInput) =>
    api<ShippingMethod>(id === null ? '/jpanel/settings/shipping/methods' : `/jpanel/settings/shipping/methods/${id}`, { method: 'POST', body: input }),
  );

export const useDeleteShippingMethod = () =>
  useShippingMutation((id: number) => api<{ message: string }>('/jpanel/settings/shipping/methods/destroy', { method: 'POST', body: { id } }));
