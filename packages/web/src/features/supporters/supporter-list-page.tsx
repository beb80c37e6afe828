import { SUPPORTERS_DEFAULT_SORT, SUPPORTERS_PAGE_SIZE, formatDate, formatDateTime, formatAmount, supporterColumns, type ListingRow } from '@almoner/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconPlus, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useEditionFlags } from '../../app/edition.ts';
import { useCan } from '../../app/session.ts';
import { CellText, DataTable } from '../../components/data-table/index.ts';
import { RecurringBadge } from './supporter-badges.tsx';
import { SupporterFilters } from './supporter-filters.tsx';
import { ContactBadges } from './contact-badges.tsx';
import { DuplicatesLink } from '../duplicates/duplicates-link.tsx';
import { ManageTagsButton } from '../tags/manage-tags-button.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';

export type SupporterRow = ListingRow & {
  id: number;
  display_name: string;
  email: string | null;
  referral_source: string | null;
  recurring: string | null;
  nps: number | null;
  account_type: string | null;
  payments: number;
  lifetime_total: number;
  last_payment_at: string | null;
  created_at: string;
  donor_id: string | null;
  membership_number: string | null;
  currency_code: string;
  is_organization: boolean;
  deceased_on: string | null;
  do_not_contact: boolean | null;
};

const dimmedDash = (
  <Text size="sm" c="dimmed" span>
    —
  </Text>
);

const date = (value: string | null) =>
  value ? (
    <Text size="sm" title={formatDateTime(value)} style={{ whiteSpace: 'nowrap' }} span>
      {formatDate(value)}
    </Text>
  ) : (
    dimmedDash
  );

const render: Partial<Record<string, (row: SupporterRow) => ReactNode>> = {
  display_name: (r) => {
    const Icon = r.is_organization ? IconBuilding : IconUser;
    return (
      <Group gap={6} wrap="nowrap">
        <Icon size={16} opacity={0.5} aria-label={r.is_organization ? 'Organization' : 'Individual'} />
        <CellText text={r.display_name} fw={500} />
        <ContactBadges deceasedOn={r.deceased_on} doNotContact={r.do_not_contact} size="xs" />
      </Group>
    );
  },
  email: (r) =>
    r.email ? (
      <CellText text={r.email} />
    ) : (
      dimmedDash
    ),
  referral_source: (r) =>
    r.referral_source ? (
      <CellText text={r.referral_source} />
    ) : (
      dimmedDash
    ),
  account_type: (r) => (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} span>
      {r.account_type}
    </Text>
  ),
  recurring: (r) => (r.recurring ? <RecurringBadge status={r.recurring} /> : dimmedDash),
  nps: (r) => (r.nps === null ? dimmedDash : String(r.nps)),
  lifetime_total: (r) => (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} span>
      {formatAmount(r.lifetime_total, r.currency_code)}
    </Text>
  ),
  last_payment_at: (r) => date(r.last_payment_at),
  created_at: (r) => date(r.created_at),
  donor_id: (r) => r.donor_id ?? dimmedDash,
  membership_number: (r) => r.membership_number ?? dimmedDash,
};

/** Supporters (spec part 1 §2): 10 a page, newest first; a row opens the supporter's page. */
export function SupporterListPage() {
  const hidden = useHiddenColumns();
  const flags = useEditionFlags();
  const can = useCan();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2}>Supporters</Title>
        <Group gap="sm">
          {can('member.add') && (
            <Button component={Link} to="/supporters/new" leftSection={<IconPlus size={16} />}>
              Add supporter
            </Button>
          )}
          <DuplicatesLink />
          <ManageTagsButton />
        </Group>
      </Group>
      <SavedViews list="supporters" columns={supporterColumns} />
      <DataTable<SupporterRow>
        endpoint="/jpanel/supporters.listing"
        columns={supporterColumns}
        hiddenColumns={hidden}
        flags={flags}
        pageSize={SUPPORTERS_PAGE_SIZE}
        defaultOrder={SUPPORTERS_DEFAULT_SORT}
        render={render}
        exports={{ csv: { url: '/jpanel/supporters.csv', permission: 'member.view' }, job: { list: 'supporters', permission: 'member.view' } }}
        filters={(props) => <SupporterFilters {...props} />}
        searchLabel="Search supporters"
        emptyText="No supporters match."
        rowLabel={(r) => r.display_name}
      />
    </Stack>
  );
}
