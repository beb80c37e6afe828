import { formatAmount, formatDate, type BatchSummary } from '@almoner/contracts';
import { Anchor, Badge, Button, Center, Group, Loader, Pagination, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListTable, type ListTableColumn } from '../../components/data-table/list-table.tsx';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useBatches } from './api.ts';
import { NewBatchModal } from './new-batch-modal.tsx';

const views = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
] as const;
type View = (typeof views)[number]['value'];

/** The batches as a list: a table on a wide screen, a card each on a phone (the server pages them). */
const batchColumns: ListTableColumn<BatchSummary>[] = [
  {
    header: 'Batch',
    card: 'title',
    cell: (b) => (
      <Anchor component={Link} to={`/batches/${b.id}`} size="sm">
        {b.name}
      </Anchor>
    ),
  },
  { header: 'Deposit date', card: 'date', cell: (b) => formatDate(b.deposit_date) },
  { header: 'Status', card: 'status', cell: (b) => <StatusBadge status={b.status} /> },
  { header: 'Gifts', align: 'right', cell: (b) => `${b.entered.count} of ${b.expected.count}` },
  { header: 'Total', align: 'right', card: 'amount', cell: (b) => `${formatAmount(b.entered.total, b.currency_code)} of ${formatAmount(b.expected.total, b.currency_code)}` },
  { header: 'Created by', cell: (b) => b.created_by?.name ?? '—' },
];

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
      {batches.data && (
        <ListTable
          label="Gift batches"
          columns={batchColumns}
          rows={batches.data.data}
          rowHref={(b) => `/batches/${b.id}`}
          empty={view === 'open' ? 'No open batches. Start one for the cheques and cash of a deposit.' : 'No batches yet.'}
        />
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
