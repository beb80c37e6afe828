import type { MyTaskCounts, Task, TaskAnswer, TaskCreate, TasksPage, TaskUpdate } from '@almoner/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: Record<string, string>) => ['tasks', 'list', query] as const,
  counts: ['tasks', 'counts'] as const,
  assignees: ['tasks', 'assignees'] as const,
};

export type TaskFilter = { mine?: boolean; overdue?: boolean; supporter_id?: number; status?: 'open' | 'completed' | 'all'; page?: number };

const toQuery = (f: TaskFilter): Record<string, string> =>
  Object.fromEntries(Object.entries(f).flatMap(([k, v]) => (v === undefined || v === false ? [] : [[k, v === true ? '1' : String(v)]])));

export function useTasks(filter: TaskFilter) {
  const query = toQuery(filter);
  return useQuery({
    queryKey: taskKeys.list(query),
    queryFn: () => api<TasksPage>(`/jpanel/tasks.json?${new URLSearchParams(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** The shell's count of the signed-in user's open tasks. */
export function useMyTaskCounts(enabled: boolean) {
  return useQuery({ queryKey: taskKeys.counts, queryFn: () => api<MyTaskCounts>('/jpanel/tasks/counts.json'), enabled, staleTime: 30_000 });
}

export function useAssignees(enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.assignees,
    queryFn: () => api<{ data: { id: number; name: string }[] }>('/jpanel/tasks/assignees.json'),
    enabled,
    staleTime: 60_000,
  });
}

/** Adds a task (id null) or changes, completes or reopens one; every task list and the count refresh. */
export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TaskCreate | TaskUpdate }) =>
      api<TaskAnswer>(id === null ? '/jpanel/tasks' : `/jpanel/tasks/${id}`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export type { Task };
