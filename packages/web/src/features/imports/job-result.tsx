import { IMPORT_KIND_LABELS, type ImportJobView, type SpreadsheetImportKind } from '@almoner/contracts';
import { Alert, Anchor, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { outcomeUrl, useUndoImport } from './api.ts';

export const kindLabel = (kind: string) => IMPORT_KIND_LABELS[kind as SpreadsheetImportKind] ?? kind;

const statusColor: Record<ImportJobView['status'], string> = { acknowledged: 'gray', processing: 'blue', completed: 'green', failed: 'red', undone: 'gray' };
const statusLabel: Record<ImportJobView['status'], string> = { acknowledged: 'Acknowledged', processing: 'Running', completed: 'Completed', failed: 'Failed', undone: 'Undone' };

export function StatusBadge({ job }: { job: ImportJobView }) {
  return (
    <Badge color={statusColor[job.status]} variant="light" miw="max-content">
      {job.dry_run ? `Dry run · ${statusLabel[job.status]}` : statusLabel[job.status]}
    </Badge>
  );
}

export const countsText = (job: ImportJobView) =>
  `${job.dry_run ? 'Would create' : 'Created'} ${job.counts.created}, updated ${job.counts.updated}, skipped ${job.counts.skipped}, rejected ${job.counts.rejected}`;

/** Downloads of a finished job: the per-row outcome file, and the rejected rows alone. */
export function OutcomeLinks({ job }: { job: ImportJobView }) {
  if (job.status !== 'completed' && job.status !== 'undone') return null;
  const what = `${kindLabel(job.kind).toLowerCase()} import ${job.id}`;
  return (
    <Group gap="md">
      {job.counts.rejected > 0 && (
        <Anchor href={outcomeUrl(job.id, true)} download size="sm" c="dark.7" underline="always" aria-label={`Download rejected rows of ${what}`}>
          Download rejected rows
        </Anchor>
      )}
      <Anchor href={outcomeUrl(job.id, false)} download size="sm" c="dark.7" underline="always" aria-label={`Download outcome file of ${what}`}>
        Download outcome file
      </Anchor>
    </Group>
  );
}

/** Undo a whole import: asks first, Cancel focused (it removes what the import created). */
export function UndoButton({ job }: { job: ImportJobView }) {
  const undo = useUndoImport();
  if (!job.undoable) return null;
  const run = async () => {
    const ok = await confirm({
      title: 'Undo this import?',
      message: `This removes the ${job.counts.created} records this import created and puts back the ${job.counts.updated} it updated.`,
      confirmLabel: 'Undo import',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!ok) return;
    try {
      const done = await undo.mutateAsync(job.id);
      toast.success(done.message ?? 'The import was undone.');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Button size="xs" variant="light" color="red" loading={undo.isPending} onClick={() => void run()} aria-label={`Undo import ${job.id} (${kindLabel(job.kind).toLowerCase()})`}>
      Undo import
    </Button>
  );
}

/** What became of a failed job's rows and what to do next, in the list and on the import screen. */
export function failureHelp(job: ImportJobView): { outcome: string; next: string } {
  const written = job.counts.created + job.counts.updated;
  const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
  if (written > 0) {
    return {
      outcome: `${rows(written)} of ${job.total_rows} were imported before it stopped; the rest were not.`,
      next: 'Check what it imported, then import the remaining rows again.',
    };
  }
  return {
    outcome: job.total_rows > 0 ? `None of its ${rows(job.total_rows)} were imported.` : 'Nothing was imported.',
    next: 'Check the file and import it again. If it fails again, the Jobs page shows the error to pass on to your administrator.',
  };
}

function FailedJob({ job }: { job: ImportJobView }) {
  const help = failureHelp(job);
  return (
    <Alert color="red" title={`The ${kindLabel(job.kind).toLowerCase()} import failed`}>
      <Stack gap={4}>
        {job.message && <Text size="sm">{job.message}</Text>}
        <Text size="sm">{help.outcome}</Text>
        <Text size="sm">{help.next}</Text>
      </Stack>
    </Alert>
  );
}

/** A job in progress (10 % acknowledged → 100 %), then its end: counts and files, or the failure. */
export function JobResult({ job }: { job: ImportJobView }) {
  if (job.status === 'acknowledged' || job.status === 'processing') {
    return (
      <Stack gap={4}>
        <Text size="sm">{job.dry_run ? 'Checking what the import would do…' : 'Importing…'}</Text>
        <Group gap={6} wrap="nowrap">
          <Progress value={job.progress} animated style={{ flex: 1 }} aria-label="Import progress" />
          <Text size="xs" c="dimmed">
            {job.progress}%
          </Text>
        </Group>
      </Stack>
    );
  }
  if (job.status === 'failed') return <FailedJob job={job} />;
  return (
    <Alert color={job.status === 'undone' ? 'gray' : 'green'} title={job.status === 'undone' ? 'Import undone' : job.dry_run ? 'Dry run complete: nothing was written' : 'Import complete'}>
      <Stack gap="xs">
        <Text size="sm" data-testid="import-counts">
          {countsText(job)}.
        </Text>
        {job.message && job.message !== `${countsText(job)}.` && <Text size="sm">{job.message}</Text>}
        <Group justify="space-between">
          <OutcomeLinks job={job} />
          <UndoButton job={job} />
        </Group>
      </Stack>
    </Alert>
  );
}
