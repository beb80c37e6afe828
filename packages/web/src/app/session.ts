import { hasPermission, type CurrentUser, type EditionFlags } from '@almoner/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

export type SessionInfo = { user: CurrentUser; flags: EditionFlags; org_name: string; fiscal_year_start_month: number; today: string };

export const sessionKey = ['session'] as const;

const fetchSession = () => api<SessionInfo>('/jpanel/auth/session');

export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: fetchSession });
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

/**
 * The organisation's today ('YYYY-MM-DD', the server's clock in its time zone): the one day every
 * date field and period starts on, whatever the browser's clock says. The session is asked again
 * each time a screen or form using it mounts, because the server's day can turn (or a test can
 * move its clock) while the page stays open; undefined until that answer arrives, so a form never
 * starts on a stale day.
 */
export function useOrgToday(): string | undefined {
  const session = useQuery({ queryKey: sessionKey, queryFn: fetchSession, refetchOnMount: 'always' });
  return session.isFetchedAfterMount ? session.data?.today : undefined;
}

/** A 'YYYY-MM-DD' day as midnight on the browser's calendar, for the date helpers that count in Dates. */
export function dayAsDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}
