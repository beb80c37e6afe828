import { formatDateTime, type JobFilter, type JobList, type JobRow, jobStateLabels } from '@almoner/contracts';
import { Badge, Button, Center, Group, Loader, Pagination, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListTable } from '../../components/data-table/list-table.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError, api } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';

const filters: { value: JobFilter; label: string }[] = [
  { value: 'running', label: 'Running' },
  { value: 'failed', label: 'Failed' },
  { value: 'finished', label: 'Finished' },
];

const stateColor: Record<JobRow['state'], string> = { created: 'gray', retry: 'orange', active: 'blue', completed: 'teal', cancelled: 'gray', failed: 'red' };

/** Queue names read as words: mail_send → Mail send. */
const jobName = (queue: string) => queue.charAt(0).toUpperCase() + queue.slice(1).replaceAll('_', ' ');

function JobProgress({ job }: { job: JobRow }) {
  const value = job.state === 'completed' ? 100 : (job.progress ?? 0);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={value} w={120} color={job.state === 'failed' ? 'red' : 'blue'} aria-label={`${jobName(job.queue)} progress`} />
      <Text size="sm">{value}%</Text>
    </Group>
  );
}

/** Background jobs (issue 7 item 1): running, failed and finished jobs, refreshed every few seconds. */
export function JobsPage() {
  const [filter, setFilter] = useState<JobFilter>('running');
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: ['jobs', filter, page],
    queryFn: () => api<JobList>(`/jpanel/jobs.json?filter=${filter}&page=${page}`),
    placeholderData: keepPreviousData,
    refetchInterval: 3000,
  });
  const retry = useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/jpanel/jobs/${id}/retry`, { method: 'POST' }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : String(error)),
  });
  const pages = jobs.data ? Math.max(1, Math.ceil(jobs.data.total / jobs.data.page_size)) : 1;

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={2}>Background jobs</Title>
      <SegmentedControl
        w="fit-content"
        aria-label="Which jobs"
        data={filters}
        value={filter}
        onChange={(value) => {
          setFilter(value as JobFilter);
          setPage(1);
        }}
      />
      {jobs.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {jobs.isError ? (
        <LoadErrorAlert error={jobs.error} />
      ) : (
        jobs.data && (
          <ListTable<JobRow>
            label="Background jobs"
            rows={jobs.data.data}
            empty={`No ${filter} jobs.`}
            columns={[
              { header: 'Job', card: 'title', cell: (job) => jobName(job.queue) },
              {
                header: 'State',
                card: 'status',
                cell: (job) => (
                  <Badge color={stateColor[job.state]} variant="light">
                    {jobStateLabels[job.state]}
                  </Badge>
                ),
              },
              { header: 'Progress', cell: (job) => <JobProgress job={job} /> },
              { header: 'Attempts', cell: (job) => `${Math.min(job.retry_count + 1, job.retry_limit + 1)} of ${job.retry_limit + 1}` },
              { header: 'Queued', card: 'date', cell: (job) => formatDateTime(job.created_at) },
              {
                header: 'Error',
                cell: (job) =>
                  job.error && (
                    <Text size="sm" c="red.9" maw={320} style={{ overflowWrap: 'anywhere' }}>
                      {job.error}
                    </Text>
                  ),
              },
              {
                header: 'Actions',
                hideHeader: true,
                cell: (job) =>
                  job.state === 'failed' && (
                    <Button size="xs" variant="light" loading={retry.isPending && retry.variables === job.id} onClick={() => retry.mutate(job.id)} aria-label={`Retry ${jobName(job.queue)} job queued ${formatDateTime(job.created_at)}`}>
                      Retry
                    </Button>
                  ),
              },
            ]}
          />
        )
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
    </Stack>
  );
}
