import { formatDateTime, formatHistoryValue, type HistoryEntry, historyFieldOf } from '@almoner/contracts';
import { Anchor, Button, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRecordHistory } from './api.ts';
import { orderedChanges } from './history-order.ts';

const actionLabel = { insert: 'Created', update: 'Changed', delete: 'Deleted' } as const;
const actionIcon = { insert: IconPlus, update: IconEdit, delete: IconTrash } as const;

type Change = HistoryEntry['changes'][number];

/** One field of an entry: "Refunded amount: $0.00 → $100.00", or only the value on create/delete. */
function ChangeLine({ table, change, action }: { table: string; change: Change; action: HistoryEntry['action'] }) {
  const field = historyFieldOf(table, change.field);
  const options = field.kind === 'enum' ? field.options : undefined;
  const show = (value: unknown, currency = change.currency) => formatHistoryValue({ kind: change.kind, currency, options }, value);
  const value = (text: string) => (
    <Text size="sm" span fw={500} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text size="sm" c="dimmed" span>
        {change.label}:
      </Text>
      {change.kind === 'secret' ? (
        value('changed')
      ) : action === 'update' ? (
        <>
          {value(show(change.before, change.before_currency ?? change.currency))}
          <Text size="sm" span aria-label="changed to">
            →
          </Text>
          {value(show(change.after))}
        </>
      ) : (
        value(show(action === 'delete' ? change.before : change.after))
      )}
    </Group>
  );
}

/** A created or deleted record lists its fields; past this many, the rest wait behind a link. */
const FIELDS_SHOWN = 6;

function EntryChanges({ table, entry }: { table: string; entry: HistoryEntry }) {
  const [all, setAll] = useState(false);
  const changes = orderedChanges(table, entry.action, entry.changes);
  const shown = all || changes.length <= FIELDS_SHOWN + 1 ? changes : changes.slice(0, FIELDS_SHOWN);
  return (
    <Stack gap={2} mt={4}>
      {shown.map((change) => (
        <ChangeLine key={change.field} table={table} change={change} action={entry.action} />
      ))}
      {shown.length < changes.length && (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setAll(true)}>
          Show all {changes.length} fields
        </Anchor>
      )}
    </Stack>
  );
}

type RecordHistoryProps = {
  table: string;
  id: string | number;
  /** What this trail holds, when the page shows another history beside it (a contribution's status events). */
  description?: string;
  emptyText?: string;
};

/** The audit trail of one record: who changed which field, when, from where. */
export function RecordHistory({ table, id, description, emptyText = 'No changes recorded yet.' }: RecordHistoryProps) {
  const history = useRecordHistory(table, id);
  const entries = history.data?.pages.flatMap((p) => p.data) ?? [];
  const headingId = useId();

  // A region named by its heading, so the trail is one landmark a screen reader (and a test) finds.
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Stack gap={2}>
        <Title order={4} id={headingId}>
          History
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {history.isPending && <Loader size="sm" aria-label="Loading history" />}
      {history.isError && <Text c="red">{history.error.message}</Text>}
      {history.isSuccess && entries.length === 0 && <Text c="dimmed">{emptyText}</Text>}
      <Timeline bulletSize={24} lineWidth={2}>
        {entries.map((entry) => {
          const Icon = actionIcon[entry.action];
          return (
            <Timeline.Item key={entry.id} bullet={<Icon size={14} />} title={`${actionLabel[entry.action]} by ${entry.actor?.name ?? 'the system'}`}>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.occurred_at)}
                {entry.ip ? ` · from ${entry.ip}` : ''}
              </Text>
              <EntryChanges table={table} entry={entry} />
            </Timeline.Item>
          );
        })}
      </Timeline>
      {history.hasNextPage && (
        <Button variant="subtle" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
          Show older changes
        </Button>
      )}
    </Stack>
  );
}
