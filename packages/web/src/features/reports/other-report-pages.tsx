import {
  ABANDONED_CARTS_DEFAULT_SORT,
  DCC_REPORT_DEFAULT_SORT,
  IMPACT_DEFAULT_SORT,
  PLATFORM_FEES_DEFAULT_SORT,
  PRODUCT_ORDERS_DEFAULT_SORT,
  PRODUCT_SALES_DEFAULT_SORT,
  type ReportTotals,
  abandonedCartColumns,
  contributionStatuses,
  dccReportColumns,
  formatAmount,
  impactColumns,
  platformFeeColumns,
  productOrderColumns,
  productSalesColumns,
} from '@almoner/contracts';
import { Anchor, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useOrgToday } from '../../app/session.ts';
import { currencyFilter, reportFilters } from './report-filters.tsx';
import { Stat } from './stat.tsx';
import { ReportPage, type ReportRow, dateCell, moneyCell } from './report-page.tsx';


const orgMoney = (key: string) => moneyCell(key, 'org_currency');

export function ProductSalesReportPage() {
  return (
    <ReportPage
      title="Orders by product"
      description="Each product's paid contributions; amounts in the organisation currency, each line at its contribution's rate."
      endpoint="/jpanel/reports/products.ajax"
      columns={productSalesColumns}
      defaultOrder={PRODUCT_SALES_DEFAULT_SORT}
      render={{
        first_purchase: dateCell('first_purchase'),
        last_purchase: dateCell('last_purchase'),
        org_amount: (r: ReportRow) => (
          <div>
            {orgMoney('org_amount')(r)}
            <Text size="xs" c="dimmed">
              {String(r.by_currency)}
            </Text>
          </div>
        ),
      }}
      filters={reportFilters([{ kind: 'dates', label: 'Ordered' }, { kind: 'select', name: 'include_deleted', label: 'Deleted products', options: [{ value: '1', label: 'Included' }] }])}
      searchLabel="Search products"
      emptyText="No products were ordered in this period."
    />
  );
}

type ProductOrderExtra = { totals?: ReportTotals; stats?: { order_count: number; total_qty: number; total_sales: number; total_sales_recurring: number; org_currency: string } };

export function ProductOrdersReportPage() {
  const id = Number(useParams().id);
  return (
    <ReportPage<ProductOrderExtra>
      title="Product orders"
      description={`The paid contributions holding product #${id}.`}
      endpoint={`/jpanel/products/${id}/contributions.ajax`}
      columns={productOrderColumns}
      defaultOrder={PRODUCT_ORDERS_DEFAULT_SORT}
      render={{ ordered_at: dateCell('ordered_at'), amount: moneyCell('amount') }}
      filters={reportFilters([
        { kind: 'dates', label: 'Ordered' },
        { kind: 'select', name: 'status', label: 'Status', options: contributionStatuses.map((s) => ({ value: s.value, label: s.label })) },
        currencyFilter,
      ])}
      searchLabel="Search contributions"
      emptyText="No contributions hold this product."
      extra={(answer) =>
        answer?.stats && (
          <>
            <Anchor component={Link} to="/reports/products" size="sm">
              ← Orders by product
            </Anchor>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Stat label="Orders" value={answer.stats.order_count.toLocaleString('en-US')} />
              <Stat label="Quantity" value={answer.stats.total_qty.toLocaleString('en-US')} />
              <Stat
                label="Sales"
                value={formatAmount(answer.stats.total_sales, answer.stats.org_currency)}
                note={`${formatAmount(answer.stats.total_sales_recurring, answer.stats.org_currency)} recurring`}
              />
            </SimpleGrid>
          </>
        )
      }
    />
  );
}

type FeeExtra = {
  totals?: ReportTotals;
  summary_data?: { fees_rate: number; fees_type: string; currency: string; payments_count: number; payments_amount: number; refunds_count: number; refunds_amount: number; settlement_currency: string; total_amount: number }[];
  dcc_total?: { currency: string; dcc_collected: number; platform_fees: number; extra: number };
};

