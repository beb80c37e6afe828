import {
  CONTRIBUTIONS_DEFAULT_SORT,
  CONTRIBUTIONS_PAGE_SIZE,
  contributionColumns,
  contributionNumber,
  formatDate,
  formatDateTime,
  formatAmount,
  hasPermission,
  type ListingRow,
} from '@almoner/contracts';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { useSession } from '../../app/session.ts';
import { type BulkAction, CellText, DataTable } from '../../components/data-table/index.ts';
import { ContributionLink, ContributionStatusBadge, ContributionTags } from './contribution-badges.tsx';
import { ContributionFilters } from './contribution-filters.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';

export type ContributionRow = ListingRow & {
  id: number;
  /** `#2401`: what the Contribution column shows. */
  short_number: string;
  /** The invoice number (the cart's id until paid). */
  number: string;
  supporter: string;
  supporter_id: number | null;
  location: string;
  status: string;
  total: number;
  net: number;
  currency_code: string;
  ordered_at: string;
  payment: string;
  source: string | null;
  dp_gift_id: string | null;
  is_recurring: boolean;
  is_pos: boolean;
  is_test: boolean;
};

const nowrap = (content: ReactNode) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }} span>
    {content}
  </Text>
);

/** Listing amounts arrive as decimals in the row's currency. */
const money = (amount: number, currency: string) => (
  <Text size="sm" fw={500} ff="monospace" style={{ whiteSpace: 'nowrap' }} span>
    {formatAmount(amount, currency)}
  </Text>
);


const render: Partial<Record<string, (row: ContributionRow) => ReactNode>> = {
  // The short number, not the 36-character invoice number, so the column stays one line.
  number: (r) => <ContributionLink id={r.id} invoice={r.number} />,
  supporter: (r) => (
    <Group gap={6} wrap="nowrap">
      <CellText text={r.supporter} />
      {r.supporter_id === null && (
        <Badge size="xs" variant="default" radius="sm" miw="max-content">
          Guest
        </Badge>
      )}
    </Group>
  ),
  location: (r) => <CellText text={r.location} c="dimmed" />,
  status: (r) => <ContributionStatusBadge status={r.status} />,
  // The tags sit under the amount, so the column is as wide as an amount, not amount + tags.
  total: (r) => (
    <Stack gap={2} align="flex-end">
      {money(r.total, r.currency_code)}
      <ContributionTags row={r} />
    </Stack>
  ),
  net: (r) => money(r.net, r.currency_code),
  ordered_at: (r) => (
    <Text size="sm" title={formatDateTime(r.ordered_at)} style={{ whiteSpace: 'nowrap' }} span>
      {formatDate(r.ordered_at)}
    </Text>
  ),
  // "Mastercard •••• 2857" may break after the brand, never inside "•••• 2857": one line when
  // the table has room (the short numbers left it some), two before any column is cut off.
  // One line ("Mastercard •••• 7358"): rows stay one line tall, so a screen shows more of them.
  payment: (r) => nowrap(r.payment),
  source: (r) => nowrap(r.source ?? ''),
};

const deleteText = (count: string) =>
  `Delete ${count}? They leave every list and report, but their payments and refunds are kept: this is a soft delete, not a refund.`;

/** Each action with the permission its endpoint checks. */
type PermittedAction = BulkAction & { permission: string };

const bulkActions: PermittedAction[] = [
  { label: 'Mark fulfilled', permission: 'order.fullfill', endpoint: '/jpanel/contributions/mark', params: { mark: 'fulfilled' }, confirm: (n) => `Mark ${n} as fulfilled?` },
  { label: 'Mark unfulfilled', permission: 'order.fullfill', endpoint: '/jpanel/contributions/mark', params: { mark: 'unfulfilled' }, confirm: (n) => `Mark ${n} as unfulfilled?` },
  {
    label: 'Mark as spam',
    permission: 'order.fullfill',
    endpoint: '/jpanel/contributions/batch',
    action: 'spam',
    confirm: (n) => `Mark ${n} as spam? Their active recurring profiles are cancelled, and supporters with nothing but spam are archived.`,
  },
  {
    label: 'Spam & refund',
    permission: 'order.fullfill',
    endpoint: '/jpanel/contributions/batch',
    action: 'spam_and_refund',
    danger: true,
    confirm: (n) => `Mark ${n} as spam and refund what is left on their payments? Refunds cannot be undone.`,
  },
  { label: 'Delete', permission: 'order.edit', endpoint: '/jpanel/contributions/destroy', danger: true, confirm: deleteText },
  { label: 'Export selected', permission: 'order.view', endpoint: '/jpanel/contributions/export', download: 'contributions.csv', confirm: (n) => `Download ${n} as a CSV file?` },
];

/** Shown instead of the spam actions while the list shows spam. */
const notSpam: PermittedAction = {
  label: 'Not spam',
  permission: 'order.fullfill',
  endpoint: '/jpanel/contributions/mark',
  params: { mark: 'not_spam' },
  confirm: (n) => `Mark ${n} as not spam? Their supporters are made active again.`,
};

/** Contributions (spec part 1 §2): the server-side listing with its filters and bulk actions. */
export function ContributionListPage() {
  const hidden = useHiddenColumns();
  const flags = useEditionFlags();
  const user = useSession().data?.user;
  const [params] = useSearchParams();
  const isSpamList = params.get('f.status') === 'spam';
  const actions = (isSpamList ? bulkActions.flatMap((a) => (a.action === 'spam' ? [notSpam] : a.action === 'spam_and_refund' ? [] : [a])) : bulkActions).filter(
    (a) => user && hasPermission(user, a.permission),
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2}>Contributions</Title>
        <Button component={Link} to="/contributions/unacknowledged" variant="default">
          Unacknowledged gifts
        </Button>
      </Group>
      <SavedViews list="contributions" columns={contributionColumns} />
      <DataTable<ContributionRow>
        endpoint="/jpanel/contributions-v2.listing"
        columns={contributionColumns}
        hiddenColumns={hidden}
        flags={flags}
        pageSize={CONTRIBUTIONS_PAGE_SIZE}
        defaultOrder={CONTRIBUTIONS_DEFAULT_SORT}
        render={render}
        exports={{ csv: { url: '/jpanel/contributions.csv', permission: 'order.view' }, job: { list: 'contributions', permission: 'order.view' } }}
        filters={(props) => <ContributionFilters {...props} />}
        bulkActions={actions}
        searchLabel="Search contributions"
        emptyText="No contributions match."
        rowLabel={(r) => `contribution ${contributionNumber(r.id)}`}
      />
    </Stack>
  );
}
