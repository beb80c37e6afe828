import { LEDGER_DEFAULT_SORT, LEDGER_KINDS, LEDGER_PAGE_SIZE, type LedgerKind, type ListingRow, formatAmount, formatDateTime, ledgerColumns, ledgerKindLabels } from '@almoner/contracts';
import { Badge, Select, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEditionFlags } from '../../app/edition.ts';
import { DataTable, DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { BackLink } from '../contributions/page-parts.tsx';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';

type LedgerRow = ListingRow & { number: string; kind: LedgerKind; at: string | null; amount: number | null; currency_code: string | null; name: string | null; detail: string | null };

const kindColor = { skipped: 'orange', void: 'gray', replaced: 'blue' } as const;
const render: Partial<Record<string, (row: LedgerRow) => ReactNode>> = {
  number: (r) => (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} span>
      {r.number}
    </Text>
  ),
  kind: (r) => (
    <Badge size="sm" variant="light" color={kindColor[r.kind]}>
      {ledgerKindLabels[r.kind]}
    </Badge>
  ),
  at: (r) => (r.at ? formatDateTime(r.at) : '—'),
  amount: (r) => (r.amount !== null && r.currency_code ? formatAmount(r.amount, r.currency_code) : '—'),
};

function LedgerFilters({ values, onChange }: FilterFormProps) {
  const set = (change: Record<string, string | string[] | undefined>) => onChange({ ...values, ...change });
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select label="What happened" placeholder="Anything" data={LEDGER_KINDS.map((k) => ({ value: k, label: ledgerKindLabels[k] }))} value={one(values.kind) ?? null} onChange={(kind) => set({ kind: kind ?? undefined })} clearable w={{ base: '100%', sm: 200 }} />
      <DateRangeFilter label="When" from={one(values.from)} to={one(values.to)} onChange={(from, to) => set({ from, to })} />
    </FilterPanel>
  );
}

/** For auditors: every receipt number not on a live receipt — skipped by its sequence, voided, or replaced by a revision. */
export function LedgerPage() {
  const hidden = useHiddenColumns();
  const flags = useEditionFlags();
  return (
    <Stack gap="md">
      <BackLink to="/tax-receipts">Tax receipts</BackLink>
      <Title order={2}>Receipt number ledger</Title>
      <Text size="sm" c="dimmed" maw={720}>
        Every receipt number that is not on a live receipt: numbers a sequence skipped, receipts voided, and numbers replaced when a receipt was revised. Live receipts are in the receipts list.
      </Text>
      <SavedViews list="receipt_ledger" columns={ledgerColumns} />
      <DataTable<LedgerRow>
        endpoint="/jpanel/tax_receipts/ledger.ajax"
        exports={{ csv: { url: '/jpanel/tax_receipts/ledger.csv', permission: 'taxreceipt.view' } }}
        columns={ledgerColumns}
        hiddenColumns={hidden}
        flags={flags}
        pageSize={LEDGER_PAGE_SIZE}
        defaultOrder={LEDGER_DEFAULT_SORT}
        render={render}
        filters={(props) => <LedgerFilters {...props} />}
        searchLabel="Search numbers"
        emptyText="No skipped, voided or replaced numbers."
      />
    </Stack>
  );
}
