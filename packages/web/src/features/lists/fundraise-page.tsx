import {
  FUNDRAISE_PAGE_SIZE,
  FUNDRAISE_PAGE_STATUSES,
  FUNDRAISE_PAGES_DEFAULT_SORT,
  FUNDRAISE_SPARK_DAYS,
  FUNDRAISERS_DEFAULT_SORT,
  type FundraisePageRow,
  type FundraiserRow,
  formatAmount,
  formatDate,
  fundraisePageColumns,
  fundraiserColumns,
  type ListingColumn,
  type ListingRow,
} from '@almoner/contracts';
import { Badge, Group, Select, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { DataTable, type FilterFormProps, type SortEntry } from '../../components/data-table/index.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { FundraisePreviewModal } from './fundraise-preview.tsx';
import { SavedViews, useHiddenColumns } from './saved-views.tsx';
import { Sparkline } from './sparkline.tsx';

type PageRow = ListingRow & FundraisePageRow;
type FundraiserListRow = ListingRow & FundraiserRow;

const label = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);
const dash = (
  <Text size="sm" c="dimmed" span>
    —
  </Text>
);
const views = (total: number, daily: number[]) => (
  <Group gap="xs" wrap="nowrap">
    <Sparkline values={daily} label={`${daily.reduce((a, b) => a + b, 0)} views in the last ${FUNDRAISE_SPARK_DAYS} days`} />
    <Text size="sm" span>
      {total.toLocaleString('en-US')}
    </Text>
  </Group>
);

const pageRender: Partial<Record<string, (row: PageRow) => ReactNode>> = {
  title: (r) => (
    <Text size="sm" fw={500} span>
      {r.title}
    </Text>
  ),
  status: (r) => (
    <Badge variant="light" color={r.status === 'active' ? 'teal' : r.status === 'suspended' ? 'red' : 'gray'} miw="max-content" style={{ textTransform: 'none' }}>
      {label(r.status)}
    </Badge>
  ),
  amount_raised: (r) => formatAmount(r.amount_raised, r.currency_code),
  goal_amount: (r) => (r.goal_amount === null ? dash : formatAmount(r.goal_amount, r.currency_code)),
  views: (r) => views(r.views, r.daily_views),
  created_at: (r) => formatDate(r.created_at),
};

const fundraiserRender: Partial<Record<string, (row: FundraiserListRow) => ReactNode>> = {
  name: (r) => (
    <Text size="sm" fw={500} span>
      {r.name}
    </Text>
  ),
  email: (r) => r.email ?? dash,
  views: (r) => views(r.views, r.daily_views),
  last_created_at: (r) => formatDate(r.last_created_at),
};

function PageFilters({ values, onChange }: FilterFormProps) {
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select label="Status" placeholder="Any" data={FUNDRAISE_PAGE_STATUSES.map((value) => ({ value, label: label(value) }))} value={one(values.status) ?? null} onChange={(v) => onChange({ ...values, status: v ?? undefined })} clearable w={{ base: '100%', sm: 160 }} />
    </FilterPanel>
  );
}

function FundraiserFilters({ values, onChange }: FilterFormProps) {
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select label="Active pages" placeholder="Any" data={[{ value: '1', label: 'Has an active page' }, { value: '0', label: 'No active page' }]} value={one(values.has_active) ?? null} onChange={(v) => onChange({ ...values, has_active: v ?? undefined })} clearable w={{ base: '100%', sm: 200 }} />
    </FilterPanel>
  );
}

type Tab = { value: string; label: string; list: string; endpoint: string; columns: readonly ListingColumn[]; defaultOrder: SortEntry[]; empty: string };
const tabs: Tab[] = [
  { value: 'pages', label: 'Pages', list: 'fundraise_pages', endpoint: '/jpanel/fundraise/pages.listing', columns: fundraisePageColumns, defaultOrder: FUNDRAISE_PAGES_DEFAULT_SORT, empty: 'No fundraising pages match. Supporters create pages from your site’s peer-to-peer forms.' },
  { value: 'fundraisers', label: 'Fundraisers', list: 'fundraisers', endpoint: '/jpanel/fundraise/fundraisers.listing', columns: fundraiserColumns, defaultOrder: FUNDRAISERS_DEFAULT_SORT, empty: 'No fundraisers match. A supporter appears here once they create a page.' },
];

const PREVIEWS_KEY = 'almoner.fundraise.previews';

/**
 * Fundraise: one tab per listing (its own URL, columns, filters and empty state). A tab is a
 * route, so switching adds to the history and Back returns to the previous tab.
 */
export function FundraisePage() {
  const { tab: tabParam } = useParams();
  const navigate = useNavigate();
  const flags = useEditionFlags();
  const hidden = useHiddenColumns();
  const [previews, setPreviews] = useState(() => localStorage.getItem(PREVIEWS_KEY) !== '0');
  const [preview, setPreview] = useState<number | null>(null);
  const tab = tabs.find((t) => t.value === tabParam);
  if (!tab) return <Navigate to="/fundraise/pages" replace />;

  const togglePreviews = (on: boolean) => {
    localStorage.setItem(PREVIEWS_KEY, on ? '1' : '0');
    setPreviews(on);
  };
  const openPage = (row: PageRow) => {
    if (previews && row.previewable) setPreview(row.id);
    else void navigate(row._url.slice('/jpanel'.length));
  };

  return (
    <Stack gap="md">
      <Title order={2}>Fundraise</Title>
      <Tabs value={tab.value} onChange={(value) => value && value !== tab.value && void navigate(`/fundraise/${value}`)}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group justify="space-between" align="flex-end">
        <SavedViews key={tab.list} list={tab.list} columns={tab.columns} />
        {tab.value === 'pages' && <Switch label="Open previews" checked={previews} onChange={(e) => togglePreviews(e.currentTarget.checked)} />}
      </Group>
      {tab.value === 'pages' ? (
        <DataTable<PageRow>
          key="pages"
          endpoint={tab.endpoint}
          exports={{ job: { list: tab.list, permission: 'fundraisingpages.edit' } }}
          columns={tab.columns}
          flags={flags}
          pageSize={FUNDRAISE_PAGE_SIZE}
          defaultOrder={tab.defaultOrder}
          render={pageRender}
          filters={(props) => <PageFilters {...props} />}
          hiddenColumns={hidden}
          onRowClick={openPage}
          searchLabel="Search pages"
          emptyText={tab.empty}
        />
      ) : (
        <DataTable<FundraiserListRow>
          key="fundraisers"
          endpoint={tab.endpoint}
          exports={{ job: { list: tab.list, permission: 'fundraisingpages.edit' } }}
          columns={tab.columns}
          flags={flags}
          pageSize={FUNDRAISE_PAGE_SIZE}
          defaultOrder={tab.defaultOrder}
          render={fundraiserRender}
          filters={(props) => <FundraiserFilters {...props} />}
          hiddenColumns={hidden}
          searchLabel="Search fundraisers"
          emptyText={tab.empty}
        />
      )}
      <FundraisePreviewModal id={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
