import type { TwoFactorQrCode, TwoFactorSecretKey, TwoFactorStatus } from '@almoner/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKey } from '../../app/session.ts';
import { api } from '../../lib/api.ts';

const BASE = '/jpanel/auth/user';

export const twoFactorApi = {
  confirmPassword: (password: string) => api<{ confirmed: boolean }>(`${BASE}/confirm-password`, { method: 'POST', body: { password } }),
  enable: () => api<TwoFactorStatus>(`${BASE}/two-factor-authentication`, { method: 'POST' }),
  disable: () => api<TwoFactorStatus>(`${BASE}/two-factor-authentication`, { method: 'DELETE' }),
  confirm: (code: string) => api<TwoFactorStatus>(`${BASE}/confirmed-two-factor-authentication`, { method: 'POST', body: { code } }),
  recoveryCodes: () => api<string[]>(`${BASE}/two-factor-recovery-codes`),
  regenerateRecoveryCodes: () => api<string[]>(`${BASE}/two-factor-recovery-codes`, { method: 'POST' }),
};

/**
 * The QR code and the typed-in key, read together while setup is pending. Never kept in the
 * cache after the panel goes: they are the second factor itself.
 */
export function useTwoFactorSetup(enabled: boolean) {
  return useQuery({
    queryKey: ['two-factor', 'setup'],
    queryFn: async () => {
      const qr = await api<TwoFactorQrCode>(`${BASE}/two-factor-qr-code`);
      const key = await api<TwoFactorSecretKey>(`${BASE}/two-factor-secret-key`);
      return { svg: qr.svg, secretKey: key.secretKey };
    },
    enabled,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

/** Two-factor state lives on the session user; refresh it after every change. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionKey });
}
