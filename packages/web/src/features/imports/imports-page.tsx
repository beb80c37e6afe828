import { formatDateTime, type ImportJobView } from '@almoner/contracts';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListTable } from '../../components/data-table/list-table.tsx';
import { ImportPhotosLink } from '../sponsee-photos/import-photos-link.tsx';
import { SCREEN_KINDS, useImports } from './api.ts';
import { countsText, failureHelp, kindLabel, OutcomeLinks, StatusBadge, UndoButton } from './job-result.tsx';

/** What became of an import's rows: its counts, its progress, or why it failed and what to do. */
function RowsOutcome({ job }: { job: ImportJobView }) {
  if (job.status !== 'failed') {
    return <Text size="sm">{job.status === 'completed' || job.status === 'undone' ? countsText(job) : `${job.progress}%`}</Text>;
  }
  return (
    <Stack gap={2}>
      {job.message && <Text size="sm">{job.message}</Text>}
      <Text size="sm">
        {failureHelp(job).outcome} {failureHelp(job).next}
      </Text>
    </Stack>
  );
}

/** Imports: start one of each kind the server applies, and the past imports with their files and undo. */
export function ImportsPage() {
  const list = useImports();
  return (
    <Stack maw={1200}>
      <Title order={2}>Imports</Title>
      <Text size="sm" c="dimmed">
        Upload a CSV or XLSX spreadsheet, check every row here, then import it. Every import can be tried first as a dry run, and undone later as a whole.
      </Text>
      <Group>
        {SCREEN_KINDS.map((kind) => (
          <Button key={kind} component={Link} to={`/imports/${kind}`} leftSection={<IconFileImport size={16} />} variant="light">
            Import {kindLabel(kind).toLowerCase()}
          </Button>
        ))}
        <ImportPhotosLink />
      </Group>
      <Title order={3} size="h4">
        Past imports
      </Title>
      {list.isPending ? (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      ) : list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : (
        <ListTable<ImportJobView>
          label="Past imports"
          rows={list.data.data}
          empty="No imports yet."
          columns={[
            { header: 'Started', card: 'date', cell: (job) => formatDateTime(job.created_at) },
            { header: 'Kind', card: 'title', cell: (job) => kindLabel(job.kind) },
            { header: 'File', cell: (job) => job.filename ?? '—' },
            { header: 'Status', card: 'status', cell: (job) => <StatusBadge job={job} /> },
            { header: 'Rows', cell: (job) => <RowsOutcome job={job} /> },
            { header: 'Files', cell: (job) => <OutcomeLinks job={job} /> },
            { header: 'Actions', hideHeader: true, cell: (job) => <UndoButton job={job} /> },
          ]}
        />
      )}
    </Stack>
  );
}
