import type { BatchAnswer, BatchCreateInput, BatchDesignation, BatchDetail, BatchesPage, BatchGiftInput, BatchUpdateInput, DepositSlip } from '@almoner/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { historyKeys } from '../audit/api.ts';
import { contributionKeys } from '../contributions/api.ts';

export const batchKeys = {
  all: ['batches'] as const,
  list: (status: string, page: number) => ['batches', 'list', status, page] as const,
  detail: (id: number) => ['batches', 'detail', id] as const,
  slip: (id: number) => ['batches', 'slip', id] as const,
  designations: ['batches', 'designations'] as const,
};

export function useBatches(status: 'open' | 'closed' | 'all', page: number) {
  return useQuery({
    queryKey: batchKeys.list(status, page),
    queryFn: () => api<BatchesPage>(`/jpanel/batches.json?${new URLSearchParams({ status, page: String(page) })}`),
    placeholderData: keepPreviousData,
  });
}

export function useBatch(id: number) {
  return useQuery({ queryKey: batchKeys.detail(id), queryFn: () => api<BatchDetail>(`/jpanel/batches/${id}.json`) });
}

export function useDepositSlip(id: number) {
  return useQuery({ queryKey: batchKeys.slip(id), queryFn: () => api<DepositSlip>(`/jpanel/batches/${id}/deposit-slip.json`), retry: false });
}

export function useDesignations() {
  return useQuery({ queryKey: batchKeys.designations, queryFn: () => api<BatchDesignation[]>('/jpanel/batches/designations.json'), staleTime: 60_000 });
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchCreateInput) => api<BatchAnswer>('/jpanel/batches', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchKeys.all }),
  });
}

type BatchAction =
  | { kind: 'header'; body: BatchUpdateInput }
  | { kind: 'add'; body: BatchGiftInput }
  | { kind: 'update'; giftId: number; body: BatchGiftInput }
  | { kind: 'remove'; giftId: number }
  | { kind: 'close' }
  | { kind: 'reopen' };

const pathOf = (id: number, a: BatchAction) => {
  switch (a.kind) {
    case 'header':
      return `/jpanel/batches/${id}`;
    case 'add':
      return `/jpanel/batches/${id}/gifts`;
    case 'update':
      return `/jpanel/batches/${id}/gifts/${a.giftId}`;
    case 'remove':
      return `/jpanel/batches/${id}/gifts/${a.giftId}/remove`;
    case 'close':
      return `/jpanel/batches/${id}/close`;
    case 'reopen':
      return `/jpanel/batches/${id}/reopen`;
  }
};

/** Every change to a batch answers the batch as it now stands: the page shows it at once. */
export function useBatchAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: BatchAction) => api<BatchAnswer>(pathOf(id, action), { method: 'POST', body: 'body' in action ? action.body : undefined }),
    onSuccess: (answer) => {
      queryClient.setQueryData(batchKeys.detail(id), answer.batch);
      void queryClient.invalidateQueries({ queryKey: ['batches', 'list'] });
      void queryClient.invalidateQueries({ queryKey: batchKeys.slip(id) });
      void queryClient.invalidateQueries({ queryKey: historyKeys.record('gift_batches', id) });
      void queryClient.invalidateQueries({ queryKey: contributionKeys.all });
    },
  });
}
