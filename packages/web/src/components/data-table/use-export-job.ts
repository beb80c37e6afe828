import type { ExportStatus } from '@almoner/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { toast } from '../toast.ts';
import type { ListingParams } from './use-listing.ts';

/**
 * A background export of every row the list shows now (its filters, search and sort; no cap):
 * `start` queues the job, then its status is polled until it is done or failed.
 */
export function useExportJob(list: string | undefined, params: ListingParams) {
  const [id, setId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const status = useQuery({
    queryKey: ['list-export', id],
    queryFn: () => api<ExportStatus>(`/jpanel/exports/${id}`),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && ['done', 'failed'].includes(query.state.data.state) ? false : 1000,
  });

  const start = async () => {
    if (!list) return;
    setStarting(true);
    try {
      const body = {
        list,
        params: { order: params.order, search: { value: params.search }, ...params.filters },
      };
      setId((await api<ExportStatus>('/jpanel/exports', { method: 'POST', body })).id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setStarting(false);
    }
  };

  const current = status.data;
  const running =
    id !== null && (!current || current.state === 'waiting' || current.state === 'running');
  return { start, starting, running, current };
}
