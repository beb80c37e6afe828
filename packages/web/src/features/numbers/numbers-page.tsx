import { formatDate, numberMessages, type PhoneNumber, RELOAD_AFTER_ACTION_MS } from '@almoner/contracts';
import { Badge, Button, Center, CloseButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMessageCircle, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '../../components/data-table/list-table.tsx';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { numberKeys, useKeywordMutations, useNumbers, useReleaseNumber } from './api.ts';
import { NumberSearchModal } from './number-search-modal.tsx';

/** Text-to-give numbers in use, their keywords, and the modal that adds one. */
export function NumbersPage() {
  const numbers = useNumbers();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [released, setReleased] = useState<ReadonlySet<number>>(new Set());
  const reload = () => void queryClient.invalidateQueries({ queryKey: numberKeys.all });
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={2}>Text-to-give numbers</Title>
        <Group>
          <Button component={Link} to="/messenger/console" variant="default" leftSection={<IconMessageCircle size={16} />}>
            Messenger console
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add a number
          </Button>
        </Group>
      </Group>
      {numbers.data?.provider === 'sandbox' && (
        <Text size="sm" c="dimmed">
          Numbers come from the built-in sandbox: they provision and release here, but no carrier texts them.
        </Text>
      )}
      {numbers.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      )}
      {numbers.error && <LoadErrorAlert error={numbers.error} />}
      {numbers.data && (
        <ListTable
          label="Text-to-give numbers"
          columns={numberColumns((n) => {
            // Released numbers leave the list at once; the list reloads from the server shortly after.
            setReleased((ids) => new Set(ids).add(n.id));
            window.setTimeout(reload, RELOAD_AFTER_ACTION_MS);
          })}
          rows={numbers.data.data.filter((n) => !released.has(n.id))}
          empty="No text-to-give numbers yet."
        />
      )}
      <NumberSearchModal
        opened={adding}
        onClose={() => setAdding(false)}
        onProvisioned={() => {
          setAdding(false);
          reload();
        }}
      />
    </Stack>
  );
}

/** The numbers as a list: a table on a wide screen, a card each on a phone. */
const numberColumns = (onReleased: (n: PhoneNumber) => void): ListTableColumn<PhoneNumber>[] => [
  {
    header: 'Number',
    card: 'title',
    sortValue: (n) => n.full,
    cell: (n) => (
      <>
        <Text fw={500}>{n.short}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {n.full}
        </Text>
      </>
    ),
  },
  { header: 'Type', card: 'status', sortValue: (n) => n.type, cell: (n) => <NumberType number={n} /> },
  { header: 'Keywords', cell: (n) => <Keywords number={n} /> },
  { header: 'Provisioned', card: 'date', sortValue: (n) => n.created_at, cell: (n) => formatDate(n.created_at) },
  { header: 'Actions', hideHeader: true, align: 'right', cell: (n) => <ReleaseButton number={n} onReleased={() => onReleased(n)} /> },
];

function NumberType({ number }: { number: PhoneNumber }) {
  return (
    <Group gap={6}>
      <Badge variant="light" color={number.type === 'toll-free' ? 'grape' : 'blue'}>
        {number.type === 'toll-free' ? 'Toll-free' : 'Local'}
      </Badge>
      {number.verification_status && (
        <Badge variant="outline" color="gray">
          {number.verification_status.replace(/_/g, ' ').toLowerCase()}
        </Badge>
      )}
    </Group>
  );
}

function ReleaseButton({ number, onReleased }: { number: PhoneNumber; onReleased: () => void }) {
  const release = useReleaseNumber();
  const ask = async () => {
    const yes = await confirm({ title: 'Release number', message: numberMessages.confirmRelease(number.short), confirmLabel: 'Release', cancelLabel: 'Cancel', danger: true });
    if (!yes) return;
    release.mutate(number.id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onReleased();
      },
      onError: () => toast.error(numberMessages.releaseFailed(number.short)),
    });
  };
  return (
    <Button size="xs" color="red" variant="light" loading={release.isPending} onClick={() => void ask()} aria-label={`Release ${number.short}`}>
      Release
    </Button>
  );
}

function Keywords({ number }: { number: PhoneNumber }) {
  const { add, remove } = useKeywordMutations();
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(
      { id: number.id, keyword: word },
      {
        onSuccess: (a) => {
          toast.success(a.message);
          setWord('');
          setError(null);
        },
        onError: (e) => setError(e instanceof ApiError ? (e.errors?.keyword?.[0] ?? e.message) : String(e)),
      },
    );
  };
  return (
    <Stack gap={6}>
      <Group gap={6}>
        {number.keywords.map((k) => (
          <Badge key={k.id} variant="default" pr={3} rightSection={
            <CloseButton size="xs" aria-label={`Remove keyword ${k.keyword}`} onClick={() => remove.mutate(k.id, { onSuccess: (a) => toast.success(a.message), onError: (e) => toast.error(e.message) })} />
          }>
            {k.keyword}
          </Badge>
        ))}
      </Group>
      <form onSubmit={submit} aria-label={`Add a keyword to ${number.short}`}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <TextInput size="xs" placeholder="e.g. GIVE" aria-label={`New keyword for ${number.short}`} value={word} error={error} onChange={(e) => setWord(e.currentTarget.value)} />
          <Button size="xs" type="submit" variant="default" loading={add.isPending}>
            Add
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
