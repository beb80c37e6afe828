import { canManageSystem, formatDateTime, LOG_LEVELS, type LogEntry, type LogLevel, logMessages, messages } from '@almoner/contracts';
import { Alert, Badge, Button, Code, Group, Paper, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session.ts';
import { DateRangeFilter } from '../../components/data-table/index.ts';
import { ListTable, type ListTableColumn } from '../../components/data-table/list-table.tsx';
import { Pager } from '../../components/data-table/pager.tsx';
import { SearchBox } from '../../components/data-table/search-box.tsx';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { filtersFrom, type LogFilters, queryString, useLogEntries } from './api.ts';

const levelLabels: Record<LogLevel, string> = { info: 'Info', warning: 'Warning', error: 'Error' };
const levelColors: Record<LogLevel, string> = { info: 'blue', warning: 'orange', error: 'red' };

/** Context keys in the order and words a reader wants; anything unnamed is left out. */
const contextEntries = (context: LogEntry['context']) => Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined));

/** An entry's message, and its context unfolded under it on request. */
function EntryMessage({ entry }: { entry: LogEntry }) {
  const [open, setOpen] = useState(false);
  const context = contextEntries(entry.context);
  const hasContext = Object.keys(context).length > 0;
  const panelId = `log-context-${entry.id}`;
  return (
    <Stack gap={4} maw={520}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entry.message}
      </Text>
      {hasContext && (
        <UnstyledButton aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)} aria-label={`${open ? 'Hide' : 'Show'} context of the ${levelLabels[entry.level].toLowerCase()} at ${formatDateTime(entry.created_at)}`}>
          <Group gap={4} wrap="nowrap">
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            <Text size="sm" c="blue.8">
              Context
            </Text>
          </Group>
        </UnstyledButton>
      )}
      {open && (
        <Code block id={panelId} aria-label="Context" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {JSON.stringify(context, null, 2)}
        </Code>
      )}
    </Stack>
  );
}

const dimmedDash = <Text span size="sm" c="dark.3">—</Text>;

/** The entries: a table on a wide screen, cards on a phone. */
const entryColumns: ListTableColumn<LogEntry>[] = [
  { header: 'Time', card: 'date', cell: (entry) => formatDateTime(entry.created_at) },
  {
    header: 'Level',
    card: 'status',
    cell: (entry) => (
      <Badge color={levelColors[entry.level]} variant="light">
        {levelLabels[entry.level]}
      </Badge>
    ),
  },
  { header: 'Source', cell: (entry) => entry.source },
  { header: 'Message', card: 'title', cell: (entry) => <EntryMessage entry={entry} /> },
  { header: 'User', cell: (entry) => entry.user_name ?? dimmedDash },
  { header: 'Address', cell: (entry) => entry.ip_address ?? dimmedDash },
];

/**
 * The transient log viewer (spec part 2 §1, §3 "Log entry"): what the application met in the
 * last 14 days, newest first. Account administrators only, by the rule the server checks.
 */
export function LogViewerPage() {
  const me = useSession().data?.user;
  const allowed = me !== undefined && canManageSystem(me);
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const entries = useLogEntries(filters, allowed);
  const update = (change: Partial<LogFilters>) => setParams(new URLSearchParams(queryString({ ...filters, page: 1, ...change })));
  const filtered = Boolean(filters.level || filters.source || filters.search || filters.from || filters.to);

  const header = (
    <Stack gap={4}>
      <Title order={2}>Log viewer</Title>
      <Text c="dark.4" size="sm">
        Errors and warnings the application met: failed requests and failed background jobs. Entries are kept for 14 days.
      </Text>
    </Stack>
  );
  if (!me) return null;
  if (!allowed) {
    return (
      <Stack>
        {header}
        <Alert color="red" role="alert" title="No access">
          {messages.forbidden}
        </Alert>
      </Stack>
    );
  }

  const list = entries.data;
  const sources = [...new Set([...(list?.sources ?? []), ...(filters.source ? [filters.source] : [])])];
  return (
    <Stack gap="lg" maw={1300}>
      {header}
      <Group align="end" gap="sm">
        <Select
          label="Level"
          placeholder="All levels"
          clearable
          data={LOG_LEVELS.map((value) => ({ value, label: levelLabels[value] }))}
          value={filters.level ?? null}
          onChange={(value) => update({ level: (value as LogLevel | null) ?? undefined })}
          w={{ base: '100%', sm: 160 }}
        />
        <Select
          label="Source"
          placeholder="All sources"
          clearable
          data={sources}
          value={filters.source ?? null}
          onChange={(value) => update({ source: value ?? undefined })}
          w={{ base: '100%', sm: 180 }}
        />
        <DateRangeFilter label="Date" from={filters.from} to={filters.to} onChange={(from, to) => update({ from, to })} />
        <SearchBox label="Search messages and context" value={filters.search ?? ''} onSearch={(search) => update({ search: search || undefined })} />
        {filtered && (
          <Button variant="subtle" onClick={() => setParams(new URLSearchParams())}>
            Clear filters
          </Button>
        )}
      </Group>
      {entries.isError ? (
        <LoadErrorAlert error={entries.error} />
      ) : list && list.data.length === 0 ? (
        <Paper withBorder p="xl">
          <Text ta="center" c="dark.4">
            {filtered || filters.page > 1 ? logMessages.noMatch : logMessages.empty}
          </Text>
        </Paper>
      ) : (
        <div aria-busy={entries.isFetching}>
          <ListTable<LogEntry> label="Log entries" rows={list?.data ?? []} empty={logMessages.empty} columns={entryColumns} />
        </div>
      )}
      {list && list.total > 0 && (
        <Pager page={list.page} pageSize={list.page_size} shown={list.data.length} total={list.total} capped={false} onPage={(page) => setParams(new URLSearchParams(queryString({ ...filters, page })))} />
      )}
    </Stack>
  );
}
