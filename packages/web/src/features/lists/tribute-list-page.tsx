import {
  TRIBUTE_LIST_STATES,
  TRIBUTES_DEFAULT_SORT,
  TRIBUTES_PAGE_SIZE,
  formatAmount,
  formatDate,
  type ListingRow,
  type TributeListRow,
  tributeListColumns,
  tributeStateLabels,
} from '@almoner/contracts';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconMailForward, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useEditionFlags } from '../../app/edition.ts';
import { useCan } from '../../app/session.ts';
import { DataTable, DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { listingKeys } from '../../components/data-table/use-listing.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../lib/api.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { TributeModal } from '../tributes/tribute-modal.tsx';
import { SavedViews, useHiddenColumns } from './saved-views.tsx';

type Row = ListingRow & TributeListRow;
const ENDPOINT = '/jpanel/tributes.ajax';

const dash = (
  <Text size="sm" c="dimmed" span>
    —
  </Text>
);
const render: Partial<Record<string, (row: Row) => ReactNode>> = {
  created_at: (r) => formatDate(r.created_at),
  type: (r) => r.type ?? dash,
  donor: (r) => r.donor ?? dash,
  amount: (r) => formatAmount(r.amount, r.currency_code),
  notify: (r) => (r.notify ? r.notify.charAt(0).toUpperCase() + r.notify.slice(1) : dash),
  notify_name: (r) => r.notify_name ?? dash,
  notified_at: (r) => (r.notified_at ? formatDate(r.notified_at) : r.notify ? <Text size="sm" c="red.9" span>Not yet</Text> : dash),
};

function TributeFilters({ values, onChange }: FilterFormProps) {
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select label="Notification" placeholder="Any" data={TRIBUTE_LIST_STATES.map((value) => ({ value, label: tributeStateLabels[value] }))} value={one(values.state) ?? null} onChange={(v) => onChange({ ...values, state: v ?? undefined })} clearable w={{ base: '100%', sm: 180 }} />
      <Select label="Notify by" placeholder="Any" data={[{ value: 'email', label: 'Email' }, { value: 'letter', label: 'Letter' }]} value={one(values.notify) ?? null} onChange={(v) => onChange({ ...values, notify: v ?? undefined })} clearable w={{ base: '100%', sm: 140 }} />
      <DateRangeFilter label="Created" from={one(values.from)} to={one(values.to)} onChange={(from, to) => onChange({ ...values, from, to })} />
    </FilterPanel>
  );
}

/** Tributes: 40 a page, newest first; a row opens the tribute modal; unsent letters can be printed or sent. */
export function TributeListPage() {
  const flags = useEditionFlags();
  const hidden = useHiddenColumns();
  const can = useCan();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const [sending, setSending] = useState(false);

  const sendUnsent = async () => {
    if (!(await confirm({ title: 'Send unsent letters', message: 'Notify every tribute not yet notified? Letters are marked as notified and e-mails are sent.', confirmLabel: 'Send' }))) return;
    setSending(true);
    try {
      toast.success((await api<{ message: string }>('/jpanel/tributes/sendUnsentLetters', { method: 'POST', body: {} })).message);
      await queryClient.invalidateQueries({ queryKey: listingKeys.all(ENDPOINT) });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Tributes</Title>
        <Group gap="sm">
          <Button component="a" href="/jpanel/tributes/printUnsentLetters" target="_blank" rel="noopener" variant="default" leftSection={<IconPrinter size={16} />}>
            Print unsent letters
          </Button>
          {can('tribute.edit') && (
            <Button variant="default" leftSection={<IconMailForward size={16} />} loading={sending} onClick={() => void sendUnsent()}>
              Send unsent letters
            </Button>
          )}
        </Group>
      </Group>
      <SavedViews list="tributes" columns={tributeListColumns} />
      <DataTable<Row>
        endpoint={ENDPOINT}
        exports={{ job: { list: 'tributes', permission: 'tribute.view' } }}
        columns={tributeListColumns}
        flags={flags}
        pageSize={TRIBUTES_PAGE_SIZE}
        defaultOrder={TRIBUTES_DEFAULT_SORT}
        render={render}
        filters={(props) => <TributeFilters {...props} />}
        hiddenColumns={hidden}
        onRowClick={(r) => setOpen(r.id)}
        searchLabel="Search tributes"
        emptyText="No tributes match."
        rowLabel={(r) => `tribute for ${r.name}`}
      />
      <TributeModal
        id={open}
        onClose={() => {
          setOpen(null);
          void queryClient.invalidateQueries({ queryKey: listingKeys.all(ENDPOINT) });
        }}
      />
    </Stack>
  );
}
