import {
  AUDIT_LOG_DEFAULT_SORT,
  AUDIT_LOG_PAGE_SIZE,
  AUDIT_RECORD_TYPES,
  type AuditLogRow,
  auditLogColumns,
  auditRecordTypes,
  formatDateTime,
  formatHistoryValue,
  historyFieldOf,
} from '@almoner/contracts';
import { Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { DataTable, DateRangeFilter, type FilterFormProps } from '../../components/data-table/index.ts';
import { api } from '../../lib/api.ts';
import { FilterPanel, countActive, one } from '../contributions/filter-panel.tsx';

type Row = AuditLogRow & { kind: string };

const actionWord = { insert: 'Created', update: 'Changed', delete: 'Deleted' } as const;

/** One side as the record's own history shows it: enum labels, Yes/No, dates, money in its currency. */
function shown(row: Row, value: string | null): string {
  const field = historyFieldOf(row.table_name, row.field_name);
  if (value === null) return '—';
  if (field.kind === 'secret') return 'changed';
  const parsed = field.kind === 'boolean' ? value === 'true' : field.kind === 'list' ? safeJson(value) : value;
  return formatHistoryValue({ kind: field.kind, currency: row.currency, options: field.kind === 'enum' ? field.options : undefined }, parsed);
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const render: Partial<Record<string, (row: Row) => ReactNode>> = {
  occurred_at: (r) => formatDateTime(r.occurred_at),
  record: (r) =>
    r._url ? (
      <Anchor component={Link} to={r._url.replace(/^\/jpanel/, '')} size="sm" c="dark.7" underline="always" onClick={(e) => e.stopPropagation()}>
        {r.record}
      </Anchor>
    ) : (
      r.record
    ),
  change: (r) => (
    <Group gap={4} wrap="wrap" style={{ overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed" span>
        {actionWord[r.action]}
      </Text>
      {r.action !== 'insert' && <Text size="sm" span>{shown(r, r.before)}</Text>}
      {r.action === 'update' && (
        <Text size="sm" span aria-label="changed to">
          →
        </Text>
      )}
      {r.action !== 'delete' && <Text size="sm" fw={500} span>{shown(r, r.after)}</Text>}
    </Group>
  ),
  actor: (r) => r.actor ?? <Text size="sm" c="dimmed" span>The system</Text>,
  ip: (r) => r.ip ?? '—',
};

const recordTypeOptions = AUDIT_RECORD_TYPES.map((value) => ({ value, label: auditRecordTypes[value].label }))
  .sort((a, b) => a.label.localeCompare(b.label));

function useAuditUsers() {
  return useQuery({ queryKey: ['audit', 'users'], queryFn: () => api<{ data: { id: number; name: string }[] }>('/jpanel/audit/users.json') });
}

function AuditFilters({ values, onChange }: FilterFormProps) {
  const users = useAuditUsers();
  const set = (change: Record<string, string | string[] | undefined>) => onChange({ ...values, ...change });
  return (
    <FilterPanel active={countActive(values)} onReset={() => onChange({})}>
      <Select
        label="Who"
        placeholder="Anyone"
        searchable
        data={(users.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
        value={one(values.user_id) ?? null}
        onChange={(v) => set({ user_id: v ?? undefined })}
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      <Select
        label="Record type"
        placeholder="Any"
        searchable
        data={recordTypeOptions}
        value={one(values.record_type) ?? null}
        onChange={(v) => set({ record_type: v ?? undefined })}
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      <DateRangeFilter label="When" from={one(values.from)} to={one(values.to)} onChange={(from, to) => set({ from, to })} />
    </FilterPanel>
  );
}

/** /audit: every recorded change across the system, one row per changed field, newest first. */
export function AuditLogPage() {
  const flags = useEditionFlags();
  return (
    <Stack gap="md">
      <Title order={2}>Audit log</Title>
      <Text size="sm" c="dimmed" maw={760}>
        Every change recorded across the system: which record and field, from what to what, who made it, when and from which address.
        A record's own page shows the same changes in its history.
      </Text>
      <DataTable<Row>
        endpoint="/jpanel/audit.ajax"
        exports={{ csv: { url: '/jpanel/audit.csv', permission: 'audit.view' } }}
        columns={auditLogColumns}
        flags={flags}
        pageSize={AUDIT_LOG_PAGE_SIZE}
        defaultOrder={AUDIT_LOG_DEFAULT_SORT}
        render={render}
        filters={(props) => <AuditFilters {...props} />}
        searchLabel="Search changes"
        emptyText="No changes match these filters."
      />
    </Stack>
  );
}
