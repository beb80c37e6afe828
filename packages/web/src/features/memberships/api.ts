import type { MembershipEnd, MembershipExtend, MembershipGrant, MembershipLevel, MembershipLevelInput, RenewalDue } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const membershipKeys = {
  all: ['memberships'] as const,
  levels: () => ['memberships', 'levels'] as const,
  level: (id: number) => ['memberships', 'level', id] as const,
  renewals: (days: number) => ['memberships', 'renewals', days] as const,
};

type LevelSaved = { message: string; level: MembershipLevel };

export const useMembershipLevels = () => useQuery({ queryKey: membershipKeys.levels(), queryFn: () => api<{ data: MembershipLevel[] }>('/jpanel/memberships/levels.json') });

export const useMembershipLevel = (id: number | null) =>
  useQuery({ queryKey: membershipKeys.level(id ?? 0), queryFn: () => api<MembershipLevel>(`/jpanel/memberships/levels/${id}`), enabled: id !== null });

export const useRenewalsDue = (days: number) =>
  useQuery({ queryKey: membershipKeys.renewals(days), queryFn: () => api<{ data: RenewalDue[] }>(`/jpanel/memberships/renewals.json?days=${days}`) });

/** Every change here shows on the supporter's page, its history, the levels and the renewals. */
function useMembershipMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['supporters'] }),
        queryClient.invalidateQueries({ queryKey: ['history'] }),
      ]),
  });
}

export const useSaveMembershipLevel = (id: number | null) =>
  useMembershipMutation((input: MembershipLevelInput) => api<LevelSaved>(id === null ? '/jpanel/memberships/levels' : `/jpanel/memberships/levels/${id}`, { method: 'POST', body: input }));

export const useDeleteMembershipLevel = () =>
  useMembershipMutation((id: number) => api<{ message: string }>(`/jpanel/memberships/levels/${id}/destroy`, { method: 'POST' }));

export const useGrantMembership = (supporterId: number) =>
  useMembershipMutation((input: MembershipGrant) => api<{ message: string }>(`/jpanel/supporters/${supporterId}/memberships`, { method: 'POST', body: input }));

export const useChangeMembership = (id: number) =>
  useMembershipMutation((change: ({ action: 'extend' } & MembershipExtend) | ({ action: 'end' } & MembershipEnd)) => {
    const { action, ...body } = change;
    return api<{ message: string }>(`/jpanel/memberships/${id}/${action}`, { method: 'POST', body });
  });

export const useSendRenewalReminders = (days: number) =>
  useMembershipMutation((ids: number[]) => api<{ message: string; sent: number }>(`/jpanel/memberships/renewals/remind?days=${days}`, { method: 'POST', body: { ids } }));
