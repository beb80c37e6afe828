import {
  PAYMENT_ITEM_REPORT_DEFAULT_SORT,
  PAYMENT_REPORT_DEFAULT_SORT,
  type PaymentAggregate,
  TRANSACTION_REPORT_DEFAULT_SORT,
  formatAmount,
  paymentItemReportColumns,
  paymentReportColumns,
  paymentReportStatuses,
  paymentReportTypes,
  transactionReportColumns,
  transactionReportStatuses,
} from '@almoner/contracts';
import { Badge, Paper, ScrollArea, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useListingState } from '../../components/data-table/listing-state.ts';
import { listingBody } from '../../components/data-table/use-listing.ts';
import { api } from '../../lib/api.ts';
import { currencyFilter, reportFilters } from './report-filters.tsx';
import { ReportPage, type ReportRow, dateCell, moneyCell } from './report-page.tsx';

const label = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);
const statusColor: Record<string, string> = { succeeded: 'teal', paid: 'teal', pending: 'blue', failed: 'red', refunded: 'orange', spam: 'gray' };
const statusCell = (row: ReportRow) =>
  row.status ? (
    <Badge variant="light" color={statusColor[String(row.status)] ?? 'gray'} miw="max-content" style={{ textTransform: 'none' }}>
      {label(String(row.status))}
    </Badge>
  ) : (
    ''
  );

const transactionFilters = reportFilters([
  { kind: 'dates', label: 'Charged' },
  { kind: 'select', name: 'status', label: 'Status', options: transactionReportStatuses.map((s) => ({ value: s, label: label(s) })) },
  currencyFilter,
]);

export function TransactionReportPage() {
  return (
    <ReportPage
      title="Transaction history"
      description="Every charge of every recurring profile."
      endpoint="/jpanel/reports/transactions.ajax"
      columns={transactionReportColumns}
      defaultOrder={TRANSACTION_REPORT_DEFAULT_SORT}
      render={{ ordered_at: dateCell('ordered_at'), amount: moneyCell('amount'), refunded: moneyCell('refunded'), status: statusCell }}
      filters={transactionFilters}
      csv={{ url: '/jpanel/reports/transactions.csv', permission: 'transaction.view', list: 'transactions_report' }}
      searchLabel="Search transactions"
      emptyText="No transactions match."
    />
  );
}

const paymentFilters = reportFilters([
  { kind: 'dates', label: 'Attempted' },
  { kind: 'select', name: 'status', label: 'Status', options: paymentReportStatuses.map((s) => ({ value: s, label: label(s) })) },
  { kind: 'select', name: 'kind', label: 'Recurring', options: [{ value: 'onetime', label: 'One-time' }, { value: 'recurring', label: 'Recurring' }] },
  { kind: 'select', name: 'type', label: 'Type', options: paymentReportTypes.map((s) => ({ value: s, label: s === 'cheque' ? 'Check' : s === 'unknown' ? 'Other' : label(s) })) },
  currencyFilter,
]);

/** The aggregate beside the payments list: kept amounts by gateway and brand, for the same filters. */
function PaymentAggregatePanel() {
  const state = useListingState(PAYMENT_REPORT_DEFAULT_SORT);
  const body = listingBody({ page: 1, pageSize: 50, order: state.order, search: state.search, filters: state.filters });
  const query = useQuery({
    queryKey: ['listing', '/jpanel/reports/payments-aggregate.ajax', state.search, state.filters],
    queryFn: () => api<PaymentAggregate>('/jpanel/reports/payments-aggregate.ajax', { method: 'POST', body }),
  });
  const data = query.data;
  if (!data || data.rows.length === 0) return null;
  const money = (v: number) => formatAmount(v, data.org_currency);
  return (
    <Paper withBorder radius="md" p="sm">
      <Title order={3} size="h5" mb="xs">
        Kept by gateway and brand ({data.org_currency}, after refunds)
      </Title>
      <ScrollArea type="auto">
        <Table miw={600} verticalSpacing={4} aria-label="Payments by gateway and brand" data-summary>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Gateway</Table.Th>
              {data.brands.map((b) => (
                <Table.Th key={b} ta="right">
                  {b}
                </Table.Th>
              ))}
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((r) => (
              <Table.Tr key={r.gateway}>
                <Table.Td>{r.gateway}</Table.Td>
                {data.brands.map((b) => (
                  <Table.Td key={b} ta="right">
                    {money(r.amounts.find((a) => a.brand === b)?.amount ?? 0)}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{money(r.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={data.brands.length + 1}>All gateways</Table.Th>
              <Table.Th ta="right">{money(data.total)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
    </Paper>
  );
}

export function PaymentReportPage() {
  return (
    <ReportPage
      title="Payments"
      description="Every payment taken or attempted, one-time and recurring."
      endpoint="/jpanel/reports/payments.ajax"
      columns={paymentReportColumns}
      defaultOrder={PAYMENT_REPORT_DEFAULT_SORT}
      render={{ created_at: dateCell('created_at'), captured_at: dateCell('captured_at'), amount: moneyCell('amount'), refunded: moneyCell('refunded'), status: statusCell }}
      filters={paymentFilters}
      csv={{ url: '/jpanel/reports/payments.csv', permission: 'reports.payments_details', list: 'payments_report' }}
      searchLabel="Search payments"
      emptyText="No payments match."
      extra={() => <PaymentAggregatePanel />}
    />
  );
}

const itemFilters = reportFilters([
  { kind: 'dates', label: 'Ordered' },
  { kind: 'select', name: 'status', label: 'Payment', options: ['succeeded', 'pending', 'failed'].map((s) => ({ value: s, label: label(s) })) },
  currencyFilter,
]);

export function PaymentItemReportPage() {
  return (
    <ReportPage
      title="Payments by item"
      description="Each line of each contribution a payment was taken or attempted for."
      endpoint="/jpanel/reports/payments-by-item.ajax"
      columns={paymentItemReportColumns}
      defaultOrder={PAYMENT_ITEM_REPORT_DEFAULT_SORT}
      render={{ ordered_at: dateCell('ordered_at'), price: moneyCell('price'), amount: moneyCell('amount'), status: statusCell }}
      filters={itemFilters}
      csv={{ url: '/jpanel/reports/payments-by-item.csv', permission: 'reports.payments_details', list: 'payments_by_item_report' }}
      searchLabel="Search items"
      emptyText="No items match."
    />
  );
}
