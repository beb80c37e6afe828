import type { Tag, TagInput } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { historyKeys } from '../audit/api.ts';

export const tagKeys = {
  all: ['tags'] as const,
  list: ['tags', 'list'] as const,
  supporter: (id: number) => ['tags', 'supporter', id] as const,
};

export function useTags(enabled = true) {
  return useQuery({ queryKey: tagKeys.list, queryFn: () => api<{ data: Tag[] }>('/jpanel/tags.json'), enabled });
}

export function useSupporterTags(supporterId: number) {
  return useQuery({ queryKey: tagKeys.supporter(supporterId), queryFn: () => api<{ data: Tag[] }>(`/jpanel/supporters/${supporterId}/tags.json`) });
}

/**
 * A tag change can reach many supporters (a rename or a merge shows in each one's history), so
 * every tag query and every open supporter history refreshes.
 */
function useTagChange<V>(mutationFn: (v: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: tagKeys.all }), queryClient.invalidateQueries({ queryKey: historyKeys.supporters })]);
    },
  });
}

export const useSaveTag = () =>
  useTagChange(({ id, body }: { id: number | null; body: TagInput }) =>
    api<{ message: string; tag: Tag }>(id === null ? '/jpanel/tags' : `/jpanel/tags/${id}`, { method: 'POST', body }),
  );

export const useMergeTag = () =>
  useTagChange(({ id, into }: { id: number; into: number }) => api<{ message: string; tag: Tag }>(`/jpanel/tags/${id}/merge`, { method: 'POST', body: { into_tag_id: into } }));

export const useSetSupporterTags = (supporterId: number) =>
  useTagChange((tagIds: number[]) => api<{ message: string; data: Tag[] }>(`/jpanel/supporters/${supporterId}/tags`, { method: 'POST', body: { tag_ids: tagIds } }));