function FeeSummary({ answer }: { answer: FeeExtra | undefined }) {
  if (!answer?.dcc_total) return null;
  const d = answer.dcc_total;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Total DCC collected" value={formatAmount(d.dcc_collected, d.currency)} />
        <Stat label="Platform fees" value={formatAmount(d.platform_fees, d.currency)} />
        <Stat label="Extra for your mission" value={formatAmount(d.extra, d.currency)} />
      </SimpleGrid>
      {answer.summary_data && answer.summary_data.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          {/* On a phone this summary scrolls inside its box, not the page sideways. */}
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4} aria-label="Fees by type and currency" data-summary>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fee type</Table.Th>
                  <Table.Th ta="right">Rate</Table.Th>
                  <Table.Th ta="right">Payments</Table.Th>
                  <Table.Th ta="right">Refunds</Table.Th>
                  <Table.Th ta="right">Fees settled</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.summary_data.map((s) => (
                  <Table.Tr key={`${s.fees_type}-${s.fees_rate}-${s.currency}-${s.settlement_currency}`}>
                    <Table.Td>{s.fees_type}</Table.Td>
                    <Table.Td ta="right">{s.fees_rate}%</Table.Td>
                    <Table.Td ta="right">{`${s.payments_count} · ${formatAmount(s.payments_amount, s.currency)}`}</Table.Td>
                    <Table.Td ta="right">{`${s.refunds_count} · ${formatAmount(s.refunds_amount, s.currency)}`}</Table.Td>
                    <Table.Td ta="right">{formatAmount(s.total_amount, s.settlement_currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </>
  );
}

/** The 24 months up to the organisation's this month (none until the server says its today). */
const months = (today: string | undefined) => {
  if (!today) return [];
  return Array.from({ length: 24 }, (_, i) => {
    const d = new Date(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - i, 1);
    const value = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    return { value, label: d.toLocaleDateString('en-US', { month: 'long', year: 'numeric' }) };
  });
};

export function PlatformFeesReportPage() {
  const today = useOrgToday();
  return (
    <ReportPage<FeeExtra>
      title="Platform fees"
      description="The platform's fees on one month's payments and refunds (this month unless another is chosen)."
      endpoint="/jpanel/reports/platform-fees.json"
      columns={platformFeeColumns}
      defaultOrder={PLATFORM_FEES_DEFAULT_SORT}
      render={{
        created_at: dateCell('created_at'),
        rate: (r) => `${String(r.rate)}%`,
        amount: moneyCell('amount'),
        settlement_amount: moneyCell('settlement_amount', 'settlement_currency'),
      }}
      filters={reportFilters([{ kind: 'select', name: 'period', label: 'Month', options: months(today), placeholder: 'This month' }])}
      searchLabel="Search descriptions"
      emptyText="No fees in this month."
      extra={(answer) => <FeeSummary answer={answer} />}
    />
  );
}

type DccExtra = {
  totals?: ReportTotals;
  stats?: { org_currency: string; totals: { dcc: number; text: string }; average: { dcc: number; text: string }; conversions: { percent: number; text: string } };
};

export function DccReportPage() {
  return (
    <ReportPage<DccExtra>
      title="Donor covers costs"
      description="Lines where the donor chose to cover the costs (not refunded; payment succeeded or pending)."
      endpoint="/jpanel/reports/donor-covers-costs.json"
      columns={dccReportColumns}
      defaultOrder={DCC_REPORT_DEFAULT_SORT}
      render={{ paid_at: dateCell('paid_at'), amount: moneyCell('amount'), dcc: moneyCell('dcc') }}
      filters={reportFilters([{ kind: 'dates', label: 'Paid' }, currencyFilter])}
      searchLabel="Search lines"
      emptyText="No covered costs in this period."
      extra={(answer) =>
        answer?.stats && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stat label="Total DCC" value={formatAmount(answer.stats.totals.dcc, answer.stats.org_currency)} note={answer.stats.totals.text} />
            <Stat label="Average DCC" value={formatAmount(answer.stats.average.dcc, answer.stats.org_currency)} note={answer.stats.average.text} />
            <Stat label="Conversions" value={`${answer.stats.conversions.percent}%`} note={answer.stats.conversions.text} />
          </SimpleGrid>
        )
      }
    />
  );
}

export function ImpactReportPage() {
  return (
    <ReportPage
      title="Impact by supporter"
      description="Lifetime giving of each supporter and of the supporters they referred, in the organisation currency."
      endpoint="/jpanel/reports/impact-by-supporter.json"
      columns={impactColumns}
      defaultOrder={IMPACT_DEFAULT_SORT}
      render={{
        donation_amount: orgMoney('donation_amount'),
        purchase_amount: orgMoney('purchase_amount'),
        fundraising_amount: orgMoney('fundraising_amount'),
        referred_amount: orgMoney('referred_amount'),
      }}
      filters={reportFilters([{ kind: 'text', name: 'min_donation', label: 'Donations at least', placeholder: '100.00' }])}
      searchLabel="Search supporters"
      emptyText="No supporters match."
    />
  );
}

export function AbandonedCartsReportPage() {
  return (
    <ReportPage
      title="Abandoned carts"
      description="Carts started online with items in them and never paid."
      endpoint="/jpanel/contributions/abandoned_carts.ajax"
      columns={abandonedCartColumns}
      defaultOrder={ABANDONED_CARTS_DEFAULT_SORT}
      render={{ started_at: dateCell('started_at'), amount: moneyCell('amount') }}
      filters={reportFilters([{ kind: 'dates', label: 'Started' }, currencyFilter, { kind: 'select', name: 'with_email', label: 'Email', options: [{ value: '1', label: 'With an email' }] }])}
      searchLabel="Search carts"
      emptyText="No abandoned carts match."
    />
  );
}

