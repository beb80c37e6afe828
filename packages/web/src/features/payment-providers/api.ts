import type {
  BillingSubscription,
  ConnectionTest,
  DataSyncConnector,
  DataSyncTarget,
  HostedPage,
  PaymentProvider,
  PaymentProviderUpdate,
} from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const providerKeys = {
  providers: ['payment-providers'] as const,
  dataSync: ['data-sync'] as const,
  billing: ['billing'] as const,
};

export function usePaymentProviders(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: providerKeys.providers,
    queryFn: () => api<{ providers: PaymentProvider[] }>('/jpanel/settings/payment.json').then((r) => r.providers),
  });
}

export function useSavePaymentProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentProviderUpdate) =>
      api<{ success: true; message: string; provider: PaymentProvider }>('/jpanel/settings/payment', { method: 'POST', body }),
    onSuccess: (answer) =>
      queryClient.setQueryData<PaymentProvider[]>(providerKeys.providers, (list) =>
        list?.map((p) => (p.provider === answer.provider.provider ? answer.provider : p)),
      ),
  });
}

/** The connection test routes of spec part 2 §7. */
export const connectionTestUrls = {
  paypal: '/jpanel/paypal/verify_connection.json',
  paypal_reference_transactions: '/jpanel/paypal/verify_reference_transactions.json',
  gocardless: '/jpanel/settings/payment/gocardless/verify',
  stripe: '/jpanel/settings/payment/stripe/verify',
} as const;

export function useConnectionTest(test: keyof typeof connectionTestUrls) {
  return useMutation({ mutationFn: () => api<ConnectionTest>(connectionTestUrls[test]) });
}

export function useDataSyncConnectors(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: providerKeys.dataSync,
    queryFn: () => api<{ connectors: DataSyncConnector[] }>('/jpanel/api/v1/settings/data-sync.json').then((r) => r.connectors),
  });
}

export function useSetDataSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, connect }: { target: DataSyncTarget; connect: boolean }) =>
      api<{ message: string; connector: DataSyncConnector }>(`/jpanel/api/v1/settings/data-sync/${connect ? 'connect' : 'disconnect'}`, {
        method: 'POST',
        body: { target },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.dataSync }),
  });
}

export function useBilling(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: providerKeys.billing,
    queryFn: () => api<{ subscription: BillingSubscription | null }>('/jpanel/settings/billing.json').then((r) => r.subscription),
  });
}

export function useBillingCheckout() {
  return useMutation({
    mutationFn: (planId: string) => api<HostedPage>('/jpanel/settings/billing/chargebee/checkout', { method: 'POST', body: { planId } }),
  });
}

export function useCompleteBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hostedPageId: string) =>
      api<{ message: string; subscription: BillingSubscription }>('/jpanel/settings/billing/chargebee/complete', {
        method: 'POST',
        body: { hosted_page_id: hostedPageId },
      }),
    // The billing query may still be in flight from the page's first render, started before the
    // subscription was recorded: cancel it, or its empty answer lands after ours and hides the plan.
    onSuccess: async (answer) => {
      await queryClient.cancelQueries({ queryKey: providerKeys.billing });
      queryClient.setQueryData(providerKeys.billing, answer.subscription);
    },
  });
}
