import {
  SPONSEES_DEFAULT_SORT,
  SPONSEES_PAGE_SIZE,
  formatDate,
  type ListingRow,
  type SponseeListingRow,
  sponseeColumns,
} from '@almoner/contracts';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/session.ts';
import { useEditionFlags } from '../../app/edition.ts';
import { CellText, DataTable, type FilterFormProps } from '../../components/data-table/index.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { ImportPhotosLink } from '../sponsee-photos/import-photos-link.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';
import { SponseeEditModal } from './sponsee-edit-modal.tsx';

type Row = ListingRow & SponseeListingRow;

const dash = (
  <Text size="sm" c="dimmed" span>
    —
  </Text>
);
const day = (value: string | null) =>
  value ? (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} span>
      {formatDate(value)}
    </Text>
  ) : (
    dash
  );
const yes = (value: boolean | null) =>
  value ? (
    <Text size="sm" fw={600} span>
      Yes
    </Text>
  ) : (
    <Text size="sm" c="dimmed" span>
      No
    </Text>
  );

const render: Partial<Record<string, (row: Row) => ReactNode>> = {
  reference_number: (r) => (
    <Text size="sm" ff="monospace" span>
      {r.reference_number}
    </Text>
  ),
  full_name: (r) => <CellText text={r.full_name || '—'} fw={500} />,
  gender: (r) => (r.gender === 'F' ? 'Female' : r.gender === 'M' ? 'Male' : dash),
  birth_date: (r) => day(r.birth_date),
  enrollment_date: (r) => day(r.enrollment_date),
  country: (r) => r.country ?? dash,
  is_sponsored: (r) => yes(r.is_sponsored),
  is_enabled: (r) => yes(r.is_enabled),
  last_timeline_update_on: (r) => day(r.last_timeline_update_on),
};

const yesNo = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

function SponseeFilters({ values, onChange }: FilterFormProps) {
  const set = (change: Record<string, string | undefined>) => onChange({ ...values, ...change });
  const select = (label: string, key: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      placeholder="Any"
      data={data}
      value={one(values[key]) ?? null}
      onChange={(v) => set({ [key]: v ?? undefined })}
      clearable
      w={{ base: '100%', sm: 130 }}
    />
  );
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      {select('Gender', 'gender', [
        { value: 'F', label: 'Female' },
        { value: 'M', label: 'Male' },
      ])}
      {select('Sponsored', 'is_sponsored', yesNo)}
      {select('Enabled', 'is_enabled', yesNo)}
    </FilterPanel>
  );
}

/** Adds a sponsee by hand (`sponsorship.add`), then opens their page. */
function AddSponseeButton() {
  const can = useCan();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  if (!can('sponsorship.add')) return null;
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
        Add sponsee
      </Button>
      <SponseeEditModal detail={null} opened={opened} onClose={() => setOpened(false)} onSaved={(saved) => void navigate(`/sponsorships/${saved.sponsee.id}`)} />
    </>
  );
}

/** Sponsees (the sponsorship list): by reference number; a row opens the sponsee's page. */
export function SponseeListPage() {
  const hidden = useHiddenColumns();
  const flags = useEditionFlags();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2}>Sponsorships</Title>
        <Group gap="sm">
          <ImportPhotosLink />
          <AddSponseeButton />
        </Group>
      </Group>
      <SavedViews list="sponsorships" columns={sponseeColumns} />
      <DataTable<Row>
        endpoint="/jpanel/sponsorship.ajax"
        columns={sponseeColumns}
        hiddenColumns={hidden}
        flags={flags}
        pageSize={SPONSEES_PAGE_SIZE}
        defaultOrder={SPONSEES_DEFAULT_SORT}
        render={render}
        exports={{ csv: { url: '/jpanel/sponsorship.csv', permission: 'sponsorship.view' }, job: { list: 'sponsorships', permission: 'sponsorship.view' } }}
        filters={(props) => <SponseeFilters {...props} />}
        searchLabel="Search sponsees"
        emptyText="No sponsees match."
        rowLabel={(r) => `${r.reference_number ?? ''} ${r.full_name ?? ''}`.trim()}
      />
    </Stack>
  );
}
