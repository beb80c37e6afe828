import { type DuplicateCandidate, MERGE_FIELDS, type MergeField, duplicateMessages, mergeFieldLabels } from '@almoner/contracts';
import { Alert, Anchor, Button, Group, Loader, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { useCandidate, useMerge, useMergeCandidate } from './api.ts';
import { ReasonBadges, ScoreText } from './duplicate-parts.tsx';
import { MergeResult } from './merge-result.tsx';

type Side = 'a' | 'b';
const other = (side: Side): Side => (side === 'a' ? 'b' : 'a');
const filled = (v: string | null) => v !== null && v.trim() !== '';

/** The surviving value by default: the kept record's, unless it is empty and the other's is not. */
export function defaultChoice(pair: DuplicateCandidate, field: MergeField, winner: Side): Side {
  return !filled(pair[winner].fields[field]) && filled(pair[other(winner)].fields[field]) ? other(winner) : winner;
}

/** The record with more contributions survives by default; on a tie the older one (a). */
const defaultWinner = (pair: DuplicateCandidate): Side => (pair.b.contributions > pair.a.contributions ? 'b' : 'a');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function ValueCell({ field, side, pair, chosen, choosable, onChoose }: { field: MergeField; side: Side; pair: DuplicateCandidate; chosen: boolean; choosable: boolean; onChoose: () => void }) {
  const value = pair[side].fields[field];
  const shown = filled(value) ? value : '(empty)';
  if (!choosable) {
    return (
      <Text size="sm" c={filled(value) ? undefined : 'dimmed'}>
        {shown}
      </Text>
    );
  }
  return (
    <Radio
      name={`field-${field}`}
      value={side}
      checked={chosen}
      onChange={onChoose}
      label={shown}
      aria-label={`${mergeFieldLabels[field]}: keep ${filled(value) ? `“${value}”` : 'empty'} from ${pair[side].display_name}`}
      styles={{ label: { color: filled(value) ? undefined : 'var(--mantine-color-dimmed)', wordBreak: 'break-word' } }}
    />
  );
}

function MergeForm({ pair, canMerge, onMerged }: { pair: DuplicateCandidate; canMerge: boolean; onMerged: (mergeId: number) => void }) {
  const [winner, setWinner] = useState<Side>(() => defaultWinner(pair));
  const [picked, setPicked] = useState<Partial<Record<MergeField, Side>>>({});
  const merge = useMergeCandidate();
  const rows = MERGE_FIELDS.filter((f) => filled(pair.a.fields[f]) || filled(pair.b.fields[f]));
  const choice = (f: MergeField): Side => picked[f] ?? defaultChoice(pair, f, winner);
  const loser = pair[other(winner)];

  const submit = async () => {
    const ok = await confirm({ title: 'Merge these supporters?', message: duplicateMessages.confirmMerge, confirmLabel: 'Merge', danger: true });
    if (!ok) return;
    const fields = Object.fromEntries(rows.map((f) => [f, choice(f)]));
    try {
      const result = await merge.mutateAsync({ id: pair.id, input: { winner, fields } });
      toast.success(result.message);
      onMerged(result.data.id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const header = (side: Side) => (
    <Table.Th w="40%">
      <Stack gap={0}>
        <Anchor component={Link} to={`/supporters/${pair[side].id}`} fw={600} size="sm">
          {pair[side].display_name}
        </Anchor>
        <Text size="xs" c="dimmed" fw={400}>
          Supporter #{pair[side].id} · {plural(pair[side].contributions, 'contribution')}
        </Text>
      </Stack>
    </Table.Th>
  );

  return (
    <Stack gap="md">
      {canMerge && (
        <Paper withBorder p="md">
          <Radio.Group label="Which record survives?" description="The other record is archived; its history moves to the surviving one." value={winner} onChange={(v) => setWinner(v as Side)}>
            <Group mt="xs" gap="xl">
              {(['a', 'b'] as const).map((side) => (
                <Radio key={side} value={side} label={`${pair[side].display_name} (#${pair[side].id})`} />
              ))}
            </Group>
          </Radio.Group>
        </Paper>
      )}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" aria-label="Values to keep">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="20%">Field</Table.Th>
                {header('a')}
                {header('b')}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => {
                const same = (pair.a.fields[f] ?? '') === (pair.b.fields[f] ?? '');
                return (
                  <Table.Tr key={f} data-field={f}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={500}>
                          {mergeFieldLabels[f]}
                        </Text>
                        {same && <IconCheck size={14} color="var(--mantine-color-teal-7)" role="img" aria-label="Same on both" />}
                      </Group>
                    </Table.Td>
                    {(['a', 'b'] as const).map((side) => (
                      <Table.Td key={side}>
                        <ValueCell field={f} side={side} pair={pair} chosen={choice(f) === side} choosable={canMerge && !same} onChoose={() => setPicked((p) => ({ ...p, [f]: side }))} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {canMerge && (
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed" maw={640}>
            {`${loser.display_name}’s contributions${loser.contributions ? ` (${loser.contributions})` : ''}, recurring profiles, sponsorships, notes and receipts move to ${pair[winner].display_name}; ${loser.display_name} is archived.`}
          </Text>
          <Button color="red" loading={merge.isPending} onClick={() => void submit()}>
            Merge supporters
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Review a duplicate pair and merge it (issue 16 item 6); `?merge=` shows the merge's result. */
export function MergePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const mergeId = Number(params.get('merge')) || null;
  const can = useCan();
  const candidate = useCandidate(id, valid && mergeId === null);
  const merge = useMerge(mergeId);
  const title = mergeId === null ? 'Merge duplicate supporters' : merge.data?.undone_at ? 'Merge undone' : 'Merged supporters';
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/supporters/duplicates" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Duplicate supporters
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{title}</Title>
        {candidate.data && mergeId === null && (
          <Group gap="sm">
            <ReasonBadges reasons={candidate.data.reasons} />
            <Group gap={4}>
              <Text size="sm" c="dimmed">
                Confidence
              </Text>
              <ScoreText score={candidate.data.score} />
            </Group>
          </Group>
        )}
      </Group>
      {mergeId !== null ? (
        <MergeResult mergeId={mergeId} candidateId={id} />
      ) : !valid || candidate.isError ? (
        <Alert color="gray" title="Nothing to merge">
          {candidate.error?.message ?? duplicateMessages.notFound}{' '}
          <Anchor component={Link} to="/supporters/duplicates" c="dark.7" underline="always" inherit>
            Back to the list
          </Anchor>
        </Alert>
      ) : candidate.data ? (
        <MergeForm key={candidate.data.id} pair={candidate.data} canMerge={can('member.merge')} onMerged={(m) => setParams({ merge: String(m) })} />
      ) : (
        <Loader size="sm" aria-label="Loading the pair" />
      )}
    </Stack>
  );
}
