import type { Promo, PromoInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const promoKeys = {
  all: ['promos'] as const,
  list: () => ['promos', 'list'] as const,
  detail: (id: number) => ['promos', 'detail', id] as const,
};

export const usePromos = () =>
  useQuery({
    queryKey: promoKeys.list(),
    queryFn: () =>
      api<{ data: Omit<Promo, 'product_ids' | 'category_ids'>[]; site_currency: string }>(
        '/jpanel/promos.json',
      ),
  });

export const usePromo = (id: number | null) =>
  useQuery({
    queryKey: promoKeys.detail(id ?? 0),
    queryFn: () => api<Promo>(`/jpanel/promos/${id}`),
    enabled: id !== null,
  });

function usePromoMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKeys.all }),
  });
}

export const useSavePromo = (id: number | null) =>
  usePromoMutation((input: PromoInput) =>
    api<Promo>(id === null ? '/jpanel/promos' : `/jpanel/promos/${id}`, {
      method: 'POST',
      body: input,
    }),
  );
export const useDuplicatePromo = () =>
  usePromoMutation((id: number) =>
    api<Promo & { message: string }>(`/jpanel/promos/${id}/duplicate`, { method: 'POST' }),
  );
export const useDeletePromo = () =>
  usePromoMutation((id: number) =>
    api<{ message: string }>('/jpanel/promos/destroy', { method: 'POST', body: { id } }),
  );
