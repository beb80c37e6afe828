import type { ReceiptDetail, ReviseReceiptInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const receiptKeys = {
  all: ['receipts'] as const,
  detail: (id: number) => [...receiptKeys.all, 'detail', id] as const,
};

export function useReceipt(id: number | null) {
  return useQuery({
    queryKey: receiptKeys.detail(id ?? 0),
    queryFn: () => api<ReceiptDetail>(`/jpanel/tax_receipt/${id ?? 0}/modal`, { method: 'POST' }),
    enabled: id !== null && id > 0,
    staleTime: 0,
  });
}

export type ReceiptAnswer = { id: number; number: string | null; deleted_at?: string | null; email?: string | null; message: string };
type Action = { action: 'issue' | 'void' } | { action: 'revise'; values: ReviseReceiptInput } | { action: 'notify'; email?: string };

/** Save (revise), Issue, Void and Notify; each answer carries the spec's toast text. */
export function useReceiptAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: Action) =>
      api<ReceiptAnswer>(`/jpanel/tax_receipt/${id}/${a.action}`, {
        method: 'POST',
        body: a.action === 'revise' ? a.values : a.action === 'notify' ? (a.email ? { email: a.email } : {}) : undefined,
      }),
    onSuccess: async () => {
      await Promise.all([receiptKeys.all, ['transactions'], ['listing'], ['history']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export const receiptPdfUrl = (id: number) => api<{ url: string }>(`/jpanel/tax_receipt/${id}/pdf`, { method: 'POST' });
