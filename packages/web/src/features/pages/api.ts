import type { EditorTemplate, Page, PageEditorOptions, PageInput, PageRow, TemplateKind } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const pageKeys = {
  all: ['pages'] as const,
  list: () => ['pages', 'list'] as const,
  detail: (id: number) => ['pages', 'detail', id] as const,
  options: () => ['pages', 'editor-options'] as const,
  templates: (kind: TemplateKind) => ['templates', kind] as const,
};

export const usePages = () => useQuery({ queryKey: pageKeys.list(), queryFn: () => api<{ data: PageRow[] }>('/jpanel/pages.json') });
export const usePage = (id: number | null) => useQuery({ queryKey: pageKeys.detail(id ?? 0), queryFn: () => api<Page>(`/jpanel/pages/${id}.json`), enabled: id !== null });
export const useEditorOptions = () => useQuery({ queryKey: pageKeys.options(), queryFn: () => api<PageEditorOptions>('/jpanel/pages/editor-options.json'), staleTime: 60_000 });
export const useTemplates = (kind: TemplateKind) =>
  useQuery({ queryKey: pageKeys.templates(kind), queryFn: () => api<{ data: EditorTemplate[] }>(`/jpanel/templates.json?kind=${kind}`), staleTime: 300_000 });

/** Every page call answers the whole page (revisions included); the editor's cache takes it as is. */
function usePageCall<Body>(path: (body: Body) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api<Page>(path(body), { method: 'POST', body }),
    onSuccess: (page) => {
      queryClient.setQueryData(pageKeys.detail(page.id), page);
      void queryClient.invalidateQueries({ queryKey: pageKeys.list() });
    },
  });
}

export const useSavePage = (id: number | null) => usePageCall<PageInput & { id?: number | undefined }>(() => (id === null ? '/jpanel/pages' : '/jpanel/pages/update'));
export const useRestoreRevision = () => usePageCall<{ id: number; revision_id: number }>(() => '/jpanel/pages/restore');
export const useDeleteRevision = () => usePageCall<{ id: number; revision_id: number }>(() => '/jpanel/pages/revisions/destroy');

export function useAutosavePage() {
  return useMutation({ mutationFn: (body: PageInput & { id: number }) => api<{ success: true; saved: boolean }>('/jpanel/pages/autosave', { method: 'POST', body }) });
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ success: true }>('/jpanel/pages/destroy', { method: 'POST', body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageKeys.list(), refetchType: 'all' }),
  });
}
