import { ATTENTION_DEFAULT_SORT, ATTENTION_PAGE_SIZE, ATTENTION_REASONS, type AttentionReason, type ListingRow, attentionColumns, attentionReasonLabels, formatAmount, formatDate } from '@almoner/contracts';
import { Anchor, Badge, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { DataTable, type FilterFormProps, useIsPhone } from '../../components/data-table/index.ts';
import { one } from '../contributions/filter-panel.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';

type Row = ListingRow & {
  profile_id: string; supporter: string | null; supporter_id: number | null; reason: AttentionReason; amount: number; currency_code: string;
  next_billing_date: string | null; failed_payment_count: number; max_failed_payments: number; card: string | null; card_expires: string | null; last_failure: string | null;
};

const reasonColor: Record<AttentionReason, string> = { failing: 'red', authentication: 'grape', expiring: 'orange', suspended: 'yellow' };
const render: Partial<Record<string, (row: Row) => ReactNode>> = {
  profile_id: (r) => (
    <Anchor component={Link} to={`/recurring/${r.id}`} size="sm" ff="monospace">
      #{r.profile_id}
    </Anchor>
  ),
  supporter: (r) =>
    r.supporter_id ? (
      <Anchor component={Link} to={`/supporters/${r.supporter_id}`} size="sm">
        {r.supporter ?? `Supporter #${r.supporter_id}`}
      </Anchor>
    ) : (
      (r.supporter ?? '—')
    ),
  reason: (r) => (
    <Badge size="sm" variant="light" color={reasonColor[r.reason]}>
      {attentionReasonLabels[r.reason]}
    </Badge>
  ),
  amount: (r) => formatAmount(r.amount, r.currency_code),
  next_billing_date: (r) => (r.reason === 'suspended' ? '—' : formatDate(r.next_billing_date)),
  failed_payment_count: (r) => `${r.failed_payment_count} of ${r.max_failed_payments}`,
  card: (r) => (r.card ? `${r.card}${r.card_expires ? ` · expires ${formatDate(r.card_expires)}` : ''}` : '—'),
  last_failure: (r) => r.last_failure ?? '—',
};

/** The reason filter as tabs: the list is short and each reason calls for a different action. */
function ReasonTabs({ values, onChange }: FilterFormProps) {
  // Four choices side by side are wider than a phone: there they stack.
  const isPhone = useIsPhone();
  return (
    <SegmentedControl
      orientation={isPhone ? 'vertical' : 'horizontal'}
      fullWidth={isPhone}
      aria-label="Needs attention because"
      value={one(values.reason) ?? ''}
      onChange={(reason) => onChange({ ...values, reason: reason || undefined })}
      data={[{ value: '', label: 'All' }, ...ATTENTION_REASONS.map((r) => ({ value: r, label: attentionReasonLabels[r] }))]}
    />
  );
}

/** Recurring profiles someone should look at: payments failing, cards about to expire, suspended profiles. */
export function AttentionPage() {
  const hidden = useHiddenColumns();
  const flags = useEditionFlags();
  return (
    <Stack gap="md">
      <Title order={2}>Recurring profiles that need attention</Title>
      <Text size="sm" c="dimmed" maw={720}>
        Failing: declined since the last successful payment and still being retried. Card expiring: the saved card runs out within 60 days, or already has. Suspended: no longer charged until someone re-enables it.
      </Text>
      <SavedViews list="recurring_attention" columns={attentionColumns} />
      <DataTable<Row>
        endpoint="/jpanel/recurring/attention.ajax"
        exports={{ csv: { url: '/jpanel/recurring/attention.csv', permission: 'recurringpaymentprofile.view' } }}
        columns={attentionColumns}
        hiddenColumns={hidden}
        flags={flags}
        pageSize={ATTENTION_PAGE_SIZE}
        defaultOrder={ATTENTION_DEFAULT_SORT}
        render={render}
        filters={(props) => <ReasonTabs {...props} />}
        searchLabel="Search profiles"
        emptyText="No recurring profile needs attention."
      />
    </Stack>
  );
}
