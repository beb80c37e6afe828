import type { SettingsValues, SupportRequest } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKey } from '../../app/session.ts';
import { api } from '../../lib/api.ts';

export const settingsKeys = {
  values: ['settings', 'values'] as const,
  upgradeRequests: ['settings', 'upgrade-requests'] as const,
};

export function useSettings(enabled = true) {
  return useQuery({
    enabled,
    queryKey: settingsKeys.values,
    queryFn: () => api<{ values: SettingsValues }>('/jpanel/settings.json').then((r) => r.values),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Partial<SettingsValues>) =>
      api<{ message: string; values: SettingsValues }>('/jpanel/settings', {
        method: 'POST',
        body: values,
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(settingsKeys.values, answer.values);
      // Edition flags and the organisation name change what the whole app shows.
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export function useUpgradeRequests() {
  return useQuery({
    queryKey: settingsKeys.upgradeRequests,
    queryFn: () =>
      api<{ data: SupportRequest[] }>('/jpanel/support/upgrade-requests.json').then((r) => r.data),
  });
}
