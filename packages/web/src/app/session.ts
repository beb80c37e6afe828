import type { CurrentUser, EditionFlags } from '@almoner/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

export type SessionInfo = { user: CurrentUser; flags: EditionFlags; org_name: string };

export const sessionKey = ['session'] as const;

export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: () => api<SessionInfo>('/jpanel/auth/session') });
}
