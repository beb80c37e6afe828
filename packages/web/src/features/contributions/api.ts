import type { ContributionEditAnswer, ContributionEditInput, ContributionNote, ContributionRefundInput, FundOption, PaymentState } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * `GET /jpanel/contributions/:id`. The contracts hold no schema for this answer yet, so its
 * shape is written down here from the server's query (contributions.detail.ts).
 */
export type ContributionRecord = {
  id: number;
  /** The invoice number as written (upper case), or the cart's id until paid. Staff see `contributionNumber(id)`. */
  number: string;
  invoice_number: string | null;
  status: string;
  payment_state: PaymentState;
  ordered_at: string;
  paid_at: string | null;
  source: string | null;
  referral_source: string | null;
  /** What the gift is credited to (issue 37 item 5). */
  campaign_id: number | null;
  appeal_id: number | null;
  campaign_name: string | null;
  appeal_name: string | null;
  /** The day the donor was thanked (issue 37 item 4), YYYY-MM-DD. */
  acknowledged_on: string | null;
  is_pos: boolean;
  is_test: boolean;
  is_spam: boolean;
  is_recurring: boolean;
  is_fulfilled: boolean;
  shippable_items: number;
  currency_code: string;
  subtotal_amount: number;
  discount_amount: number;
  tax_amount: number;
  shipping_amount: number;
  dcc_amount: number;
  total_amount: number;
  refunded_amount: number;
  /** What is left of the payment a refund draws on (0: nothing to refund). */
  refundable_amount: number;
  refunded_at: string | null;
  payment_type: string | null;
  comments: string | null;
  customer_notes: string | null;
  gift_id: string | null;
  donor_id: string | null;
  deleted_at: string | null;
  /** Sent back with an edit: a save over someone else's is refused. */
  updated_at: string;
  supporter_id: number | null;
  supporter_name: string | null;
  supporter_email: string | null;
  supporter_deceased_on: string | null;
  supporter_do_not_contact: boolean | null;
  recurring_payment_profile_id: number | null;
  recurring_profile_ref: string | null;
} & Record<`${'bill' | 'ship'}_${string}`, string | null>;

export type ContributionItem = {
  id: number;
  description: string;
  code: string | null;
  qty: number;
  price: number;
  discount: number;
  total: number;
  is_donation: boolean;
  gl_code: string | null;
  recurring_frequency: string | null;
  is_tribute: boolean;
  tribute_type_id: number | null;
  tribute_name: string | null;
  tribute_message: string | null;
  tribute_id: number | null;
};

/** One line of a partial refund: the item (designation) or recurring charge it gave back. */
export type RefundItem = {
  id: number;
  amount: number;
  contribution_item_id: number | null;
  description: string | null;
  gl_code: string | null;
  recurring_transaction_id: number | null;
  charged_at: string | null;
};

export type Refund = { id: number; amount: number; status: string; reason: string | null; created_at: string; items: RefundItem[] };

export type Payment = {
  id: number;
  type: string;
  status: string;
  amount: number;
  amount_refunded: number;
  currency_code: string;
  gateway: string | null;
  reference_number: string | null;
  card_brand: string | null;
  card_last4: string | null;
  cheque_number: string | null;
  failure_message: string | null;
  created_at: string;
  refunds: Refund[];
};

export type StatusEvent = { id: number; event: string; amount: number | null; note: string | null; occurred_at: string; user_name: string | null };

export type ContributionDetail = { contribution: ContributionRecord; items: ContributionItem[]; payments: Payment[]; history: StatusEvent[]; notes: ContributionNote[] };

export const contributionKeys = {
  all: ['contributions'] as const,
  detail: (id: number) => [...contributionKeys.all, 'detail', id] as const,
};

/** By id, or by invoice number (see ContributionPage). */
export function useContribution(id: number | string) {
  return useQuery({
    queryKey: typeof id === 'number' ? contributionKeys.detail(id) : [...contributionKeys.all, 'by-number', id],
    queryFn: () => api<ContributionDetail>(`/jpanel/contributions/${encodeURIComponent(id)}`),
    enabled: typeof id === 'number' ? id > 0 : id !== '',
    // Bulk actions on the list change these rows too: always check on opening.
    staleTime: 0,
  });
}

/** After any change: the contribution, every listing, and supporters (their lifetime figures). */
function useContributionMutation<TVars>(fn: (vars: TVars) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(
        [contributionKeys.all, ['listing'], ['supporters'], ['history']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

export const useDeleteContribution = () =>
  useContributionMutation((id: number) =>
    api<{ message: string }>('/jpanel/contributions/destroy', { method: 'POST', body: { ids: [id] } }),
  );

export type Mark = 'fulfilled' | 'unfulfilled' | 'spam' | 'not_spam';

export const useMarkContribution = () =>
  useContributionMutation(({ id, mark }: { id: number; mark: Mark }) =>
    api<{ message: string }>('/jpanel/contributions/mark', { method: 'POST', body: { ids: [id], mark } }),
  );

export const useRefundContribution = () =>
  useContributionMutation(({ id, body }: { id: number; body: ContributionRefundInput }) =>
    api<{ message: string; refunded_amount: number }>(`/jpanel/contributions/${id}/refund`, { method: 'POST', body }),
  );

/** `POST /jpanel/contributions/{id}`: correct a gift (date, notes, supporter, each line's fund and tribute). */
export const useEditContribution = () =>
  useContributionMutation(({ id, body }: { id: number; body: ContributionEditInput }) =>
    api<ContributionEditAnswer>(`/jpanel/contributions/${id}`, { method: 'POST', body }),
  );

export const useRestoreContribution = () =>
  useContributionMutation((id: number) => api<{ message: string }>(`/jpanel/contributions/${id}/restore`, { method: 'POST', body: {} }));

export const useResendConfirmation = () =>
  useContributionMutation((id: number) => api<{ message: string }>(`/jpanel/contributions/${id}/resend-confirmation`, { method: 'POST', body: {} }));

export const useSetAcknowledgement = () =>
  useContributionMutation(({ id, acknowledged_on }: { id: number; acknowledged_on: string | null }) =>
    api<{ message: string; acknowledged_on: string | null }>(`/jpanel/contributions/${id}/acknowledgement`, { method: 'POST', body: { acknowledged_on: acknowledged_on ?? '' } }),
  );

export const useAddContributionNote = () =>
  useContributionMutation(({ id, body }: { id: number; body: string }) =>
    api<{ message: string; note: ContributionNote }>(`/jpanel/contributions/${id}/notes`, { method: 'POST', body: { body } }),
  );

/** The funds a gift can be credited to (only asked while the edit form is open). */
export const useFundOptions = (enabled: boolean) =>
  useQuery({ queryKey: [...contributionKeys.all, 'funds'], queryFn: () => api<FundOption[]>('/jpanel/contributions/funds.json'), enabled, staleTime: 60_000 });
