import type { ExchangeRate, ExchangeRateCreate, ExchangeRateImport, ExchangeRateList } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const exchangeRateKeys = { list: ['settings', 'exchange-rates'] as const };

export function useExchangeRates(enabled = true) {
  return useQuery({
    enabled,
    queryKey: exchangeRateKeys.list,
    queryFn: () => api<ExchangeRateList>('/jpanel/settings/exchange-rates.json'),
  });
}

export function useAddExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExchangeRateCreate) =>
      api<{ message: string; rate: ExchangeRate }>('/jpanel/settings/exchange-rates', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exchangeRateKeys.list }),
  });
}

export function useImportExchangeRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExchangeRateImport) =>
      api<{ message: string; imported: number }>('/jpanel/settings/exchange-rates/import', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exchangeRateKeys.list }),
  });
}
