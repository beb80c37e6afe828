import type { TransactionAnswer, TransactionDetail } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const transactionKeys = {
  all: ['transactions'] as const,
  detail: (id: number) => [...transactionKeys.all, 'detail', id] as const,
};

export function useTransaction(id: number | null) {
  return useQuery({
    queryKey: transactionKeys.detail(id ?? 0),
    queryFn: () => api<TransactionDetail>(`/jpanel/transactions/${id ?? 0}/modal`, { method: 'POST' }),
    enabled: id !== null && id > 0,
    staleTime: 0,
  });
}

export type TransactionAction = 'issue_tax_receipt' | 'refund' | 'refresh-payment-status';

/** One action of the modal; every answer is `{ status, message }`. Refreshes what it touched. */
export function useTransactionAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TransactionAction) => api<TransactionAnswer>(`/jpanel/transactions/${id}/${action}`, { method: 'POST' }),
    onSettled: async () => {
      await Promise.all(
        [transactionKeys.all, ['contributions'], ['listing'], ['supporters'], ['history'], ['receipts']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
