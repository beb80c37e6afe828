import { JOB_LIST_PAGE_SIZE, JOBS_DEFAULT_SORT, type JobFilter, type JobListRow, type JobState, type ListingRow, formatDateTime, jobListColumns, jobStateLabels } from '@almoner/contracts';
import { Badge, Button, Group, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEditionFlags } from '../../app/edition.ts';
import { DataTable, DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { listingKeys } from '../../components/data-table/use-listing.ts';
import { toast } from '../../components/toast.ts';
import { ApiError, api } from '../../lib/api.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';

type Row = ListingRow & JobListRow;
const ENDPOINT = '/jpanel/jobs.listing';
/** Progress moves while a job runs: the page asks again every few seconds. */
const REFRESH_MS = 3000;

const which: { value: JobFilter | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'running', label: 'Running' },
  { value: 'failed', label: 'Failed' },
  { value: 'finished', label: 'Finished' },
];

const stateColor: Record<JobState, string> = { created: 'gray', retry: 'orange', active: 'blue', completed: 'teal', cancelled: 'gray', failed: 'red' };

/** Queue names read as words: mail_send → Mail send. */
const jobName = (queue: string) => queue.charAt(0).toUpperCase() + queue.slice(1).replaceAll('_', ' ');

function JobProgress({ job }: { job: Row }) {
  const value = job.state === 'completed' ? 100 : (job.progress ?? 0);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={value} w={120} color={job.state === 'failed' ? 'red' : 'blue'} aria-label={`${jobName(job.queue)} progress`} />
      <Text size="sm">{value}%</Text>
    </Group>
  );
}

function JobFilters({ values, onChange }: FilterFormProps) {
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <SegmentedControl
        aria-label="Which jobs"
        data={which}
        value={one(values.status) ?? 'all'}
        onChange={(value) => onChange({ ...values, status: value === 'all' ? undefined : value })}
      />
      <DateRangeFilter label="Queued" from={one(values.from)} to={one(values.to)} onChange={(from, to) => onChange({ ...values, from, to })} />
    </FilterPanel>
  );
}

function useRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/jpanel/jobs/${id}/retry`, { method: 'POST' }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: listingKeys.all(ENDPOINT) });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : String(error)),
  });
}

/**
 * Background jobs (issue 7 item 1): waiting, running, failed and finished jobs with progress,
 * the attempt they are on and a failed job's error, refreshed every few seconds; a failed job
 * can be run again. On the server listing like every other list (issue 41).
 */
export function JobsPage() {
  const flags = useEditionFlags();
  const hidden = useHiddenColumns();
  const retry = useRetry();
  const render: Partial<Record<string, (row: Row) => ReactNode>> = {
    queue: (job) => jobName(job.queue),
    state: (job) => (
      <Badge color={stateColor[job.state]} variant="light">
        {jobStateLabels[job.state]}
      </Badge>
    ),
    progress: (job) => <JobProgress job={job} />,
    attempts: (job) => `${job.attempts} of ${job.retry_limit + 1}`,
    created_at: (job) => formatDateTime(job.created_at),
    completed_at: (job) => (job.completed_at ? formatDateTime(job.completed_at) : ''),
    error: (job) =>
      job.error && (
        <Text size="sm" c="red.9" maw={320} style={{ overflowWrap: 'anywhere' }}>
          {job.error}
        </Text>
      ),
    actions: (job) =>
      job.state === 'failed' && (
        <Button size="xs" variant="light" loading={retry.isPending && retry.variables === job.id} onClick={() => retry.mutate(job.id)} aria-label={`Retry ${jobName(job.queue)} job queued ${formatDateTime(job.created_at)}`}>
          Retry
        </Button>
      ),
  };
  return (
    <Stack gap="md">
      <Title order={2}>Background jobs</Title>
      <SavedViews list="jobs" columns={jobListColumns} />
      <DataTable<Row>
        endpoint={ENDPOINT}
        exports={{ job: { list: 'jobs' } }}
        columns={jobListColumns}
        flags={flags}
        pageSize={JOB_LIST_PAGE_SIZE}
        defaultOrder={JOBS_DEFAULT_SORT}
        render={render}
        filters={(props) => <JobFilters {...props} />}
        hiddenColumns={hidden}
        refreshEvery={REFRESH_MS}
        searchLabel="Search jobs and errors"
        emptyText="No jobs match."
        rowLabel={(job) => `${jobName(job.queue)} job queued ${formatDateTime(job.created_at)}`}
      />
    </Stack>
  );
}
