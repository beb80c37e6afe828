import { duplicateMessages, formatAmount, formatDate, formatDateTime } from '@almoner/contracts';
import { Alert, Anchor, Button, Group, List, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useMerge, useUndoMerge } from './api.ts';
import { movedLabels } from './duplicate-parts.tsx';
import { ContributionLink } from '../contributions/contribution-badges.tsx';

const label = (reference: string) => movedLabels[reference] ?? reference;

/** A merge as it stands: who survived, what moved, and Undo while it can still be exact. */
export function MergeResult({ mergeId, candidateId }: { mergeId: number; candidateId: number }) {
  const merge = useMerge(mergeId);
  const undo = useUndoMerge();
  if (merge.isError) {
    return (
      <Alert color="red" title="This merge could not be loaded">
        {merge.error.message}
      </Alert>
    );
  }
  const m = merge.data;
  if (!m) return <Loader size="sm" aria-label="Loading the merge" />;
  const moved = m.moved.filter((r) => r.count > 0);

  const runUndo = async () => {
    const ok = await confirm({ title: 'Undo this merge?', message: duplicateMessages.confirmUndo, confirmLabel: 'Undo merge', danger: true });
    if (!ok) return;
    try {
      toast.success((await undo.mutateAsync(m.id)).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const winner = (
    <Anchor component={Link} to={`/supporters/${m.winner.id}`} fw={600} c="dark.7" underline="always" inherit>
      {m.winner.display_name}
    </Anchor>
  );
  const loser = (
    <Anchor component={Link} to={`/supporters/${m.loser.id}`} fw={600} c="dark.7" underline="always" inherit>
      {m.loser.display_name}
    </Anchor>
  );

  if (m.undone_at) {
    return (
      <Alert color="gray" title="Separate supporters again" data-testid="merge-undone">
        <Stack gap="xs">
          <Text size="sm">
            {winner} and {loser} are separate supporters again, each with their own records (undone {formatDateTime(m.undone_at)}).
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={`/supporters/duplicates/${candidateId}`} size="sm" c="dark.7" underline="always">
              Review this pair again
            </Anchor>
            <Anchor component={Link} to="/supporters/duplicates" size="sm" c="dark.7" underline="always">
              Back to duplicate supporters
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Alert color="green" title="Supporters merged" data-testid="merge-done">
        <Stack gap="xs">
          <Text size="sm">
            {loser} was merged into {winner} on {formatDateTime(m.merged_at)}. {m.loser.display_name} is archived.
          </Text>
          {moved.length ? (
            <div>
              <Text size="sm" fw={500}>
                Moved to {m.winner.display_name}:
              </Text>
              <List size="sm" spacing={2} aria-label="Moved records">
                {moved.map((r) => (
                  <List.Item key={r.reference}>
                    {label(r.reference)}: {r.count}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : (
            <Text size="sm">No records needed to move.</Text>
          )}
          <Group justify="space-between">
            <Anchor component={Link} to="/supporters/duplicates" size="sm" c="dark.7" underline="always">
              Back to duplicate supporters
            </Anchor>
            {m.can_undo && (
              <Button variant="light" color="red" size="xs" loading={undo.isPending} onClick={() => void runUndo()}>
                Undo merge
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>
      {m.contributions.length > 0 && (
        <Table verticalSpacing="xs" withTableBorder aria-label="Contributions moved">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Contribution</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {m.contributions.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <ContributionLink id={c.id} />
                </Table.Td>
                <Table.Td>{formatDate(c.ordered_at)}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatAmount(c.amount, c.currency_code)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
