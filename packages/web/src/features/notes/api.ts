import type { Note, NotesPage } from '@almoner/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const notesKey = (supporterId: number) => ['notes', supporterId] as const;

export function useNotes(supporterId: number, page: number, filter: string) {
  const query = new URLSearchParams({ page: String(page) });
  if (filter) query.set('filter[body]', filter);
  return useQuery({
    queryKey: [...notesKey(supporterId), page, filter],
    queryFn: () => api<NotesPage>(`/jpanel/api/v1/supporters/${supporterId}/comments?${query}`),
    placeholderData: keepPreviousData,
  });
}

type Answer = { data: Note; message: string };

/** Adds a note (id null) or changes one. */
export function useSaveNote(supporterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: string }) =>
      api<Answer>(id === null ? `/jpanel/api/v1/supporters/${supporterId}/comments` : `/jpanel/api/v1/comments/${id}`, { method: 'POST', body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKey(supporterId) }),
  });
}

export function useDeleteNote(supporterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/jpanel/api/v1/comments/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKey(supporterId) }),
  });
}
