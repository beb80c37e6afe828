import type { UserDetail, UserInput, UserListItem } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: () => api<{ data: UserListItem[] }>('/jpanel/users.json').then((r) => r.data),
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: () => api<UserDetail>(`/jpanel/users/${id}`),
    enabled: id !== null,
  });
}

/** Every change to a user refreshes the list, that user's detail and the users' histories. */
function useUserMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['history', 'users'] }),
        // A role's count of users changes when it is given or taken away.
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
      ]),
  });
}

export const useSaveUser = (id: number | null) =>
  useUserMutation((input: UserInput) =>
    api<UserDetail>(id === null ? '/jpanel/users' : `/jpanel/users/${id}`, { method: 'POST', body: input }),
  );

/** Refreshes only the list: refetching the deleted user's own page would just answer 404. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>('/jpanel/users/destroy', { method: 'POST', body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list(), refetchType: 'all' }),
  });
}

export const useRegenerateApiToken = () =>
  useUserMutation((id: number) => api<{ api_token: string }>(`/jpanel/users/${id}/regenerate-key`, { method: 'POST' }));

export const useDisableUserTwoFactor = () =>
  useUserMutation((id: number) =>
    api<{ message: string }>(`/jpanel/users/${id}/two-factor-authentication`, { method: 'DELETE' }),
  );
