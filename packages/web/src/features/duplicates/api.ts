import type { DuplicateCandidate, DuplicateList, DuplicateScan, Merge, MergeInput } from '@almoner/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const base = '/jpanel/api/v1/supporters';

export const duplicateKeys = {
  all: ['duplicates'] as const,
  lists: ['duplicates', 'list'] as const,
  list: (page: number) => ['duplicates', 'list', page] as const,
  candidate: (id: number) => ['duplicates', 'candidate', id] as const,
  scan: (id: number) => ['duplicates', 'scan', id] as const,
  merge: (id: number) => ['duplicates', 'merge', id] as const,
};

export const useDuplicates = (page: number) =>
  useQuery({
    queryKey: duplicateKeys.list(page),
    queryFn: () => api<DuplicateList>(`${base}/duplicates?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const useCandidate = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: duplicateKeys.candidate(id),
    queryFn: () => api<DuplicateCandidate>(`${base}/duplicates/${id}`),
    enabled,
    retry: false,
  });

export const isScanning = (scan: DuplicateScan | null | undefined) => Boolean(scan && (scan.status === 'queued' || scan.status === 'running'));

/** A scan, polled every second while it is queued or running; `onFinished` hears its end. */
export const useScan = (id: number | null, onFinished: (scan: DuplicateScan) => void) =>
  useQuery({
    queryKey: duplicateKeys.scan(id ?? 0),
    queryFn: async () => {
      const scan = await api<DuplicateScan>(`${base}/duplicates/scans/${id}`);
      if (!isScanning(scan)) onFinished(scan);
      return scan;
    },
    enabled: id !== null,
    refetchInterval: (query) => (!query.state.data || isScanning(query.state.data) ? 1000 : false),
  });

export const useStartScan = () =>
  useMutation({ mutationFn: () => api<{ data: DuplicateScan; message: string }>(`${base}/duplicates/scan`, { method: 'POST' }) });

export const useDismiss = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`${base}/duplicates/${id}/dismiss`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.all }),
  });
};

export const useMergeCandidate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: MergeInput }) =>
      api<{ data: Merge; message: string }>(`${base}/duplicates/${id}/merge`, { method: 'POST', body: input }),
    onSuccess: (result) => {
      queryClient.setQueryData(duplicateKeys.merge(result.data.id), result.data);
      return queryClient.invalidateQueries({ queryKey: duplicateKeys.lists });
    },
  });
};

export const useMerge = (id: number | null) =>
  useQuery({
    queryKey: duplicateKeys.merge(id ?? 0),
    queryFn: () => api<Merge>(`${base}/merges/${id}`),
    enabled: id !== null,
  });

export const useUndoMerge = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: Merge; message: string }>(`${base}/merges/${id}/undo`, { method: 'POST' }),
    onSuccess: (result) => {
      queryClient.setQueryData(duplicateKeys.merge(result.data.id), result.data);
      return queryClient.invalidateQueries({ queryKey: duplicateKeys.lists });
    },
  });
};
