import { type TransactionDetail, contributionNumber, formatAmount, formatDate, transactionMessages } from '@almoner/contracts';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconCashBanknoteOff, IconReceipt, IconRefresh } from '@tabler/icons-react';
import { confirm } from '../../components/dialogs.tsx';
import { Fact } from '../../components/fact.tsx';
import { toast } from '../../components/toast.ts';
import { ResyncButton, useCanResync } from '../crm/resync-button.tsx';
import { paymentMethod } from '../contributions/contribution-sections.tsx';
import { type TransactionAction, useTransaction, useTransactionAction } from './api.ts';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const receiptColor = { draft: 'yellow', issued: 'teal', void: 'gray' } as const;

function Details({ t, onOpenReceipt }: { t: TransactionDetail; onOpenReceipt?: ((id: number) => void) | undefined }) {
  return (
    <Stack gap={6}>
      <Fact label="Method">{paymentMethod({ type: t.type, card_brand: t.card_brand, card_last4: t.card_last4, cheque_number: null })}</Fact>
      <Fact label="Reference">{[t.gateway ? capitalise(t.gateway) : 'Offline', t.reference_number].filter(Boolean).join(' · ')}</Fact>
      <Fact label="Date">{formatDate(t.created_at)}</Fact>
      <Fact label="Status">
        <Badge size="sm" variant="light">
          {capitalise(t.status)}
        </Badge>
      </Fact>
      <Fact label="Amount">{formatAmount(t.amount, t.currency_code)}</Fact>
      <Fact label="Refunded">{t.amount_refunded > 0 ? formatAmount(t.amount_refunded, t.currency_code) : '—'}</Fact>
      <Fact label="Paid">{t.contributions.map((c) => `Contribution ${contributionNumber(c.id)}`).join(', ') || '—'}</Fact>
      <Fact label="Tax receipts">
        {t.receipts.length === 0
          ? 'None'
          : t.receipts.map((r) => (
              <Group key={r.id} gap={6} wrap="nowrap">
                {onOpenReceipt ? (
                  <Anchor component="button" type="button" size="sm" onClick={() => onOpenReceipt(r.id)}>
                    {r.number ?? 'Draft receipt'}
                  </Anchor>
                ) : (
                  <Text size="sm">{r.number ?? 'Draft receipt'}</Text>
                )}
                <Badge size="xs" variant="light" color={receiptColor[r.status]}>
                  {r.status}
                </Badge>
              </Group>
            ))}
      </Fact>
      {t.refunds.length > 0 && (
        <Table verticalSpacing={4} fz="sm" mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Refund</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {t.refunds.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {r.reference_number ?? capitalise(r.status)}
                  {r.reference_number && r.status !== 'succeeded' && (
                    <Badge size="xs" variant="light" color={r.status === 'pending' ? 'yellow' : 'red'} ml={6}>
                      {r.status}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(r.created_at)}</Table.Td>
                <Table.Td ta="right">{formatAmount(r.amount, t.currency_code)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function Actions({ t }: { t: TransactionDetail }) {
  const action = useTransactionAction(t.id);
  const run = async (name: TransactionAction) => {
    if (name === 'refund') {
      const ok = await confirm({ title: 'Refund transaction', message: transactionMessages.confirmRefund, confirmLabel: 'Refund', danger: true });
      if (!ok) return;
    }
    try {
      const answer = await action.mutateAsync(name);
      if (answer.status === 'success') toast.success(answer.message);
      else toast.error(answer.message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  const busy = (name: TransactionAction) => action.isPending && action.variables === name;
  const resync = useCanResync();
  if (!t.can.issue_tax_receipt && !t.can.refund && !t.can.refresh_payment_status && !resync) return null;
  return (
    <Group gap="xs" justify="flex-end">
      {resync && <ResyncButton transactionId={t.id} disabled={action.isPending} />}
      {t.can.issue_tax_receipt && (
        <Button variant="default" leftSection={<IconReceipt size={16} />} loading={busy('issue_tax_receipt')} disabled={action.isPending} onClick={() => void run('issue_tax_receipt')}>
          Issue tax receipt
        </Button>
      )}
      {t.can.refresh_payment_status && (
        <Button variant="default" leftSection={<IconRefresh size={16} />} loading={busy('refresh-payment-status')} disabled={action.isPending} onClick={() => void run('refresh-payment-status')}>
          Refresh payment status
        </Button>
      )}
      {t.can.refund && (
        <Button color="red" variant="light" leftSection={<IconCashBanknoteOff size={16} />} loading={busy('refund')} disabled={action.isPending} onClick={() => void run('refund')}>
          Refund
        </Button>
      )}
    </Group>
  );
}

/** The transaction modal (spec part 2 §2): a payment, and issue receipt / refund / refresh status. */
export function TransactionModal({ id, onClose, onOpenReceipt }: { id: number | null; onClose: () => void; onOpenReceipt?: (id: number) => void }) {
  const query = useTransaction(id);
  return (
    <Modal opened={id !== null} onClose={onClose} title={id ? `Transaction #${id}` : 'Transaction'} size="lg" centered>
      {query.isPending ? (
        <Center h={160}>
          <Loader aria-label="Loading transaction" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Could not load">
          {query.error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <Details t={query.data} onOpenReceipt={onOpenReceipt} />
          <Actions t={query.data} />
        </Stack>
      )}
    </Modal>
  );
}
