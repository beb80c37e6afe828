import { cancelProfileSchema, formatAmount, formatDate, formatDateTime, hasPermission, recurringChangeMessages, recurringMessages, scheduleLabel } from '@almoner/contracts';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../lib/api.ts';
import { ContributionLink } from '../contributions/contribution-badges.tsx';
import { BackLink } from '../contributions/page-parts.tsx';
import { historyKeys } from '../audit/api.ts';
import { RecordHistory } from '../audit/record-history.tsx';
import { RecordPaymentModal } from './record-payment-modal.tsx';
import { TermsModal } from './terms-modal.tsx';

type Charge = {
  id: number | null; contribution_id: number | null; ordered_at: string; amount: number; refunded_amount: number; payment_status: string; reason_code: string | null;
  is_first_gift: boolean; counts: boolean;
};
type Profile = {
  id: number; profile_id: string; status: 'Active' | 'Suspended' | 'Cancelled' | 'Expired'; is_locked: boolean; is_manual: boolean; today: string; supporter_id: number | null; supporter_name: string | null;
  description: string | null; billing_period: string; recurring_day: number | null; recurring_day_of_week: number | null; currency_code: string; amount: number;
  start_date: string; next_billing_date: string | null; final_payment_due_date: string | null; num_cycles_completed: number; total_billing_cycles: number | null;
  aggregate_amount: number; failed_payment_count: number; max_failed_payments: number; last_payment_at: string | null; cancel_reason: string | null;
  cancelled_at: string | null; suspended_at: string | null; authentication_required_at: string | null; transactions: Charge[];
  payment_method_id: number | null; payment_method: string | null; payment_methods: { id: number; label: string }[]; updated_at: string | null;
};

const statusColor = { Active: 'teal', Suspended: 'yellow', Cancelled: 'gray', Expired: 'gray' } as const;
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </Stack>
  );
}

