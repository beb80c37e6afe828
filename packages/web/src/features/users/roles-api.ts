import type { Role, RoleInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { userKeys } from './api.ts';

export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
};

export function useRoles(enabled = true) {
  return useQuery({ queryKey: roleKeys.list(), queryFn: () => api<{ data: Role[] }>('/jpanel/roles.json'), enabled });
}

export function useRole(id: number | null) {
  return useQuery({ queryKey: roleKeys.detail(id ?? 0), queryFn: () => api<Role>(`/jpanel/roles/${id}`), enabled: id !== null });
}

/** A role's change changes what its users may do: their pages and histories are refreshed too. */
function useInvalidateRoles() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['history', 'roles'] }),
    ]);
  };
}

export function useSaveRole(id: number | null) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (input: RoleInput) => api<Role>(id === null ? '/jpanel/roles' : `/jpanel/roles/${id}`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/jpanel/roles/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.list(), refetchType: 'all' }),
  });
}

