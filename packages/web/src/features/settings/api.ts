import type { SettingsLocked, SettingsValues, SupportRequest } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKey } from '../../app/session.ts';
import { api } from '../../lib/api.ts';

export const settingsKeys = {
  values: ['settings', 'values'] as const,
  upgradeRequests: ['settings', 'upgrade-requests'] as const,
};

type SettingsAnswer = { values: SettingsValues; locked: SettingsLocked };

const fetchSettings = () => api<SettingsAnswer>('/jpanel/settings.json');

export function useSettings(enabled = true) {
  return useQuery({ enabled, queryKey: settingsKeys.values, queryFn: fetchSettings, select: (answer) => answer.values });
}

/** The settings that cannot change now, each with the server's reason (e.g. the currency once gifts exist). */
export function useLockedSettings(enabled = true) {
  return useQuery({ enabled, queryKey: settingsKeys.values, queryFn: fetchSettings, select: (answer) => answer.locked });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Partial<SettingsValues>) =>
      api<{ message: string } & SettingsAnswer>('/jpanel/settings', {
        method: 'POST',
        body: values,
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData<SettingsAnswer>(settingsKeys.values, { values: answer.values, locked: answer.locked });
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
