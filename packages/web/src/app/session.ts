import { hasPermission, type CurrentUser, type EditionFlags } from '@almoner/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

export type SessionInfo = { user: CurrentUser; flags: EditionFlags; org_name: string; fiscal_year_start_month: number };

export const sessionKey = ['session'] as const;

export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: () => api<SessionInfo>('/jpanel/auth/session') });
}

/**
 * Whether the signed-in user holds a permission, by the rule the server checks (contracts'
 * `hasPermission`): screens show a control or a link only when this says its route will answer.
 */
export function useCan(): (permission: string) => boolean {
  const user = useSession().data?.user;
  return (permission) => user !== undefined && hasPermission(user, permission);
}

/** The month (1–12) the organisation's financial year starts in; January until the session loads. */
export function useFiscalYearStart(): number {
  return useSession().data?.fiscal_year_start_month ?? 1;
}
