import { RENEWALS_DUE_DAYS, type RenewalDue, formatDate, formatDateTime } from '@almoner/contracts';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/session.ts';
import { ListTable, type ListTableColumn } from '../../components/data-table/list-table.tsx';
import { toast } from '../../components/toast.ts';
import { useRenewalsDue, useSendRenewalReminders } from './api.ts';

/**
 * Renewals due (issue 38 item 1): memberships that expire within the days chosen, or expired
 * within them, and were not renewed, soonest first. Staff pick members and send each a renewal
 * reminder (Settings › Mail templates › Membership renewal); the list says when one was sent.
 */
export function RenewalsPage() {
  const can = useCan();
  const [days, setDays] = useState(RENEWALS_DUE_DAYS);
  const query = useRenewalsDue(days);
  const send = useSendRenewalReminders(days);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const rows = query.data?.data ?? [];
  const mailable = rows.filter((r) => r.email);
  const toggle = (id: number) => setChosen((now) => new Set(now.has(id) ? [...now].filter((x) => x !== id) : [...now, id]));
  const remind = () =>
    send.mutate([...chosen], {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setChosen(new Set());
      },
      onError: (error) => toast.error(error.message),
    });
  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>Membership renewals due</Title>
      <Text size="sm" c="dimmed">
        Memberships that expire in the next days chosen, or expired in the last ones, and have not been renewed.
      </Text>
      <Group align="flex-end" gap="md">
        <NumberInput
          label="Days either side of today"
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          w={200}
          value={days}
          onChange={(value) => {
            const next = Number(value);
            if (Number.isInteger(next) && next >= 1 && next <= 365) {
              setDays(next);
              setChosen(new Set());
            }
          }}
        />
        {can('member.edit') && (
          <Button leftSection={<IconMailForward size={16} />} disabled={chosen.size === 0} loading={send.isPending} onClick={remind}>
            {chosen.size === 1 ? 'Send 1 reminder' : `Send ${chosen.size} reminders`}
          </Button>
        )}
      </Group>
      {query.isError && <Alert color="red" title="Could not load">{query.error.message}</Alert>}
      {query.isPending ? (
        <Loader aria-label="Loading renewals" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No memberships are due for renewal in this window.
        </Text>
      ) : (
        <RenewalsTable rows={rows} chosen={chosen} selectable={can('member.edit')} onToggle={toggle} onAll={(on) => setChosen(new Set(on ? mailable.map((r) => r.id) : []))} />
      )}
    </Stack>
  );
}

type TableProps = { rows: RenewalDue[]; chosen: Set<number>; selectable: boolean; onToggle: (id: number) => void; onAll: (on: boolean) => void };

/** The members due, as a table on a wide screen and cards on a phone (the shared ListTable); choosing is by each row's checkbox. */
function RenewalsTable({ rows, chosen, selectable, onToggle, onAll }: TableProps) {
  const mailable = rows.filter((r) => r.email);
  const all = mailable.length > 0 && mailable.every((r) => chosen.has(r.id));
  const columns: ListTableColumn<RenewalDue>[] = [
    ...(selectable
      ? [{ header: 'Choose', hideHeader: true, cell: (r: RenewalDue) => <Checkbox aria-label={`Choose ${r.supporter_name}`} checked={chosen.has(r.id)} disabled={!r.email} onChange={() => onToggle(r.id)} /> }]
      : []),
    {
      // The name in the text colour (a link all the same): the row under the pointer (choosing it) is tinted, and the link colour then falls just short of 4.5:1.
      header: 'Member',
      card: 'title',
      sortValue: (r) => r.supporter_name,
      cell: (r) => (
        <Anchor component={Link} to={`/supporters/${r.supporter_id}`} size="sm" fw={500} c="dark.6">
          {r.supporter_name}
        </Anchor>
      ),
    },
    { header: 'Level', sortValue: (r) => r.level, cell: (r) => r.level },
    { header: 'Expires', card: 'date', sortValue: (r) => r.expires_on, cell: (r) => formatDate(r.expires_on) },
    { header: 'E-mail', cell: (r) => r.email ?? <Badge color="gray" variant="light">No e-mail</Badge> },
    { header: 'Reminder sent', cell: (r) => (r.reminded_at ? formatDateTime(r.reminded_at) : '—') },
  ];
  return (
    <Stack gap="xs">
      {selectable && mailable.length > 0 && (
        <Checkbox label="Choose every member with an e-mail" checked={all} indeterminate={!all && chosen.size > 0} onChange={(e) => onAll(e.currentTarget.checked)} />
      )}
      <ListTable columns={columns} rows={rows} empty="No memberships are due for renewal in this window." label="Membership renewals due" />
    </Stack>
  );
}
