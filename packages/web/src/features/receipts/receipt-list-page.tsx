import { RECEIPTS_DEFAULT_SORT, RECEIPTS_PAGE_SIZE, type ListingRow, formatAmount, formatDate, formatDateTime, hasPermission, receiptColumns } from '@almoner/contracts';
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { useSession } from '../../app/session.ts';
import { type BulkAction, DataTable, DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { ReceiptModal } from './receipt-modal.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';

type ReceiptRow = ListingRow & { id: number; number: string | null; name: string | null; email: string | null; amount: number; currency_code: string; issued_at: string | null; status: 'draft' | 'issued' | 'void' };

const statusColor = { draft: 'yellow', issued: 'teal', void: 'gray' } as const;
const render: Partial<Record<string, (row: ReceiptRow) => ReactNode>> = {
  number: (r) => (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} span>
      {r.number ?? '—'}
    </Text>
  ),
  amount: (r) => (
    <Text size="sm" fw={500} ff="monospace" style={{ whiteSpace: 'nowrap' }} span>
      {formatAmount(r.amount, r.currency_code)}
    </Text>
  ),
  issued_at: (r) => (
    <Text size="sm" title={formatDateTime(r.issued_at)} style={{ whiteSpace: 'nowrap' }} span>
      {formatDate(r.issued_at)}
    </Text>
  ),
  status: (r) => (
    <Badge size="sm" variant="light" color={statusColor[r.status]}>
      {r.status}
    </Badge>
  ),
};

const statuses = [
  { value: 'draft', label: 'Draft' },
  { value: 'issued', label: 'Issued' },
  { value: 'void', label: 'Void' },
];
const problems = [
  { value: 'no_name', label: 'No name' },
  { value: 'no_email', label: 'No email' },
  { value: 'incomplete_address', label: 'Incomplete address' },
];

function ReceiptFilters({ values, onChange }: FilterFormProps) {
  const set = (change: Record<string, string | string[] | undefined>) => onChange({ ...values, ...change });
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <DateRangeFilter label="Issued" from={one(values.from)} to={one(values.to)} onChange={(from, to) => set({ from, to })} />
      <Select label="Status" placeholder="Any status" data={statuses} value={one(values.status) ?? null} onChange={(status) => set({ status: status ?? undefined })} clearable w={{ base: '100%', sm: 140 }} />
      <Select label="Missing" placeholder="Anything" data={problems} value={one(values.filter_by) ?? null} onChange={(filter_by) => set({ filter_by: filter_by ?? undefined })} clearable w={{ base: '100%', sm: 190 }} />
    </FilterPanel>
  );
}

type PermittedAction = BulkAction & { permission: string };
const bulkActions: PermittedAction[] = [
  { label: 'Issue', permission: 'taxreceipt.edit', endpoint: '/jpanel/tax_receipts/bulk', action: 'issue', confirm: (n) => `Issue the drafts among ${n}? Each gets the next receipt number.` },
  { label: 'Issue & send', permission: 'taxreceipt.edit', endpoint: '/jpanel/tax_receipts/bulk', action: 'issue_and_notify', confirm: (n) => `Issue the drafts among ${n} and e-mail each its PDF?` },
  { label: 'Send', permission: 'taxreceipt.edit', endpoint: '/jpanel/tax_receipts/bulk', action: 'notify', confirm: (n) => `E-mail ${n} their PDF? Drafts, void receipts and receipts without a valid email are skipped.` },
  { label: 'Download PDF', permission: 'taxreceipt.view', endpoint: '/jpanel/tax_receipts/bulk', action: 'print', download: 'tax-receipts.pdf', confirm: (n) => `Download ${n} as one PDF?` },
  { label: 'Void', permission: 'taxreceipt.edit', endpoint: '/jpanel/tax_receipts/bulk', action: 'void', danger: true, confirm: (n) => `Void ${n}? Drafts are deleted; issued receipts stay on file, marked void.` },
];

/** Tax receipts (incumbent §3.5): the list, its filters and bulk actions; a row opens the receipt modal at its own address. */
export function ReceiptListPage() {
  const hidden = useHiddenColumns();
  const flags = useEditionFlags();
  const user = useSession().data?.user;
  const navigate = useNavigate();
  const location = useLocation();
  const id = Number(useParams().id);
  const actions = bulkActions.filter((a) => user && hasPermission(user, a.permission));
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2}>Tax receipts</Title>
        <Group gap="xs">
          <Button component={Link} to="/tax-receipts/ledger" variant="default">
            Number ledger
          </Button>
          {user && hasPermission(user, 'taxreceipt.edit') && (
            <Button component={Link} to="/tax-receipts/year-end" variant="default">
              Year-end receipts
            </Button>
          )}
        </Group>
      </Group>
      <SavedViews list="tax_receipts" columns={receiptColumns} />
      <DataTable<ReceiptRow>
        endpoint="/jpanel/tax_receipts.ajax"
        exports={{ csv: { url: '/jpanel/tax_receipts.csv', permission: 'taxreceipt.view' }, job: { list: 'tax_receipts', permission: 'taxreceipt.view' } }}
        columns={receiptColumns}
        hiddenColumns={hidden}
        flags={flags}
        pageSize={RECEIPTS_PAGE_SIZE}
        defaultOrder={RECEIPTS_DEFAULT_SORT}
        render={render}
        filters={(props) => <ReceiptFilters {...props} />}
        bulkActions={actions}
        searchLabel="Search receipts"
        emptyText="No tax receipts match."
        rowLabel={(r) => `receipt ${r.number ?? `draft for ${r.name ?? 'no name'}`}`}
      />
      <ReceiptModal id={Number.isInteger(id) && id > 0 ? id : null} onClose={() => void navigate({ pathname: '/tax-receipts', search: location.search })} />
    </Stack>
  );
}
