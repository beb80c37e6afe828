import type { ImportField, ImportJobView, ImportMatchMode, ImportSubmit, SegmentRuleList, SpreadsheetImportKind } from '@almoner/contracts';
import { segmentRulesFromList } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * The kinds this server applies: all four of the spec (`POST /flatfile/imports/{kind}` answers 422 for any other).
 */
export const SCREEN_KINDS = ['supporters', 'sponsorships-timeline', 'sponsorships', 'contributions'] as const satisfies readonly SpreadsheetImportKind[];
export type ScreenKind = (typeof SCREEN_KINDS)[number];
export const isScreenKind = (v: string | undefined): v is ScreenKind => (SCREEN_KINDS as readonly string[]).includes(v ?? '');

export const importKeys = {
  all: ['imports'] as const,
  list: () => ['imports', 'list'] as const,
  job: (id: number) => ['imports', 'job', id] as const,
};

/** Field definitions; spec part 1 §2: an empty list when the fetch fails. */
export const useImportFields = (kind: SpreadsheetImportKind) =>
  useQuery({
    queryKey: ['imports', 'fields', kind],
    queryFn: () => api<ImportField[]>(`/flatfile/fields/${kind}`).catch((): ImportField[] => []),
    staleTime: Infinity,
  });

export const useSegmentRules = () =>
  useQuery({
    queryKey: ['imports', 'segments'],
    queryFn: async () => segmentRulesFromList(await api<SegmentRuleList>('/flatfile/field-rules/segments').catch((): SegmentRuleList => [])),
    staleTime: Infinity,
  });

export const useImports = () => useQuery({ queryKey: importKeys.list(), queryFn: () => api<{ data: ImportJobView[] }>('/flatfile/imports.json') });

const finished = (job: ImportJobView | undefined) => Boolean(job && ['completed', 'failed', 'undone'].includes(job.status));

/** A job, polled every second until it has finished one way or the other. */
export const useImportJob = (id: number | null) =>
  useQuery({
    queryKey: importKeys.job(id ?? 0),
    queryFn: () => api<ImportJobView>(`/flatfile/imports/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : 1000),
  });

type Submit = { kind: ScreenKind; filename: string; mode: ImportMatchMode; dryRun: boolean; rows: ImportSubmit['rows'] };

/**
 * The import service's two calls, made by the screen: stage the rows (acknowledged at 10 %),
 * then the webhook that queues the job. One reference per submit, so a retried request is the
 * same job.
 */
export const useSubmitImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, filename, mode, dryRun, rows }: Submit) => {
      const workbookId = crypto.randomUUID();
      await api<ImportJobView>(`/flatfile/imports/${kind}`, { method: 'POST', body: { external_reference: workbookId, filename, mode, dry_run: dryRun, rows } });
      return api<ImportJobView>(`/flatfile/webhook/${kind}`, { method: 'POST', body: { workbookId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.list() }),
  });
};

export const useUndoImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<ImportJobView>(`/flatfile/imports/${id}/undo`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
};

export const outcomeUrl = (id: number, rejectedOnly: boolean) => `/flatfile/imports/${id}/outcome.csv${rejectedOnly ? '?rejected=1' : ''}`;
