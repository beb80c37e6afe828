import type { ConsentAnswer, ConsentInput, ConsentSaved, SupporterEmailInput, SupporterMailList } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { historyKeys } from '../audit/api.ts';
import { supporterKeys } from './api.ts';

const consentKey = (id: number) => [...supporterKeys.detail(id), 'consent'] as const;
const mailKey = (id: number, page: number) => [...supporterKeys.detail(id), 'mail', page] as const;

/** A supporter's contact preferences now and every change (newest first). */
export const useConsent = (id: number) => useQuery({ queryKey: consentKey(id), queryFn: () => api<ConsentAnswer>(`/jpanel/supporters/${id}/consent.json`) });

/** Records a change; the page, the list rows and the record's history read it afresh. */
export function useRecordConsent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentInput) => api<ConsentSaved>(`/jpanel/supporters/${id}/consent`, { method: 'POST', body: input }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: supporterKeys.all }), queryClient.invalidateQueries({ queryKey: historyKeys.record('supporters', id) })]),
  });
}

/** Every message Almoner sent the supporter, a page at a time. */
export const useSupporterMail = (id: number, page: number) =>
  useQuery({ queryKey: mailKey(id, page), queryFn: () => api<SupporterMailList>(`/jpanel/supporters/${id}/mail.json?page=${page}`) });

/** E-mails the supporter; their mail list shows it at once. */
export function useEmailSupporter(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SupporterEmailInput) => api<{ message: string; mail_id: number }>(`/jpanel/supporters/${id}/email`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...supporterKeys.detail(id), 'mail'] }),
  });
}
