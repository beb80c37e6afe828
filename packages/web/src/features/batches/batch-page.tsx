import { batchDifference, type BatchDetail, batchPaymentTypeLabels, contributionNumber, formatAmount, formatDate, formatDateTime } from '@almoner/contracts';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconLock, IconLockOpen, IconPencil, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useState } from 'react';
import { WithOrgToday } from '../../app/with-org-today.tsx';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { RecordHistory } from '../audit/record-history.tsx';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useBatch, useBatchAction, useDesignations } from './api.ts';
import { BatchGrid } from './batch-grid.tsx';
import { EditBatchModal } from './edit-batch-modal.tsx';
import { StatusBadge } from './batches-page.tsx';

/** One batch: its figures against the deposit's, the grid while open, the posted gifts and the slip once closed. */
export function BatchPage() {
  const id = Number(useParams().id);
  const batch = useBatch(id);
  const designations = useDesignations();
  if (batch.isPending || designations.isPending) {
    return (
      <Center h={160}>
        <Loader aria-label="Loading batch" />
      </Center>
    );
  }
  if (batch.error) return <LoadErrorAlert error={batch.error} />;
  if (designations.error) return <LoadErrorAlert error={designations.error} />;
  return <BatchScreen batch={batch.data} designations={designations.data} />;
}

function BatchScreen({ batch, designations }: { batch: BatchDetail; designations: NonNullable<ReturnType<typeof useDesignations>['data']> }) {
  const action = useBatchAction(batch.id);
  const difference = batchDifference(batch);
  const money = (v: number) => formatAmount(v, batch.currency_code);
  const open = batch.status === 'open';
  const [editing, setEditing] = useState(false);

  const handleClose = async () => {
    if (!(await confirm({ title: 'Close batch', message: `Post all ${batch.entered.count} gifts of ${batch.name} (${money(batch.entered.total)})? They are recorded as contributions, with payments and receipts.`, confirmLabel: 'Close and post' }))) return;
    action.mutateAsync({ kind: 'close' }).then((a) => toast.success(a.message), (e: unknown) => toast.error(e instanceof Error ? e.message : 'The batch could not be closed.'));
  };
  const handleReopen = async () => {
    if (!(await confirm({ title: 'Reopen batch', message: `Reopen ${batch.name}? Its ${batch.entered.count} posted gifts are deleted (with history) and posted again when it is closed.`, confirmLabel: 'Reopen' }))) return;
    action.mutateAsync({ kind: 'reopen' }).then((a) => toast.success(a.message), (e: unknown) => toast.error(e instanceof Error ? e.message : 'The batch could not be reopened.'));
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/batches" size="sm">
        ← Gift batches
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{batch.name}</Title>
            <StatusBadge status={batch.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {`Deposit date ${formatDate(batch.deposit_date)} · ${batch.currency_code}`}
            {batch.closed_at && ` · Closed ${formatDateTime(batch.closed_at)}${batch.closed_by ? ` by ${batch.closed_by.name}` : ''}`}
          </Text>
        </Stack>
        <Group gap="sm">
          {open && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit details
            </Button>
          )}
          {open ? (
            <Button leftSection={<IconLock size={16} />} onClick={() => void handleClose()} loading={action.isPending && action.variables.kind === 'close'}>
              Close batch
            </Button>
          ) : (
            <>
              <Button component={Link} to={`/batches/${batch.id}/deposit-slip`} variant="default" leftSection={<IconPrinter size={16} />}>
                Printable deposit slip
              </Button>
              <Button component="a" href={`/jpanel/batches/${batch.id}/deposit-slip.pdf`} target="_blank" variant="default" leftSection={<IconFileTypePdf size={16} />}>
                Deposit slip (PDF)
              </Button>
              <Button variant="default" color="red" leftSection={<IconLockOpen size={16} />} onClick={() => void handleReopen()} loading={action.isPending}>
                Reopen
              </Button>
            </>
          )}
        </Group>
      </Group>

      <EditBatchModal batch={batch} opened={editing} onClose={() => setEditing(false)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Figure label="Gifts" entered={String(batch.entered.count)} expected={String(batch.expected.count)} />
        <Figure label="Total" entered={money(batch.entered.total)} expected={money(batch.expected.total)} />
      </SimpleGrid>
      {open && (
        <Alert color={difference ? 'yellow' : 'green'} variant="light" role="status" aria-live="polite">
          {difference ?? 'The count and total match the deposit: the batch can be closed.'}
        </Alert>
      )}

      {open ? (
        <>
          <Text size="sm" c="dimmed">
            Enter moves to the next field; Enter on the note saves the gift and starts the next one.
          </Text>
          <WithOrgToday>{(today) => <BatchGrid batch={batch} designations={designations} today={today} />}</WithOrgToday>
        </>
      ) : (
        <PostedGifts batch={batch} />
      )}
      <RecordHistory table="gift_batches" id={batch.id} />
    </Stack>
  );
}

function Figure({ label, entered, expected }: { label: string; entered: string; expected: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} size="lg">
        {entered}
        <Text span c="dimmed" size="sm" fw={400}>{` of ${expected} expected`}</Text>
      </Text>
    </Paper>
  );
}

function PostedGifts({ batch }: { batch: BatchDetail }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label="Gifts in this batch">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Supporter</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Cheque no.</Table.Th>
            <Table.Th>Fund</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th>Contribution</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batch.gifts.map((g, i) => (
            <Table.Tr key={g.id}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{g.supporter ? <Anchor component={Link} to={`/supporters/${g.supporter.id}`} size="sm">{g.supporter.name}</Anchor> : 'Anonymous'}</Table.Td>
              <Table.Td ta="right">{formatAmount(g.amount, batch.currency_code)}</Table.Td>
              <Table.Td>{batchPaymentTypeLabels[g.payment_type]}</Table.Td>
              <Table.Td>{g.check_number ?? '—'}</Table.Td>
              <Table.Td>{g.designation}</Table.Td>
              <Table.Td>{formatDate(g.received_on)}</Table.Td>
              <Table.Td>
                {g.contribution_id ? (
                  <Anchor component={Link} to={`/contributions/${g.contribution_id}`} size="sm">
                    {contributionNumber(g.contribution_id)}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
