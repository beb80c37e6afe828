import { formatDateTime } from '@almoner/contracts';
import { Button, Code, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRecordHistory } from './api.ts';

const actionLabel = { insert: 'Created', update: 'Changed', delete: 'Deleted' } as const;
const actionIcon = { insert: IconPlus, update: IconEdit, delete: IconTrash } as const;

/** "billing_first_name" → "Billing first name". */
export const fieldLabel = (field: string) => {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The audit trail of one record: who changed which field, when, from where. */
export function RecordHistory({ table, id }: { table: string; id: string | number }) {
  const history = useRecordHistory(table, id);
  const entries = history.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Stack gap="sm">
      <Title order={4}>History</Title>
      {history.isPending && <Loader size="sm" aria-label="Loading history" />}
      {history.isError && <Text c="red">{history.error.message}</Text>}
      {history.isSuccess && entries.length === 0 && <Text c="dimmed">No changes recorded yet.</Text>}
      <Timeline bulletSize={24} lineWidth={2}>
        {entries.map((entry) => {
          const Icon = actionIcon[entry.action];
          return (
            <Timeline.Item key={entry.id} bullet={<Icon size={14} />} title={`${actionLabel[entry.action]} by ${entry.actor?.name ?? 'the system'}`}>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.occurred_at)}
                {entry.ip ? ` · from ${entry.ip}` : ''}
              </Text>
              <Stack gap={2} mt={4}>
                {entry.changes.map((change) => (
                  <Group key={change.field} gap={6} wrap="nowrap" align="baseline">
                    <Text size="sm" fw={500}>
                      {fieldLabel(change.field)}:
                    </Text>
                    {entry.action !== 'insert' && (
                      <>
                        <Code>{show(change.before)}</Code>
                        <Text size="sm" aria-hidden>
                          →
                        </Text>
                      </>
                    )}
                    <Code>{show(entry.action === 'delete' ? change.before : change.after)}</Code>
                  </Group>
                ))}
              </Stack>
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
