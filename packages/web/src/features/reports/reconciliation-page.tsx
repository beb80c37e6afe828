import { formatAmount, formatDate, type Reconciliation, type ReconciliationDay, type ReconciliationDifference } from '@almoner/contracts';
import { Alert, Anchor, Badge, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { DateRangeFilter } from '../../components/data-table/index.ts';
import { ListTable, type ListTableColumn } from '../../components/data-table/list-table.tsx';
import { api } from '../../lib/api.ts';
import { Stat } from './stat.tsx';

const PERMISSION = 'reports.payments_details';

const money = (value: number | null, currency: string) => (value === null ? '—' : formatAmount(value, currency));

type DayRow = ReconciliationDay & { id: string };
type DifferenceRow = ReconciliationDifference & { id: string };

const dayColumns: ListTableColumn<DayRow>[] = [
  { header: 'Day', card: 'title', cell: (d) => formatDate(d.day), sortValue: (d) => d.day },
  { header: 'Currency', cell: (d) => d.currency },
  { header: 'Gross', align: 'right', card: 'amount', cell: (d) => money(d.almoner.gross, d.currency) },
  { header: 'Refunds', align: 'right', cell: (d) => money(d.almoner.refunds, d.currency) },
  { header: 'Fees', align: 'right', cell: (d) => money(d.almoner.fees, d.currency) },
  { header: 'Net (Almoner)', align: 'right', cell: (d) => money(d.almoner.net, d.currency) },
  { header: 'Net (gateway)', align: 'right', cell: (d) => money(d.gateway.net, d.currency) },
  {
    header: 'Agrees',
    card: 'status',
    cell: (d) =>
      d.differences === 0 ? (
        <Badge color="green" variant="light">
          Agrees
        </Badge>
      ) : (
        <Badge color="red" variant="light">
          {d.differences === 1 ? '1 difference' : `${d.differences} differences`}
        </Badge>
      ),
    sortValue: (d) => d.differences,
  },
];

const differenceColumns: ListTableColumn<DifferenceRow>[] = [
  { header: 'Reference', card: 'title', cell: (d) => (d.url ? <Anchor component={Link} to={d.url.replace('/jpanel', '')}>{d.reference}</Anchor> : d.reference) },
  {
    header: 'What differs',
    card: 'status',
    cell: (d) => (
      <Badge color="red" variant="light">
        {d.reason}
      </Badge>
    ),
  },
  { header: 'Day', card: 'date', cell: (d) => formatDate(d.day) },
  { header: 'Kind', cell: (d) => (d.kind === 'payment' ? 'Payment' : 'Refund') },
  { header: 'Almoner', align: 'right', card: 'amount', cell: (d) => money(d.almoner_amount, d.currency) },
  { header: 'Gateway', align: 'right', cell: (d) => money(d.gateway_amount, d.currency) },
  { header: 'Fee (Almoner / gateway)', align: 'right', cell: (d) => (d.kind === 'payment' ? `${money(d.almoner_fee, d.currency)} / ${money(d.gateway_fee, d.currency)}` : '—') },
];

/** Net per currency over the range, one side: "$1,234.00 · CA$56.00". */
function netOf(days: ReconciliationDay[], side: 'almoner' | 'gateway'): string {
  const byCurrency = new Map<string, number>();
  for (const d of days) byCurrency.set(d.currency, Math.round(((byCurrency.get(d.currency) ?? 0) + d[side].net) * 100) / 100);
  return [...byCurrency].map(([currency, net]) => formatAmount(net, currency)).join(' · ') || '—';
}

/**
 * Reports › Reconciliation (issue 39): Almoner's ledger beside the payment gateway's own record,
 * per day and currency, with every payment or refund the two disagree on as a row that opens it.
 * The range lives in the address (`from`, `to`); the server's default is the last 30 days.
 */
export function ReconciliationPage() {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
  const answer = useQuery({ queryKey: ['reconciliation', query], queryFn: () => api<Reconciliation>(`/jpanel/reports/reconciliation.json?${query}`) });
  const r = answer.data;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Reconciliation</Title>
          <Text c="dimmed" size="sm" maw={720}>
            What Almoner recorded as taken, refunded and kept in fees, beside the payment gateway&apos;s own record of the same payments ({r?.gateway === 'sandbox' ? 'the sandbox gateway' : (r?.gateway ?? 'the gateway')}), day by day in the organisation&apos;s time zone. Any payment or refund the two disagree on is listed to open and put right.
          </Text>
        </Stack>
        {can(PERMISSION) && r && (
          <Button component="a" variant="default" leftSection={<IconDownload size={16} />} href={`/jpanel/reports/reconciliation.csv?from=${r.from}&to=${r.to}`} download>
            Export CSV
          </Button>
        )}
      </Group>
      <DateRangeFilter
        label="Days"
        from={r?.from ?? from}
        to={r?.to ?? to}
        onChange={(start, end) => setParams(start && end ? { from: start, to: end } : {}, { replace: true })}
      />
      {answer.isPending ? (
        <Loader aria-label="Loading the reconciliation" />
      ) : answer.isError ? (
        <Alert color="red" title="The reconciliation could not be run">
          {answer.error.message}
        </Alert>
      ) : (
        r && <Result r={r} />
      )}
    </Stack>
  );
}

function Result({ r }: { r: Reconciliation }) {
  const days: DayRow[] = r.days.map((d) => ({ ...d, id: `${d.day}-${d.currency}` }));
  const differences: DifferenceRow[] = r.differences.map((d, i) => ({ ...d, id: `${d.kind}-${d.reference}-${i}` }));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label="Days with payments" value={days.length.toLocaleString('en-US')} note={`${formatDate(r.from)} – ${formatDate(r.to)}`} />
        <Stat label="Net in Almoner" value={netOf(r.days, 'almoner')} />
        <Stat label="Net at the gateway" value={netOf(r.days, 'gateway')} />
        <Stat label="Differences" value={differences.length.toLocaleString('en-US')} />
      </SimpleGrid>
      {differences.length === 0 ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} title="The books agree">
          Every payment and refund in these days is the same in Almoner and at the gateway, to the cent.
        </Alert>
      ) : (
        <Stack gap="xs">
          <Title order={2} size="h3">
            Differences
          </Title>
          <ListTable columns={differenceColumns} rows={differences} label="Differences" empty="No differences." />
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={2} size="h3">
          Day by day
        </Title>
        <ListTable columns={dayColumns} rows={days} label="Day by day" empty="No payments in these days." defaultSort={{ column: 'Day', dir: 'desc' }} />
      </Stack>
    </Stack>
  );
}
