import { RecordHistory } from '../audit/record-history.tsx';
import { type ReceiptDetail, type ReviseReceiptInput, formatAmount, formatDate, formatDateTime, hasPermission, receiptActions, reviseReceiptSchema } from '@almoner/contracts';
import { Alert, Badge, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, TextInput, Timeline } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBan, IconDownload, IconMail, IconPencil, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import { WithOrgToday } from '../../app/with-org-today.tsx';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { receiptPdfUrl, useReceipt, useReceiptAction } from './api.ts';
import { ModalActions } from '../../components/modal-actions.tsx';

const statusColor = { draft: 'yellow', issued: 'teal', void: 'gray' } as const;
const toast422 = (error: unknown) => toast.error(error instanceof Error ? error.message : String(error));

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children || '—'}
      </Text>
    </Group>
  );
}

function Details({ r }: { r: ReceiptDetail }) {
  const address = [r.address_01, r.address_02, [r.city, [r.state, r.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '), r.country].filter(Boolean).join('\n');
  return (
    <Stack gap="sm">
      <Stack gap={6}>
        <Fact label="Status">
          <Badge size="sm" variant="light" color={statusColor[r.status]}>
            {r.status}
          </Badge>
        </Fact>
        <Fact label="Issued">{formatDate(r.issued_at)}</Fact>
        {r.voided_at && <Fact label="Voided">{formatDateTime(r.voided_at)}</Fact>}
        <Fact label="Amount">{formatAmount(r.amount, r.currency_code)}</Fact>
        <Fact label="Name">{r.name}</Fact>
        <Fact label="Email">{r.email}</Fact>
        <Fact label="Address">{address}</Fact>
        <Fact label="Phone">{r.phone}</Fact>
        {r.notified_at && <Fact label="Sent">{formatDateTime(r.notified_at)}</Fact>}
      </Stack>
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Covers</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.lines.map((l, i) => (
            <Table.Tr key={i} c={l.removed_at ? 'dimmed' : undefined}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {l.description}
                {l.removed_at && (
                  <Text span size="xs" c="dimmed">
                    {` · removed ${formatDate(l.removed_at)}`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDate(l.donated_at)}</Table.Td>
              <Table.Td ta="right" td={l.removed_at ? 'line-through' : undefined}>
                {formatAmount(l.amount, l.currency_code)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {r.revisions.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Revisions
          </Text>
          <Timeline bulletSize={12} lineWidth={2}>
            {[...r.revisions].reverse().map((v) => (
              <Timeline.Item key={v.revision} title={<Text size="sm">{`${v.number} (was ${v.previous_number ?? '—'})`}</Text>}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(v.revised_at)} · {v.revised_by ?? 'the system'}
                  {v.reason ? ` · ${v.reason}` : ''}
                </Text>
                {v.changes.map((c) => (
                  <Text key={c.label} size="xs">
                    {c.label}: {c.from ?? '—'} → {c.to ?? '—'}
                  </Text>
                ))}
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Stack>
  );
}

type FormValues = Record<keyof ReviseReceiptInput, string>;
// A receipt never issued starts on the organisation's today.
const valuesOf = (r: ReceiptDetail, today: string): FormValues => ({
  name: r.name ?? '', first_name: r.first_name ?? '', last_name: r.last_name ?? '', email: r.email ?? '', address_01: r.address_01 ?? '',
  address_02: r.address_02 ?? '', city: r.city ?? '', state: r.state ?? '', zip: r.zip ?? '', country: r.country ?? '', phone: r.phone ?? '',
  amount: r.amount.toFixed(2), issued_at: r.issued_at?.slice(0, 10) ?? today, reason: '',
});

function ReviseForm({ r, today, onDone }: { r: ReceiptDetail; today: string; onDone: () => void }) {
  const action = useReceiptAction(r.id);
  const form = useForm<FormValues>({ initialValues: valuesOf(r, today), validate: schemaResolver(reviseReceiptSchema, { sync: true }) });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await action.mutateAsync({ action: 'revise', values });
      toast.success(answer.message);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
        return;
      }
      toast422(error);
    }
  });
  const field = (name: keyof FormValues, label: string, max: number, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} maxLength={max} autoComplete="off" {...extra} {...form.getInputProps(name)} />
  );
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {r.status === 'issued' && (
          <Text size="sm" c="dimmed">
            Saving keeps this version as it is and issues the receipt again with a new revision number.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {field('name', 'Name', 150, { 'data-autofocus': true })}
          {field('email', 'Email', 45, { type: 'email' })}
          {field('first_name', 'First name', 45)}
          {field('last_name', 'Last name', 45)}
          {field('address_01', 'Address', 450)}
          {field('address_02', 'Address 2', 450)}
          {field('city', 'City', 45)}
          {field('state', 'State', 45)}
          {field('zip', 'ZIP', 45)}
          {field('country', 'Country (2-letter code)', 2, { placeholder: 'US' })}
          {field('phone', 'Phone', 45, { type: 'tel' })}
          {field('amount', 'Amount', 20, { required: true, inputMode: 'decimal', rightSection: <Text size="xs">{r.currency_code}</Text>, rightSectionWidth: 44 })}
          {field('issued_at', 'Issue date', 10, { required: true, placeholder: 'yyyy-mm-dd' })}
          {field('reason', 'Reason for the change', 255)}
        </SimpleGrid>
        <ModalActions submitLabel="Save" loading={action.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

function Actions({ r, onRevise, onClose }: { r: ReceiptDetail; onRevise: () => void; onClose: () => void }) {
  const user = useSession().data?.user;
  const action = useReceiptAction(r.id);
  const [downloading, setDownloading] = useState(false);
  if (!user) return null;
  const can = receiptActions(r.status, r.deleted_at !== null);
  const edit = hasPermission(user, 'taxreceipt.edit');
  const run = async (name: 'issue' | 'void' | 'notify') => {
    if (name === 'void') {
      const ok = await confirm({
        title: 'Void receipt',
        message: r.status === 'draft' ? 'Void this draft receipt? A draft that is voided is deleted.' : `Void receipt ${r.number ?? ''}? It stays on file, marked void, and cannot be sent again.`,
        confirmLabel: 'Void',
        danger: true,
      });
      if (!ok) return;
    }
    try {
      const answer = await action.mutateAsync({ action: name });
      toast.success(answer.message);
      // A voided draft is gone: the modal closes rather than reload it (spec part 2 §4).
      if (name === 'void' && answer.deleted_at) onClose();
    } catch (error) {
      toast422(error);
    }
  };
  const download = async () => {
    setDownloading(true);
    try {
      window.open((await receiptPdfUrl(r.id)).url, '_blank', 'noopener');
    } catch (error) {
      toast422(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Group gap="xs" justify="flex-end">
      {r.has_pdf && (
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={downloading} onClick={() => void download()}>
          PDF
        </Button>
      )}
      {edit && can.revise && (
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onRevise}>
          Revise
        </Button>
      )}
      {can.notify && (
        <Button variant="default" leftSection={<IconMail size={16} />} loading={action.isPending && action.variables.action === 'notify'} onClick={() => void run('notify')}>
          Notify
        </Button>
      )}
      {edit && can.issue && (
        <Button leftSection={<IconSend size={16} />} loading={action.isPending && action.variables.action === 'issue'} onClick={() => void run('issue')}>
          Issue
        </Button>
      )}
      {edit && can.void && (
        <Button color="red" variant="light" leftSection={<IconBan size={16} />} loading={action.isPending && action.variables.action === 'void'} onClick={() => void run('void')}>
          Void
        </Button>
      )}
    </Group>
  );
}

/** The tax receipt modal (spec part 2 §2): details, the revise form, Save / Issue / Void / Notify. */
export function ReceiptModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useReceipt(id);
  const [revising, setRevising] = useState(false);
  const close = () => {
    setRevising(false);
    onClose();
  };
  const title = query.data ? `Tax receipt ${query.data.number ?? '(draft)'}` : 'Tax receipt';
  return (
    <Modal opened={id !== null} onClose={close} title={title} size="lg" centered>
      {query.isPending ? (
        <Center h={160}>
          <Loader aria-label="Loading tax receipt" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Could not load">
          {query.error.message}
        </Alert>
      ) : revising ? (
        <WithOrgToday>{(today) => <ReviseForm r={query.data} today={today} onDone={() => setRevising(false)} />}</WithOrgToday>
      ) : (
        <Stack gap="md">
          <Details r={query.data} />
          <Actions r={query.data} onRevise={() => setRevising(true)} onClose={close} />
          <RecordHistory table="tax_receipts" id={query.data.id} emptyText="No changes recorded yet." />
        </Stack>
      )}
    </Modal>
  );
}
