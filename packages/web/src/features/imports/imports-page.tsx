import { formatDateTime } from '@almoner/contracts';
import { Alert, Button, Center, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ImportPhotosLink } from '../sponsee-photos/import-photos-link.tsx';
import { SCREEN_KINDS, useImports } from './api.ts';
import { countsText, failureHelp, kindLabel, OutcomeLinks, StatusBadge, UndoButton } from './job-result.tsx';

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
      ) : list.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No imports yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Rows</Table.Th>
                <Table.Th>Files</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>{formatDateTime(job.created_at)}</Table.Td>
                  <Table.Td>{kindLabel(job.kind)}</Table.Td>
                  <Table.Td>{job.filename ?? '—'}</Table.Td>
                  <Table.Td>
                    <StatusBadge job={job} />
                  </Table.Td>
                  <Table.Td>
                    {job.status === 'failed' ? (
                      <Stack gap={2}>
                        {job.message && <Text size="sm">{job.message}</Text>}
                        <Text size="sm">
                          {failureHelp(job).outcome} {failureHelp(job).next}
                        </Text>
                      </Stack>
                    ) : (
                      <Text size="sm">{job.status === 'completed' || job.status === 'undone' ? countsText(job) : `${job.progress}%`}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <OutcomeLinks job={job} />
                  </Table.Td>
                  <Table.Td>
                    <UndoButton job={job} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
