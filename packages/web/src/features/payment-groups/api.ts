import type { PaymentGroup, PaymentGroupInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const paymentGroupKeys = {
  all: ['payment-groups'] as const,
  list: () => [...paymentGroupKeys.all, 'list'] as const,
  detail: (id: number) => [...paymentGroupKeys.all, 'detail', id] as const,
};

export const usePaymentGroups = () =>
  useQuery({ queryKey: paymentGroupKeys.list(), queryFn: () => api<{ data: { id: number; name: string; options: number }[]; site_currency: string }>('/jpanel/payment_groups.json') });

export const usePaymentGroup = (id: number | null) =>
  useQuery({ queryKey: paymentGroupKeys.detail(id ?? 0), queryFn: () => api<PaymentGroup>(`/jpanel/payment_groups/${id}`), enabled: id !== null });

export function useSavePaymentGroup(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentGroupInput) => api<PaymentGroup>(id === null ? '/jpanel/payment_groups' : `/jpanel/payment_groups/${id}`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentGroupKeys.all }),
  });
}

export function useDeletePaymentGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('/jpanel/payment_groups/destroy', { method: 'POST', body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentGroupKeys.list(), refetchType: 'all' }),
  });
}
