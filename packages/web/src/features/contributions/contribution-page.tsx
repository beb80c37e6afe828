import { contributionNumber, formatDateTime, formatAmount, hasPermission, paymentStateLabel } from '@almoner/contracts';
import { ActionIcon, Alert, Badge, Button, Center, CopyButton, Flex, Grid, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconCopy, IconPencil, IconRestore, IconTrash, IconTruck, IconTruckOff, IconUser } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useEditionFlags } from '../../app/edition.ts';
import { useSession } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { flash } from '../../components/flash.tsx';
import { toast } from '../../components/toast.ts';
import { CrmSyncSection } from '../crm/crm-sync-section.tsx';
import { RecordHistory } from '../audit/record-history.tsx';
import { PermittedLink } from '../../components/permitted-link.tsx';
import { AddressBlock } from '../supporters/address-block.tsx';
import { ThanksSection } from './thanks-section.tsx';
import { type ContributionDetail, type ContributionRecord, useContribution, useDeleteContribution, useMarkContribution, useRestoreContribution } from './api.ts';
import { NotesSection } from './contribution-notes.tsx';
import { EditGiftModal } from './edit-gift-modal.tsx';
import { ContributionStatusBadge, ContributionTags } from './contribution-badges.tsx';
import { ItemsSection, PaymentsSection, StatusHistorySection } from './contribution-sections.tsx';
import { BackLink, Fact, Section } from './page-parts.tsx';
import { TransactionModal } from '../transactions/transaction-modal.tsx';
import { ReceiptModal } from '../receipts/receipt-modal.tsx';
import { TributeModal } from '../tributes/tribute-modal.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { ContactBadges } from '../supporters/contact-badges.tsx';

