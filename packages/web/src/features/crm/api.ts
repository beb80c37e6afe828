import type { CrmConnection, CrmConnectionUpdate, CrmSync, CrmSyncList, DonorImportRun, DonorView, GiftView, TransactionAnswer } from '@almoner/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const crmKeys = {
  all: ['crm'] as const,
  connection: ['crm', 'connection'] as const,
  donor: (id: string) => ['crm', 'donor', id] as const,
  gift: (id: string) => ['crm', 'gift', id] as const,
  syncs: (contributionId: number) => ['crm', 'syncs', contributionId] as const,
};

export function useCrmConnection() {
  return useQuery({ queryKey: crmKeys.connection, queryFn: () => api<CrmConnection>('/jpanel/donor/connection.json') });
}

export function useSaveCrmConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CrmConnectionUpdate) => api<{ message: string; connection: CrmConnection }>('/jpanel/donor/connection', { method: 'POST', body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(crmKeys.connection, answer.connection);
      await queryClient.invalidateQueries({ queryKey: crmKeys.all });
    },
  });
}

/** Spec part 2 §7: POST verify_connection.json answers a boolean (Works! / Failed!). */
export function useVerifyCrm() {
  return useMutation({
    mutationFn: (body: { username: string; password: string; apikey: string; provider: string; api_url: string }) =>
      api<boolean>('/jpanel/donor/verify_connection.json', { method: 'POST', body }),
  });
}

export type DonorRequest = { id: string; first_name?: string | null; last_name?: string | null; email?: string | null };

export function useDonorView(request: DonorRequest | null) {
  return useQuery({
    queryKey: crmKeys.donor(request?.id ?? ''),
    queryFn: () => api<DonorView>('/jpanel/donors/view', { method: 'POST', body: { first_name: null, last_name: null, email: null, ...request } }),
    enabled: request !== null,
    retry: false,
  });
}

export function useGiftView(id: string | null) {
  return useQuery({
    queryKey: crmKeys.gift(id ?? ''),
    queryFn: () => api<GiftView>('/jpanel/donors/gift', { method: 'POST', body: { id } }),
    enabled: id !== null,
    retry: false,
  });
}

export function useCrmSyncs(contributionId: number, enabled: boolean) {
  return useQuery({
    queryKey: crmKeys.syncs(contributionId),
    queryFn: () => api<CrmSyncList>(`/jpanel/donor/contributions/${contributionId}/syncs.json`),
    enabled,
    placeholderData: keepPreviousData,
    // A push runs in the background: look again while one is on its way.
    refetchInterval: (query) => (query.state.data?.records.some((r) => r.status === 'pending' || r.status === 'sending') ? 2000 : false),
  });
}

export function useRetrySync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ status: 'success' | 'error'; message: string; record: CrmSync }>(`/jpanel/donor/syncs/${id}/retry`, { method: 'POST' }),
    onSettled: async () => {
      await Promise.all([crmKeys.all, ['contributions'], ['supporters']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** The transaction modal's "Resync to the donor CRM" (POST /jpanel/transactions/{id}/sync_dpo). */
export function useResyncTransaction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<TransactionAnswer>(`/jpanel/transactions/${id}/sync_dpo`, { method: 'POST' }),
    onSettled: async () => {
      await Promise.all([crmKeys.all, ['contributions'], ['transactions'], ['supporters']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** The donor import (spec part 3 §7): its latest run, polled while it is queued or running. */
export function useLatestDonorImport(enabled: boolean) {
  return useQuery({
    queryKey: ['crm', 'donor-import'] as const,
    enabled,
    queryFn: () => api<{ data: DonorImportRun | null }>('/jpanel/donors/import/latest.json'),
    refetchInterval: (query) => (['queued', 'running'].includes(query.state.data?.data?.status ?? '') ? 1000 : false),
  });
}

export function useStartDonorImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (createLogin: boolean) => api<{ message: string; data: DonorImportRun }>('/jpanel/donors/import', { method: 'POST', body: { create_login: createLogin ? 1 : 0 } }),
    onSuccess: (answer) => queryClient.setQueryData(['crm', 'donor-import'], { data: answer.data }),
  });
}
