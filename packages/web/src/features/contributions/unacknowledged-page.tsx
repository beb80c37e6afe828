import { UNACKNOWLEDGED_DEFAULT_SORT, UNACKNOWLEDGED_PAGE_SIZE, type UnacknowledgedRow, contributionNumber, formatAmount, formatDate, hasPermission, unacknowledgedColumns } from '@almoner/contracts';
import { Select, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEditionFlags } from '../../app/edition.ts';
import { useSession } from '../../app/session.ts';
import { type BulkAction, CellText, DataTable, DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { useCampaignChoices } from '../campaigns/api.ts';
import { ContributionLink } from './contribution-badges.tsx';
import { AmountInput } from './contribution-filters.tsx';
import { FilterPanel, countActive, one } from './filter-panel.tsx';
import { BackLink } from './page-parts.tsx';

type Row = UnacknowledgedRow & Record<string, unknown>;

const render: Partial<Record<string, (row: Row) => ReactNode>> = {
  number: (r) => <ContributionLink id={r.id} invoice={r.number} />,
  ordered_at: (r) => <CellText text={formatDate(r.ordered_at)} />,
  supporter: (r) => <CellText text={r.supporter ?? 'Guest'} />,
  total_amount: (r) => <CellText text={formatAmount(r.total_amount, r.currency_code)} />,
  campaign: (r) => <CellText text={r.campaign ?? '—'} />,
};

function Filters({ values, onChange }: FilterFormProps) {
  const user = useSession().data?.user;
  const campaigns = useCampaignChoices(Boolean(user && hasPermission(user, 'order.edit')));
  const set = (change: Record<string, string | undefined>) => onChange({ ...values, ...change });
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <DateRangeFilter label="Date" from={one(values.from)} to={one(values.to)} onChange={(from, to) => set({ from, to })} />
      {campaigns.data && (
        <Select
          label="Campaign"
          placeholder="Any campaign"
          data={campaigns.data.map((c) => ({ value: String(c.id), label: c.name }))}
          value={one(values.campaign_id) ?? null}
          onChange={(campaign_id) => set({ campaign_id: campaign_id ?? undefined })}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
      )}
      <AmountInput label="Min amount" value={one(values.min_amount)} onCommit={(min_amount) => set({ min_amount })} />
    </FilterPanel>
  );
}

type PermittedAction = BulkAction & { permission: string };
const bulkActions: PermittedAction[] = [
  { label: 'Preview letters', permission: 'order.view', endpoint: '/jpanel/thank-you-letters/print', download: 'thank-you-letters.pdf', confirm: (n) => `Download the thank-you letters of ${n} as one PDF? Nothing is marked.` },
  {
    label: 'Send thank-you letters',
    permission: 'order.edit',
    endpoint: '/jpanel/thank-you-letters/send',
    download: 'thank-you-letters.pdf',
    confirm: (n) => `Download the thank-you letters of ${n} as one PDF to print and post, and mark those gifts acknowledged today?`,
  },
];

/** /jpanel/contributions/unacknowledged: gifts not yet thanked, to send their letters (issue 37 item 4). */
export function UnacknowledgedPage() {
  const flags = useEditionFlags();
  const user = useSession().data?.user;
  const actions = bulkActions.filter((a) => user && hasPermission(user, a.permission));
  return (
    <Stack gap="md">
      <BackLink to="/contributions">Contributions</BackLink>
      <Title order={2}>Unacknowledged gifts</Title>
      <Text size="sm" c="dimmed" maw={760}>
        Paid gifts no one has thanked yet. Select gifts and send their thank-you letters: you get one PDF to print, and the gifts are marked acknowledged
        today and leave this list. Each campaign can have its own letter; the others use the default one in Settings › Thank-you letters.
      </Text>
      <DataTable<Row>
        endpoint="/jpanel/contributions/unacknowledged.listing"
        columns={unacknowledgedColumns}
        flags={flags}
        pageSize={UNACKNOWLEDGED_PAGE_SIZE}
        defaultOrder={UNACKNOWLEDGED_DEFAULT_SORT}
        render={render}
        exports={{ csv: { url: '/jpanel/contributions/unacknowledged.csv', permission: 'order.view' } }}
        filters={(props) => <Filters {...props} />}
        bulkActions={actions}
        searchLabel="Search unacknowledged gifts"
        emptyText="Every gift matching is acknowledged."
        rowLabel={(r) => `contribution ${contributionNumber(r.id)}`}
      />
    </Stack>
  );
}
