import { MAIL_DEFAULT_SORT, MAIL_LIST_PAGE_SIZE, MAIL_STATUSES, type ListingRow, type MailListRow, type MailStatus, formatDateTime, mailListColumns, mailStatusLabels } from '@almoner/contracts';
import { Anchor, Badge, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { DataTable, DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';
import { SavedViews, useHiddenColumns } from '../lists/saved-views.tsx';

type Row = ListingRow & MailListRow;

export const mailStatusColor: Record<MailStatus, string> = { queued: 'gray', sending: 'blue', sent: 'teal', stored: 'indigo', failed: 'red' };

/** How often the outbox asks again: a message queued a moment ago shows as sent without a reload. */
const REFRESH_MS = 5000;

const render: Partial<Record<string, (row: Row) => ReactNode>> = {
  subject: (m) => (
    <Anchor component={Link} to={`/mail/${m.id}`} fw={500}>
      {m.subject}
    </Anchor>
  ),
  status: (m) => (
    <Stack gap={2}>
      <Badge color={mailStatusColor[m.status]} variant="light">
        {mailStatusLabels[m.status]}
      </Badge>
      {m.status === 'failed' && m.error && (
        <Text size="xs" c="red.9" maw={280} style={{ overflowWrap: 'anywhere' }}>
          {m.error}
        </Text>
      )}
    </Stack>
  ),
  created_at: (m) => formatDateTime(m.created_at),
  sent_at: (m) => (m.sent_at ? formatDateTime(m.sent_at) : ''),
};

function MailFilters({ values, onChange }: FilterFormProps) {
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select
        label="Status"
        placeholder="Any"
        data={MAIL_STATUSES.map((value) => ({ value, label: mailStatusLabels[value] }))}
        value={one(values.status) ?? null}
        onChange={(v) => onChange({ ...values, status: v ?? undefined })}
        clearable
        w={{ base: '100%', sm: 170 }}
      />
      <TextInput
        label="Recipient"
        placeholder="name@example.org"
        defaultValue={one(values.recipient) ?? ''}
        key={one(values.recipient) ?? ''}
        onKeyDown={(e) => e.key === 'Enter' && onChange({ ...values, recipient: e.currentTarget.value.trim() || undefined })}
        onBlur={(e) => onChange({ ...values, recipient: e.currentTarget.value.trim() || undefined })}
        w={{ base: '100%', sm: 220 }}
      />
      <DateRangeFilter label="Created" from={one(values.from)} to={one(values.to)} onChange={(from, to) => onChange({ ...values, from, to })} />
    </FilterPanel>
  );
}

/**
 * The mail outbox (issue 7 item 3): every message the app sent or kept, newest first, on the
 * server listing like every other list (issue 41): sort, filters, saved views and one export.
 */
export function MailListPage() {
  const flags = useEditionFlags();
  const hidden = useHiddenColumns();
  return (
    <Stack gap="md">
      <Title order={2}>Mail outbox</Title>
      <SavedViews list="mail" columns={mailListColumns} />
      <DataTable<Row>
        endpoint="/jpanel/mail.listing"
        exports={{ job: { list: 'mail' } }}
        columns={mailListColumns}
        flags={flags}
        pageSize={MAIL_LIST_PAGE_SIZE}
        defaultOrder={MAIL_DEFAULT_SORT}
        render={render}
        filters={(props) => <MailFilters {...props} />}
        hiddenColumns={hidden}
        refreshEvery={REFRESH_MS}
        searchLabel="Search subjects and recipients"
        emptyText="No messages match."
        rowLabel={(m) => `message ${m.subject} to ${m.to}`}
      />
    </Stack>
  );
}
