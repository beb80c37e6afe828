import type { YearEndDryRun, YearEndRequest, YearEndRun } from '@almoner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const runsKey = ['receipts', 'year-end-runs'] as const;

export const useYearEndDryRun = () =>
  useMutation({ mutationFn: (body: YearEndRequest) => api<YearEndDryRun>('/jpanel/tax_receipts/year_end/dry_run', { method: 'POST', body }) });

/** Recent runs; polled while one is queued or running, so its progress moves on screen. */
export function useYearEndRuns() {
  return useQuery({
    queryKey: runsKey,
    queryFn: () => api<{ data: YearEndRun[] }>('/jpanel/tax_receipts/year_end/runs.json'),
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false),
  });
}

export function useStartYearEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: YearEndRequest) => api<{ run: YearEndRun; message: string }>('/jpanel/tax_receipts/year_end/runs', { method: 'POST', body }),
    onSuccess: async () => {
      await Promise.all([runsKey, ['listing']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
