import {
  SPONSORS_DEFAULT_SORT,
  SPONSORS_PAGE_SIZE,
  formatDate,
  type ListingRow,
  type SponsorListRow,
  sponsorListColumns,
  sponsorStatusLabels,
  sponsorStatuses,
} from '@almoner/contracts';
import { Badge, Select, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEditionFlags } from '../../app/edition.ts';
import { CellText, DataTable, type FilterFormProps } from '../../components/data-table/index.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';

type Row = ListingRow & SponsorListRow;

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
const statusColors = { active: 'teal', upcoming: 'blue', ended: 'gray' } as const;

const render: Partial<Record<string, (row: Row) => ReactNode>> = {
  supporter_name: (r) => <CellText text={r.supporter_name} fw={500} />,
  sponsee: (r) => <CellText text={r.sponsee} />,
  source: (r) => r.source ?? dash,
  started_at: (r) => day(r.started_at),
  ended_at: (r) => day(r.ended_at),
  ended_reason: (r) => r.ended_reason ?? dash,
  status: (r) => (
    <Badge variant="light" color={statusColors[r.status]} style={{ textTransform: 'none' }}>
      {sponsorStatusLabels[r.status]}
    </Badge>
  ),
};

const statusOptions = sponsorStatuses.map((value) => ({ value, label: sponsorStatusLabels[value] }));

function SponsorFilters({ values, onChange }: FilterFormProps) {
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select
        label="Status"
        placeholder="Any"
        data={statusOptions}
        value={one(values.status) ?? null}
        onChange={(v) => onChange({ ...values, status: v ?? undefined })}
        clearable
        w={{ base: '100%', sm: 160 }}
      />
    </FilterPanel>
  );
}

/** Sponsors: every sponsor record, newest start first; a row opens the sponsee's page. */
export function SponsorListPage() {
  const hidden = useHiddenColumns();
  const flags = useEditionFlags();
  return (
    <Stack gap="md">
      <Title order={2}>Sponsors</Title>
      <SavedViews list="sponsors" columns={sponsorListColumns} />
      <DataTable<Row>
        endpoint="/jpanel/sponsors.ajax"
        columns={sponsorListColumns}
        hiddenColumns={hidden}
        flags={flags}
        pageSize={SPONSORS_PAGE_SIZE}
        defaultOrder={SPONSORS_DEFAULT_SORT}
        render={render}
        exports={{ job: { list: 'sponsors', permission: 'sponsorship.view' } }}
        filters={(props) => <SponsorFilters {...props} />}
        searchLabel="Search sponsors"
        emptyText="No sponsors match."
        rowLabel={(r) => `${r.supporter_name} sponsoring ${r.sponsee}`}
      />
    </Stack>
  );
}
