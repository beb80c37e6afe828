import type { ActivityAnswer, ActivityKind, PaymentMethodAction, PaymentMethodSaved, SupporterGifts, SupporterPaymentMethod, SupporterReceipt, SupporterSponsorship, SupporterTribute } from '@almoner/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { historyKeys } from '../../audit/api.ts';
import { supporterKeys } from '../api.ts';

/** Each section's data, under the supporter's key: any change to the supporter reads them afresh. */
const sectionKey = (id: number, section: string, ...rest: unknown[]) => [...supporterKeys.detail(id), section, ...rest] as const;

export const ACTIVITY_SHOWN = 20;

/** The merged timeline, a page at a time (the server merges and pages; the page shows its rows). */
export const useSupporterActivity = (id: number, page: number, kind: ActivityKind | null = null) =>
  useQuery({
    queryKey: sectionKey(id, 'activity', page, kind ?? 'all'),
    queryFn: () => api<ActivityAnswer>(`/jpanel/supporters/${id}/activity.json?page=${page}&page_size=${ACTIVITY_SHOWN}${kind ? `&kind=${kind}` : ''}`),
    placeholderData: keepPreviousData,
  });

export const useSupporterGifts = (id: number, page: number) =>
  useQuery({ queryKey: sectionKey(id, 'gifts', page), queryFn: () => api<SupporterGifts>(`/jpanel/supporters/${id}/gifts.json?page=${page}`), placeholderData: keepPreviousData });

export const useSupporterReceipts = (id: number) =>
  useQuery({ queryKey: sectionKey(id, 'receipts'), queryFn: () => api<{ data: SupporterReceipt[] }>(`/jpanel/supporters/${id}/receipts.json`).then((a) => a.data) });

export const useSupporterTributes = (id: number) =>
  useQuery({ queryKey: sectionKey(id, 'tributes'), queryFn: () => api<{ data: SupporterTribute[] }>(`/jpanel/supporters/${id}/tributes.json`).then((a) => a.data) });

export const useSupporterSponsorships = (id: number) =>
  useQuery({ queryKey: sectionKey(id, 'sponsorships'), queryFn: () => api<{ data: SupporterSponsorship[] }>(`/jpanel/supporters/${id}/sponsorships.json`).then((a) => a.data) });

export const usePaymentMethods = (id: number) =>
  useQuery({ queryKey: sectionKey(id, 'payment-methods'), queryFn: () => api<{ data: SupporterPaymentMethod[] }>(`/jpanel/supporters/${id}/payment_methods.json`).then((a) => a.data) });

/** Makes a method the default or removes it; the list, the timeline and the history read it afresh. */
export function useChangePaymentMethod(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ methodId, action }: { methodId: number; action: PaymentMethodAction }) =>
      api<PaymentMethodSaved>(`/jpanel/supporters/${id}/payment_methods/${methodId}/${action}`, { method: 'POST', body: {} }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: supporterKeys.detail(id) }), queryClient.invalidateQueries({ queryKey: historyKeys.record('supporters', id) })]),
  });
}