function CancelDialog({ opened, onClose, onCancel, busy }: { opened: boolean; onClose: () => void; onCancel: (reason: string) => void; busy: boolean }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Cancel recurring profile" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = cancelProfileSchema.safeParse({ reason });
          if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
          onCancel(parsed.data.reason);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{recurringMessages.confirmCancel}</Text>
          <TextInput label="Reason" required maxLength={64} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} data-autofocus>
              Keep it
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Cancel profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A recurring profile (incumbent §9): its promise, its charges, and suspend / cancel / re-enable. */
export function RecurringPage() {
  const id = Number(useParams().id);
  const user = useSession().data?.user;
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [changing, setChanging] = useState(false);
  const [recording, setRecording] = useState(false);
  // The profile and its trail: every change here shows in both.
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['recurring', id] }), queryClient.invalidateQueries({ queryKey: historyKeys.record('recurring_payment_profiles', id) })]);
  const query = useQuery({ queryKey: ['recurring', id], queryFn: () => api<Profile>(`/jpanel/recurring/${id}`), enabled: id > 0, staleTime: 0 });
  const change = useMutation({
    mutationFn: ({ action, reason }: { action: 'suspend' | 'cancel' | 'enable'; reason?: string }) =>
      api<{ message: string }>(`/jpanel/recurring/${id}/${action}`, { method: 'POST', body: action === 'cancel' ? { reason } : undefined }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      setCancelling(false);
      await refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const charge = useMutation({
    mutationFn: (billingDate: string) => api<{ message: string; outcome: 'charged' | 'declined' }>(`/jpanel/recurring/${id}/charge`, { method: 'POST', body: { billing_date: billingDate } }),
    onSuccess: (answer) => (answer.outcome === 'charged' ? toast.success(answer.message) : toast.error(answer.message)),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  if (query.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading recurring profile" />
      </Center>
    );
  }
  if (query.isError) return <Alert color="red" role="alert" title="Could not load">{query.error.message}</Alert>;
  const p = query.data;
  const edit = user ? hasPermission(user, 'recurringpaymentprofile.edit') && !p.is_locked : false;
  const canCharge = user ? hasPermission(user, 'recurringpaymentprofile.charge') && !p.is_locked && p.status === 'Active' && p.next_billing_date !== null : false;
  // Charged by staff only, with nothing saved to charge: the donor pays by hand, staff record it.
  const byHand = p.is_manual && p.payment_method_id === null;
  const chargeNow = async () => {
    const billingDate = p.next_billing_date;
    if (!billingDate) return;
    if (await confirm({ title: 'Charge now', message: recurringChangeMessages.confirmCharge(formatAmount(p.amount, p.currency_code)), confirmLabel: 'Charge now' })) charge.mutate(billingDate);
  };
  const suspend = async () => {
    if (await confirm({ title: 'Suspend recurring profile', message: `Suspend recurring profile #${p.profile_id}? It is not charged until it is re-enabled.`, confirmLabel: 'Suspend' })) change.mutate({ action: 'suspend' });
  };
  return (
    <Stack gap="md">
      <BackLink to="/contributions">Contributions</BackLink>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>Recurring profile #{p.profile_id}</Title>
          <Group gap="xs">
            <Badge color={statusColor[p.status]} variant="light">
              {p.status}
            </Badge>
            {p.is_manual && (
              <Badge color="gray" variant="outline">
                Charged by staff only
              </Badge>
            )}
            <Text size="sm" fw={600}>
              {formatAmount(p.amount, p.currency_code)} · {scheduleLabel(p)}
            </Text>
          </Group>
        </Stack>
        {(edit || canCharge) && (
          <Group gap="xs">
            {canCharge && byHand && (
              <Button variant="default" onClick={() => setRecording(true)}>
                Record a payment
              </Button>
            )}
            {canCharge && !byHand && (
              <Button variant="default" onClick={() => void chargeNow()} loading={charge.isPending}>
                Charge now
              </Button>
            )}
            {edit && (p.status === 'Active' || p.status === 'Suspended') && (
              <Button variant="default" onClick={() => setChanging(true)}>
                Change terms
              </Button>
            )}
            {edit && p.status === 'Active' && (
              <Button variant="default" onClick={() => void suspend()} loading={change.isPending && change.variables.action === 'suspend'}>
                Suspend
              </Button>
            )}
            {edit && (p.status === 'Suspended' || p.status === 'Cancelled') && (
              <Button onClick={() => change.mutate({ action: 'enable' })} loading={change.isPending && change.variables.action === 'enable'}>
                Re-enable
              </Button>
            )}
            {edit && (p.status === 'Active' || p.status === 'Suspended') && (
              <Button color="red" variant="light" onClick={() => setCancelling(true)}>
                Cancel
              </Button>
            )}
          </Group>
        )}
      </Group>
      {p.status === 'Active' && p.authentication_required_at && (
        <Alert color="grape" title="Waiting for the donor to authenticate">
          Their bank asked the donor to confirm the renewal of {formatDate(p.authentication_required_at)}. The donor was e-mailed their update-card link;
          this gift is not charged again until they confirm a card there (or another card is put on it).
        </Alert>
      )}
      <ProfileFacts p={p} edit={edit} />
      <ProfilePayments p={p} />
      <RecordHistory table="recurring_payment_profiles" id={p.id} />
      {changing && <TermsModal p={p} opened onClose={() => setChanging(false)} onSaved={refresh} />}
      {recording && <RecordPaymentModal p={p} onClose={() => setRecording(false)} onSaved={refresh} />}
      <CancelDialog opened={cancelling} onClose={() => setCancelling(false)} onCancel={(reason) => change.mutate({ action: 'cancel', reason })} busy={change.isPending} />
    </Stack>
  );
}

/** The profile at a glance; the payment method's line can e-mail the donor a link to update it. */
function ProfileFacts({ p, edit }: { p: Profile; edit: boolean }) {
  const sendLink = useMutation({
    mutationFn: () => api<{ message: string }>(`/jpanel/recurring/${p.id}/card-link`, { method: 'POST' }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(error.message),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Fact label="Supporter">
          {p.supporter_id ? (
            <Anchor component={Link} to={`/supporters/${p.supporter_id}`} size="sm">
              {p.supporter_name ?? `Supporter #${p.supporter_id}`}
            </Anchor>
          ) : null}
        </Fact>
        <Fact label="Next billing">{p.status === 'Active' ? formatDate(p.next_billing_date) : '—'}</Fact>
        <Fact label="Started">{formatDate(p.start_date)}</Fact>
        <Fact label="Cycles">{p.total_billing_cycles ? `${p.num_cycles_completed} of ${p.total_billing_cycles}` : String(p.num_cycles_completed)}</Fact>
        <Fact label="Given so far">{formatAmount(p.aggregate_amount, p.currency_code)}</Fact>
        <Fact label="Last payment">{formatDateTime(p.last_payment_at)}</Fact>
        <Fact label="Payment method">
          {p.payment_method ?? '—'}
          {edit && (p.status === 'Active' || p.status === 'Suspended') && (
            <Anchor component="button" type="button" size="sm" display="block" onClick={() => sendLink.mutate()} disabled={sendLink.isPending}>
              E-mail the donor a link to update it
            </Anchor>
          )}
        </Fact>
        <Fact label="Failed payments">{`${p.failed_payment_count} (suspends at ${p.max_failed_payments})`}</Fact>
        {p.status === 'Cancelled' && <Fact label="Cancelled">{`${formatDate(p.cancelled_at)}${p.cancel_reason ? ` · ${p.cancel_reason}` : ''}`}</Fact>}
      </SimpleGrid>
    </Paper>
  );
}

/** The charges made on the profile, the first gift included. */
function ProfilePayments({ p }: { p: Profile }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="sm">
        Payments
      </Title>
      {p.transactions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments yet.{p.status === 'Active' && p.next_billing_date ? ` The first is due ${formatDate(p.next_billing_date)}.` : ''}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Contribution</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Refunded</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.transactions.map((t) => (
                <Table.Tr key={t.is_first_gift ? `first-${t.contribution_id}` : `charge-${t.id}`}>
                  <Table.Td>
                    {formatDate(t.ordered_at)}
                    {t.is_first_gift && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · first gift
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t.contribution_id ? <ContributionLink id={t.contribution_id} /> : '—'}</Table.Td>
                  <Table.Td>
                    {t.payment_status}
                    {t.reason_code ? ` · ${t.reason_code}` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{formatAmount(t.amount, p.currency_code)}</Table.Td>
                  <Table.Td ta="right">{t.refunded_amount ? formatAmount(t.refunded_amount, p.currency_code) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
