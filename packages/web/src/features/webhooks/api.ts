import type { Webhook, WebhookDelivery, WebhookDetail, WebhookInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const hookKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  detail: (id: number) => ['webhooks', 'detail', id] as const,
  delivery: (id: number) => ['webhooks', 'delivery', id] as const,
};

export const useWebhooks = () => useQuery({ queryKey: hookKeys.list(), queryFn: () => api<{ data: Webhook[] }>('/jpanel/settings/hooks.json') });

/** A hook and its deliveries; refreshed every few seconds while a delivery is still pending. */
export const useWebhook = (id: number | null) =>
  useQuery({
    queryKey: hookKeys.detail(id ?? 0),
    queryFn: () => api<WebhookDetail>(`/jpanel/settings/hooks/${id}.json`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.state === 'pending') ? 3000 : false),
  });

export const useDelivery = (id: number, enabled: boolean) =>
  useQuery({ queryKey: hookKeys.delivery(id), queryFn: () => api<WebhookDelivery>(`/jpanel/settings/hook-deliveries/${id}`), enabled });

function useHookMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: hookKeys.all }) });
}

type Saved = { success: true; hook_id: number; message: string };

export const useSaveWebhook = (id: number | null) =>
  useHookMutation((input: WebhookInput) => api<Saved>(id === null ? '/jpanel/settings/hooks' : `/jpanel/settings/hooks/${id}`, { method: id === null ? 'POST' : 'PUT', body: input }));

export const useToggleInsecureSsl = (id: number) =>
  useHookMutation((insecure: boolean) => api<Saved>(`/jpanel/settings/hooks/${id}`, { method: 'PUT', body: { insecure_ssl: insecure } }));

export const useDeleteWebhook = () => useHookMutation((id: number) => api<{ message: string }>(`/jpanel/settings/hooks/${id}/destroy`, { method: 'DELETE' }));

export const useRedeliver = () =>
  useHookMutation((deliveryId: number) => api<{ message: string; delivery_id: number }>(`/jpanel/settings/hook-deliveries/${deliveryId}/redeliver`, { method: 'POST' }));
