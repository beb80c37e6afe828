import { formatAmount, formatDate, type BatchSummary } from '@almoner/contracts';
import { Anchor, Badge, Button, Card, Center, Group, Loader, Pagination, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useBatches } from './api.ts';
import { NewBatchModal } from './new-batch-modal.tsx';

const views = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
] as const;
type View = (typeof views)[number]['value'];

/** "Gift batches": the deposits being keyed (open) and those posted (closed), with their figures. State lives in the URL. */
export function BatchesPage() {
  const [params, setParams] = useSearchParams();
  const view: View = views.find((v) => v.value === params.get('status'))?.value ?? 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const batches = useBatches(view, page);
  const [adding, setAdding] = useState(false);
  const set = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ page: null, ...change })) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const lastPage = batches.data ? Math.max(1, Math.ceil(batches.data.total / batches.data.per_page)) : 1;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Gift batches</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          New batch
        </Button>
      </Group>
      <SegmentedControl aria-label="Which batches" data={[...views]} value={view} onChange={(v) => set({ status: v === 'open' ? null : v })} w="fit-content" />
      {batches.isPending && (
        <Center h={120}>
          <Loader aria-label="Loading batches" />
        </Center>
      )}
      {batches.error && <LoadErrorAlert error={batches.error} />}
      {batches.data?.total === 0 && (
        <Text c="dimmed" py="md">
          {view === 'open' ? 'No open batches. Start one for the cheques and cash of a deposit.' : 'No batches yet.'}
        </Text>
      )}
      {batches.data && batches.data.total > 0 && (
        <>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Batch</Table.Th>
                  <Table.Th>Deposit date</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Gifts</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Created by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {batches.data.data.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/batches/${b.id}`} size="sm">
                        {b.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDate(b.deposit_date)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={b.status} />
                    </Table.Td>
                    <Table.Td ta="right">{`${b.entered.count} of ${b.expected.count}`}</Table.Td>
                    <Table.Td ta="right">{`${formatAmount(b.entered.total, b.currency_code)} of ${formatAmount(b.expected.total, b.currency_code)}`}</Table.Td>
                    <Table.Td>{b.created_by?.name ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="sm" hiddenFrom="sm">
            {batches.data.data.map((b) => (
              <BatchCard key={b.id} batch={b} />
            ))}
          </Stack>
        </>
      )}
      {lastPage > 1 && (
        <Group justify="center">
          <Pagination total={lastPage} value={page} onChange={(p) => set({ page: String(p) })} aria-label="Batch pages" />
        </Group>
      )}
      <NewBatchModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

export function StatusBadge({ status }: { status: BatchSummary['status'] }) {
  return (
    <Badge variant="light" color={status === 'open' ? 'blue' : 'gray'}>
      {status === 'open' ? 'Open' : 'Closed'}
    </Badge>
  );
}

function BatchCard({ batch: b }: { batch: BatchSummary }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={`/batches/${b.id}`} fw={600}>
          {b.name}
        </Anchor>
        <StatusBadge status={b.status} />
      </Group>
      <Text size="sm">{formatDate(b.deposit_date)}</Text>
      <Text size="sm" c="dimmed">
        {`${b.entered.count} of ${b.expected.count} gifts · ${formatAmount(b.entered.total, b.currency_code)} of ${formatAmount(b.expected.total, b.currency_code)}`}
      </Text>
    </Card>
  );
}
