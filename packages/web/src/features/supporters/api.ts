import type { AccountTypeOption, PossibleDuplicate, SupporterInput, SupporterMembership, SupporterOption, SupporterSaved } from '@almoner/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { historyKeys } from '../audit/api.ts';

/**
 * `GET /jpanel/supporters/:id`: the supporter row (snake_case columns) plus its account type.
 * The contracts hold no schema for this answer yet; the fields used here are written down.
 */
export type SupporterRecord = {
  id: number;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  account_type: string | null;
  is_organization: boolean | null;
  referral_source: string | null;
  membership_number: string | null;
  nps: number | null;
  donor_id: string | null;
  is_active: boolean;
  is_spam: boolean;
  email_opt_in: boolean;
  email_opt_in_changed_at: string | null;
  /** The deceased mark and "do not contact" (the consent card holds the rest). */
  deceased_on: string | null;
  /** Set when the person's data was erased on their request (privacy/). */
  erased_at?: string | null;
  /** Who erased it (their name), for the page's notice. */
  erased_by_name?: string | null;
  do_not_contact: boolean;
  currency_code: string;
  lifetime_donation_amount: number;
  lifetime_donation_count: number;
  lifetime_purchase_amount: number;
  lifetime_purchase_count: number;
  lifetime_fundraising_amount: number;
  lifetime_fundraising_count: number;
  first_payment_at: string | null;
  last_payment_at: string | null;
  created_at: string;
  last_login_at: string | null;
  updated_at: string;
  title: string | null;
  account_type_id: number | null;
} & Record<`${'bill' | 'ship'}_${string}`, string | null>;


export type RecurringProfile = {
  id: number;
  status: string;
  description: string | null;
  billing_period: string | null;
  amount: number;
  currency_code: string;
  next_billing_date: string | null;
};

export type SupporterContribution = { id: number; number: string; ordered_at: string; total_amount: number; currency_code: string; status: string };

export type SupporterDetail = {
  supporter: SupporterRecord;
  memberships: SupporterMembership[];
  recurring: RecurringProfile[];
  contributions: SupporterContribution[];
};

export const supporterKeys = {
  all: ['supporters'] as const,
  detail: (id: number) => [...supporterKeys.all, 'detail', id] as const,
  options: (query: string) => [...supporterKeys.all, 'options', query] as const,
};

export function useSupporter(id: number | null) {
  return useQuery({
    queryKey: supporterKeys.detail(id ?? 0),
    queryFn: () => api<SupporterDetail>(`/jpanel/supporters/${id}`),
    enabled: id !== null,
  });
}

/** The picker's lookup; an empty query asks nothing (the server would answer []). */
export function useSupporterOptions(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: supporterKeys.options(trimmed),
    queryFn: ({ signal }) => api<SupporterOption[]>(`/jpanel/supporters.json?query=${encodeURIComponent(trimmed)}`, { signal }),
    enabled: trimmed.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** The name a supporter is shown by, whatever is filled in. */
export const supporterName = (s: Pick<SupporterRecord, 'display_name' | 'first_name' | 'last_name' | 'email'>) =>
  s.display_name || [s.first_name, s.last_name].filter(Boolean).join(' ') || s.email || 'Unnamed supporter';

/** The supporter types for the form's choice. */
export const useAccountTypes = () =>
  useQuery({ queryKey: ['account-types'], queryFn: () => api<{ data: AccountTypeOption[] }>('/jpanel/account_types.json').then((a) => a.data), staleTime: 60_000 });

/** Adds (`id` null) or corrects a supporter; the lists and the page read it afresh after. */
export function useSaveSupporter(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SupporterInput) =>
      api<{ message: string; supporter: SupporterSaved }>(id === null ? '/jpanel/supporters' : `/jpanel/supporters/${id}`, { method: 'POST', body: input }),
    // The record's history shows the change too.
    onSuccess: (saved) => Promise.all([queryClient.invalidateQueries({ queryKey: supporterKeys.all }), queryClient.invalidateQueries({ queryKey: historyKeys.record('supporters', saved.supporter.id) })]),
  });
}

/** Who the form's person may already be (same e-mail, or same name and postcode). */
export function usePossibleDuplicates(query: { email: string; first_name: string; last_name: string; bill_zip: string; except_id: number | null }) {
  const asks = Boolean(query.email.trim()) || Boolean(query.first_name.trim() && query.last_name.trim() && query.bill_zip.trim());
  return useQuery<PossibleDuplicate[]>({
    queryKey: [...supporterKeys.all, 'duplicates', query],
    queryFn: ({ signal }) => api<{ data: PossibleDuplicate[] }>('/jpanel/supporters.duplicates', { method: 'POST', body: query, signal }).then((a) => a.data),
    enabled: asks,
  });
}
