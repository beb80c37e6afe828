import {
  RECURRING_FREQUENCIES,
  RECURRING_LIST_DEFAULT_SORT,
  RECURRING_LIST_PAGE_SIZE,
  RECURRING_LIST_STATUSES,
  formatAmount,
  formatDate,
  type ListingRow,
  type RecurringListRow,
  recurringListColumns,
  recurringStatusTone,
} from '@almoner/contracts';
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useEditionFlags } from '../../app/edition.ts';
import { CellText, DataTable, type FilterFormProps } from '../../components/data-table/index.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { SavedViews, useHiddenColumns } from './saved-views.tsx';

type Row = ListingRow & RecurringListRow;

const toneColor = { warning: 'yellow', danger: 'red' } as const;
const dash = (
  <Text size="sm" c="dimmed" span>
    —
  </Text>
);
const money = (value: number, currency: string) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }} span>
    {formatAmount(value, currency)}
  </Text>
);

const render: Partial<Record<string, (row: Row) => ReactNode>> = {
  profile_id: (r) => (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} span>
      {r.profile_id}
    </Text>
  ),
  subscriber_name: (r) => <CellText text={r.subscriber_name} fw={500} />,
  description: (r) => (r.description ? <CellText text={r.description} /> : dash),
  amount: (r) => money(r.amount, r.currency_code),
  aggregate_amount: (r) => money(r.aggregate_amount, r.currency_code),
  billing_period: (r) => r.billing_period.charAt(0).toUpperCase() + r.billing_period.slice(1),
  next_billing_date: (r) => (r.next_billing_date ? formatDate(r.next_billing_date) : dash),
  created_at: (r) => formatDate(r.created_at),
  status: (r) => {
    const tone = recurringStatusTone[r.status];
    return (
      <Badge variant="light" color={tone ? toneColor[tone] : 'teal'} style={{ textTransform: 'none' }} styles={{ label: { overflow: 'visible' } }}>
        {r.status}
      </Badge>
    );
  },
};

const label = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

function RecurringFilters({ values, onChange }: FilterFormProps) {
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select label="Status" placeholder="Any" data={[...RECURRING_LIST_STATUSES]} value={one(values.status) ?? null} onChange={(v) => onChange({ ...values, status: v ?? undefined })} clearable w={{ base: '100%', sm: 160 }} />
      <Select label="Frequency" placeholder="Any" data={RECURRING_FREQUENCIES.map((value) => ({ value, label: label(value) }))} value={one(values.billing_period) ?? null} onChange={(v) => onChange({ ...values, billing_period: v ?? undefined })} clearable w={{ base: '100%', sm: 160 }} />
      <TextInput
        label="Currency"
        placeholder="Any"
        maxLength={3}
        defaultValue={one(values.currency_code) ?? ''}
        onBlur={(e) => onChange({ ...values, currency_code: e.currentTarget.value.toUpperCase() || undefined })}
        onKeyDown={(e) => e.key === 'Enter' && onChange({ ...values, currency_code: e.currentTarget.value.toUpperCase() || undefined })}
        w={{ base: '100%', sm: 100 }}
      />
    </FilterPanel>
  );
}

/** Recurring payments: every profile; Suspended and Expired as warning, Cancelled as danger. */
export function RecurringListPage() {
  const flags = useEditionFlags();
  const hidden = useHiddenColumns();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Recurring payments</Title>
        <Group gap="xs">
          {/* The failing, expiring-card and suspended profiles: a view of this list's people. */}
          <Button component={Link} to="/recurring/attention" variant="default" leftSection={<IconAlertTriangle size={16} aria-hidden />}>
            Needs attention
          </Button>
        </Group>
      </Group>
      <SavedViews list="recurring_payments" columns={recurringListColumns} />
      <DataTable<Row>
        endpoint="/jpanel/recurring_payments.ajax"
        exports={{ job: { list: 'recurring_payments', permission: 'recurringpaymentprofile.view' } }}
        columns={recurringListColumns}
        flags={flags}
        pageSize={RECURRING_LIST_PAGE_SIZE}
        defaultOrder={RECURRING_LIST_DEFAULT_SORT}
        render={render}
        filters={(props) => <RecurringFilters {...props} />}
        hiddenColumns={hidden}
        rowColor={(r) => {
          const tone = recurringStatusTone[r.status];
          return tone ? `var(--mantine-color-${toneColor[tone]}-light)` : undefined;
        }}
        searchLabel="Search recurring payments"
        emptyText="No recurring payments match."
        rowLabel={(r) => `recurring profile #${r.profile_id}`}
      />
    </Stack>
  );
}
