import { type DuplicateCandidate, type DuplicateSupporter, duplicateMessages, formatDateTime } from '@almoner/contracts';
import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListTable, type ListTableColumn } from '../../components/data-table/list-table.tsx';
import { Pager } from '../../components/data-table/pager.tsx';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { duplicateKeys, isScanning, useDismiss, useDuplicates, useScan, useStartScan } from './api.ts';
import { ReasonBadges, ScoreText } from './duplicate-parts.tsx';

/** One side of a pair: the name, then what identifies the person. */
function Person({ who }: { who: DuplicateSupporter }) {
  const lines = [who.email ?? '', [who.phone, who.address].filter(Boolean).join(' · ')].filter((line) => line !== '');
  return (
    <Stack gap={0} miw={0}>
      <Anchor component={Link} to={`/supporters/${who.id}`} size="sm" fw={500}>
        {who.display_name}
      </Anchor>
      {lines.map((line) => (
        <Text key={line} size="xs" c="dimmed" truncate title={line}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** The scan button, and while a scan runs its progress; the list reloads when it ends. */
function ScanControl({ running }: { running: number | null }) {
  const queryClient = useQueryClient();
  const start = useStartScan();
  const [started, setStarted] = useState<number | null>(null);
  // Each scan's end is told once, whichever poll sees it first.
  const told = useRef(new Set<number>());
  const scanId = started ?? running;
  const scan = useScan(scanId, (done) => {
    if (told.current.has(done.id)) return;
    told.current.add(done.id);
    if (done.status === 'failed') toast.error('The scan for duplicates failed. Try again.');
    else toast.success(`Scan complete: ${done.found} possible ${done.found === 1 ? 'duplicate' : 'duplicates'} found.`);
    void queryClient.invalidateQueries({ queryKey: duplicateKeys.lists });
  });
  const active = scanId !== null && (scan.data === undefined || isScanning(scan.data));

  const run = async () => {
    try {
      const result = await start.mutateAsync();
      setStarted(result.data.id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Group gap="sm" wrap="nowrap">
      {active && (
        <Group gap={6} wrap="nowrap" w={200}>
          <Progress value={scan.data?.progress ?? 0} animated style={{ flex: 1 }} aria-label="Scan progress" />
          <Text size="xs" c="dimmed" w={32}>
            {scan.data?.progress ?? 0}%
          </Text>
        </Group>
      )}
      <Button leftSection={<IconScan size={16} />} loading={start.isPending} disabled={active} onClick={() => void run()}>
        {active ? 'Scanning…' : 'Scan for duplicates'}
      </Button>
    </Group>
  );
}

function PairActions({ pair, canMerge }: { pair: DuplicateCandidate; canMerge: boolean }) {
  const dismiss = useDismiss();
  const names = `${pair.a.display_name} and ${pair.b.display_name}`;
  const ask = async () => {
    const ok = await confirm({
      title: 'Not a duplicate?',
      message: `${names} will no longer be proposed as duplicates. Both supporters stay as they are.`,
      confirmLabel: 'Dismiss',
      danger: true,
    });
    if (!ok) return;
    try {
      toast.success((await dismiss.mutateAsync(pair.id)).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button component={Link} to={`/supporters/duplicates/${pair.id}`} size="xs" variant="light" aria-label={`${canMerge ? 'Review' : 'Compare'} ${names}`}>
        {canMerge ? 'Review' : 'Compare'}
      </Button>
      {canMerge && (
        <Button size="xs" variant="default" loading={dismiss.isPending} onClick={() => void ask()} aria-label={`Dismiss ${names}`}>
          Dismiss
        </Button>
      )}
    </Group>
  );
}

/** The pairs as a list: a table on a wide screen, a card each on a phone (the server pages and orders them). */
const pairColumns = (canMerge: boolean): ListTableColumn<DuplicateCandidate>[] => [
  { header: 'Supporter', card: 'title', cell: (pair) => <Person who={pair.a} /> },
  { header: 'Possible duplicate', cell: (pair) => <Person who={pair.b} /> },
  { header: 'Why', cell: (pair) => <ReasonBadges reasons={pair.reasons} /> },
  { header: 'Confidence', align: 'right', card: 'amount', cell: (pair) => <ScoreText score={pair.score} /> },
  { header: 'Actions', hideHeader: true, cell: (pair) => <PairActions pair={pair} canMerge={canMerge} /> },
];

/** Possible duplicate supporters (issue 16 item 6), most likely first, with the scan that finds them. */
export function DuplicateListPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useDuplicates(page);
  const data = list.data;
  const scan = data?.scan ?? null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Duplicate supporters</Title>
          <Text size="sm" c="dimmed">
            {scan?.finished_at
              ? `Last scan ${formatDateTime(scan.finished_at)}${scan.status === 'failed' ? ' (failed)' : `: ${scan.found} found`}.`
              : 'Pairs of supporters that look like the same person, most likely first.'}
          </Text>
        </Stack>
        {data?.can_merge && <ScanControl running={isScanning(scan) ? (scan?.id ?? null) : null} />}
      </Group>
      {list.isError && (
        <Alert color="red" title="The duplicates could not be loaded">
          {list.error.message}
        </Alert>
      )}
      {list.isPending && <Loader size="sm" aria-label="Loading duplicates" />}
      {data && (
        <ListTable
          label="Possible duplicates"
          columns={pairColumns(data.can_merge)}
          rows={data.data}
          rowData={(pair) => ({ 'data-candidate': String(pair.id) })}
          empty={data.can_merge ? duplicateMessages.empty : 'No duplicate candidates.'}
        />
      )}
      {data && data.total > data.page_size && (
        <Pager page={page} pageSize={data.page_size} shown={data.data.length} total={data.total} capped={false} onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
      )}
    </Stack>
  );
}