/** A deleted gift's one action: put it back (in lists, reports and lifetime giving). */
function RestoreButton({ c }: { c: ContributionRecord }) {
  const restore = useRestoreContribution();
  const handleRestore = async () => {
    try {
      const { message } = await restore.mutateAsync(c.id);
      toast.success(message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Button variant="default" leftSection={<IconRestore size={16} />} loading={restore.isPending} onClick={() => void handleRestore()}>
      Restore
    </Button>
  );
}

function Actions({ data }: { data: ContributionDetail }) {
  const c = data.contribution;
  const navigate = useNavigate();
  const user = useSession().data?.user;
  const remove = useDeleteContribution();
  const mark = useMarkContribution();
  const [refunding, setRefunding] = useState(false);
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  if (c.deleted_at) return hasPermission(user, 'order.edit') ? <RestoreButton c={c} /> : null;

  const handleDelete = async () => {
    const ok = await confirm({
      title: 'Delete contribution',
      message: `Delete contribution ${contributionNumber(c.id)}? It leaves every list and report, but its payments and refunds are kept: this is a soft delete, not a refund.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(c.id);
      flash(`Contribution ${contributionNumber(c.id)} deleted.`);
      await navigate('/contributions');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  const handleFulfil = async () => {
    const next = c.is_fulfilled ? 'unfulfilled' : 'fulfilled';
    try {
      const { message } = await mark.mutateAsync({ id: c.id, mark: next });
      toast.success(message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
      {c.shippable_items > 0 && hasPermission(user, 'order.fullfill') && (
        <Button
          variant="default"
          leftSection={c.is_fulfilled ? <IconTruckOff size={16} /> : <IconTruck size={16} />}
          loading={mark.isPending}
          onClick={() => void handleFulfil()}
        >
          {c.is_fulfilled ? 'Mark unfulfilled' : 'Mark fulfilled'}
        </Button>
      )}
      {hasPermission(user, 'order.refund') && c.refundable_amount > 0 && (
        <>
          <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => setRefunding(true)}>
            Refund
          </Button>
          <RefundDialog c={c} opened={refunding} onClose={() => setRefunding(false)} />
        </>
      )}
      {hasPermission(user, 'order.edit') && (
        <>
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            Edit gift
          </Button>
          <EditGiftModal data={data} opened={editing} onClose={() => setEditing(false)} />
        </>
      )}
      {hasPermission(user, 'order.edit') && (
        <Button variant="light" color="red" leftSection={<IconTrash size={16} />} loading={remove.isPending} onClick={() => void handleDelete()}>
          Delete
        </Button>
      )}
    </Group>
  );
}

function Header({ data }: { data: ContributionDetail }) {
  const c = data.contribution;
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} gap="sm">
      <Stack gap={6} miw={0}>
        <Title order={2} fz={{ base: 'h4', sm: 'h3' }}>
          Contribution {contributionNumber(c.id)}
        </Title>
        <Group gap="xs">
          <ContributionStatusBadge status={c.status} size="md" />
          <ContributionTags row={c} size="sm" />
          <Text size="sm" fw={600}>
            {formatAmount(c.total_amount, c.currency_code)}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(c.ordered_at)}
          </Text>
        </Group>
      </Stack>
      <Actions data={data} />
    </Flex>
  );
}

function SupporterSection({ c }: { c: ContributionRecord }) {
  return (
    <Section title="Supporter">
      <Stack gap="sm">
        {c.supporter_id ? (
          <Group gap="xs" wrap="nowrap">
            <IconUser size={18} aria-hidden />
            <Stack gap={0} miw={0}>
              <PermittedLink permission="member.view" to={`/supporters/${c.supporter_id}`} fw={500}>
                {c.supporter_name || `Supporter #${c.supporter_id}`}
              </PermittedLink>
              {(c.supporter_deceased_on || c.supporter_do_not_contact) && (
                <Group gap={4}>
                  <ContactBadges deceasedOn={c.supporter_deceased_on} doNotContact={c.supporter_do_not_contact} size="xs" />
                </Group>
              )}
              {c.supporter_email && (
                <Text size="xs" c="dimmed" truncate>
                  {c.supporter_email}
                </Text>
              )}
            </Stack>
          </Group>
        ) : (
          <Group gap="xs">
            <Badge variant="default">Guest</Badge>
            <Text size="sm" c="dimmed">
              Not linked to a supporter
            </Text>
          </Group>
        )}
        <AddressBlock title="Billing" record={c} prefix="bill" />
        {c.shippable_items > 0 && <AddressBlock title="Shipping" record={c} prefix="ship" />}
      </Stack>
    </Section>
  );
}

/** The full invoice number, one click from the clipboard (the heading names the short number). */
function InvoiceNumberFact({ c }: { c: ContributionRecord }) {
  return (
    <Fact label="Invoice number">
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {c.number}
        </Text>
        <CopyButton value={c.number}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy invoice number'} withArrow>
              <ActionIcon variant="subtle" size="sm" color={copied ? 'teal' : 'gray'} aria-label="Copy invoice number" onClick={copy}>
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {!c.invoice_number && (
        <Text size="xs" c="dimmed">
          Not paid yet: this is the cart’s id until an invoice number is given.
        </Text>
      )}
    </Fact>
  );
}

function DetailsSection({ c }: { c: ContributionRecord }) {
  const flags = useEditionFlags();
  return (
    <Section title="Details">
      <Stack gap="sm">
        <InvoiceNumberFact c={c} />
        <Fact label="Source">{c.source ?? '—'}</Fact>
        {c.referral_source && <Fact label="Referral source">{c.referral_source}</Fact>}
        {c.campaign_name && (
          <Fact label="Campaign">
            <PermittedLink permission="campaign.view" to={`/campaigns/${c.campaign_id}`}>
              {c.campaign_name}
            </PermittedLink>
            {c.appeal_name ? ` · ${c.appeal_name}` : ''}
          </Fact>
        )}
        <Fact label="Payment">
          {paymentStateLabel(c.payment_state)}
          {c.payment_state === 'paid' && c.paid_at ? ` · ${formatDateTime(c.paid_at)}` : ''}
        </Fact>
        {c.refunded_at && <Fact label="Refunded">{formatDateTime(c.refunded_at)}</Fact>}
        {c.recurring_payment_profile_id && (
          <Fact label="Recurring profile">
            <PermittedLink permission="recurringpaymentprofile.view" to={`/recurring/${c.recurring_payment_profile_id}`}>
              {`#${c.recurring_profile_ref ?? c.recurring_payment_profile_id}`}
            </PermittedLink>
          </Fact>
        )}
        {flags.dp && <CrmSyncSection contributionId={c.id} donor={{ first_name: c.bill_first_name, last_name: c.bill_last_name, email: c.bill_email }} />}
        {c.comments && <Fact label="Special notes">{c.comments}</Fact>}
        {c.customer_notes && <Fact label="Supporter's notes">{c.customer_notes}</Fact>}
      </Stack>
    </Section>
  );
}

function ContributionView({ data }: { data: ContributionDetail }) {
  const c = data.contribution;
  const user = useSession().data?.user;
  const [transaction, setTransaction] = useState<number | null>(null);
  const [receipt, setReceipt] = useState<number | null>(null);
  const [tribute, setTribute] = useState<number | null>(null);
  return (
    <Stack gap="md">
      <BackLink to="/contributions">Contributions</BackLink>
      {c.deleted_at && (
        <Alert color="red" variant="filled" icon={<IconTrash size={18} />} title="Deleted" role="status">
          This contribution was deleted on {formatDateTime(c.deleted_at)}. It no longer shows in lists or reports; its payments are kept.
        </Alert>
      )}
      <Header data={data} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <ItemsSection items={data.items} c={c} onOpenTribute={user && hasPermission(user, 'tribute.view') ? setTribute : undefined} />
            <PaymentsSection payments={data.payments} onOpen={user && hasPermission(user, 'transaction.view') ? setTransaction : undefined} />
            <StatusHistorySection events={data.history} currency={c.currency_code} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <SupporterSection c={c} />
            <DetailsSection c={c} />
            <ThanksSection c={c} />
            <NotesSection data={data} canWrite={Boolean(user && hasPermission(user, 'order.edit'))} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <RecordHistory
          table="contributions"
          id={c.id}
          description="Edits to this contribution’s details, field by field. Payments, refunds and status changes are under Status history."
          emptyText="No one has edited its details since it was recorded."
        />
      </Paper>
      <TransactionModal
        id={transaction}
        onClose={() => setTransaction(null)}
        onOpenReceipt={user && hasPermission(user, 'taxreceipt.view') ? (id) => { setTransaction(null); setReceipt(id); } : undefined}
      />
      <ReceiptModal id={receipt} onClose={() => setReceipt(null)} />
      <TributeModal id={tribute} onClose={() => setTribute(null)} />
    </Stack>
  );
}

/** One contribution: what was given or bought, how it was paid, and what happened to it since. */
export function ContributionPage() {
  const param = useParams().id ?? '';
  const id = /^\d+$/.test(param) ? Number(param) : 0;
  // An invoice number (the point of sale's View link) reads the same page, then the address
  // settles on the id so every later action and cache key uses one form.
  const query = useContribution(id > 0 ? id : param);
  const navigate = useNavigate();
  const resolved = id > 0 ? undefined : query.data?.contribution.id;
  useEffect(() => {
    if (resolved) void navigate(`/contributions/${resolved}`, { replace: true });
  }, [resolved, navigate]);
  if (!param) return <Alert color="red" title="Could not load">This contribution does not exist.</Alert>;
  if (query.isPending || resolved) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading contribution" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="md">
        <BackLink to="/contributions">Contributions</BackLink>
        <Alert color="red" role="alert" title="Could not load">
          {query.error.message}
        </Alert>
      </Stack>
    );
  }
  return <ContributionView data={query.data} />;
}
