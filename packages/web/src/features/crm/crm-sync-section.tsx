import { type CrmSync, crmMessages, formatDateTime } from '@almoner/contracts';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../app/session.ts';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { type DonorRequest, useCrmSyncs, useRetrySync } from './api.ts';
import { DonorModal } from './donor-modal.tsx';
import { GiftModal } from './gift-modal.tsx';

const statusColor = { pending: 'gray', sending: 'blue', synced: 'teal', failed: 'red' } as const;
const statusLabel = { pending: 'Waiting', sending: 'Sending', synced: 'Synced', failed: 'Failed' } as const;

/** A CRM donor id that opens the donor modal (with the names that find look-alikes). */
export function DonorIdButton({ request }: { request: DonorRequest | null }) {
  const [open, setOpen] = useState<DonorRequest | null>(null);
  if (!request) return <>—</>;
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(request)} aria-label={`Open donor ${request.id}`}>
        {request.id}
      </Anchor>
      <DonorModal request={open} onClose={() => setOpen(null)} />
    </>
  );
}

function RetryButton({ record }: { record: CrmSync }) {
  const retry = useRetrySync();
  const run = async () => {
    // Sending a synced gift again is a resync: the spec's warning first (part 2 §5).
    if (record.status === 'synced' && !(await confirm({ title: 'Resync to the donor CRM', message: crmMessages.resyncWarning, confirmLabel: 'Resync' }))) return;
    try {
      const answer = await retry.mutateAsync(record.id);
      if (answer.status === 'success') toast.success(answer.message);
      else toast.error(answer.message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Button size="compact-xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} loading={retry.isPending} onClick={() => void run()}>
      {record.status === 'synced' ? 'Resync' : 'Retry'}
    </Button>
  );
}

/**
 * How this contribution and its refunds reached the donor CRM: one row each with its status, the
 * CRM's words when it failed, and a retry for staff who manage the CRM (admin.dpo, as the server).
 */
export function CrmSyncSection({ contributionId, donor }: { contributionId: number; donor: Omit<DonorRequest, 'id'> }) {
  const can = useCan();
  const query = useCrmSyncs(contributionId, true);
  const [gift, setGift] = useState<string | null>(null);
  const records = query.data?.records ?? [];
  if (!query.data?.enabled && records.length === 0) return null;
  return (
    <Stack gap={6} data-section="crm-sync">
      <Text size="sm" fw={600}>
        Donor CRM sync
      </Text>
      {records.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not sent to the donor CRM.
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm" aria-label="Donor CRM sync">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Record</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>CRM ids</Table.Th>
              {can('admin.dpo') && <Table.Th>Action</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.kind === 'gift' ? 'Gift' : `Refund #${r.refund_id}`}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={statusColor[r.status]}>
                    {statusLabel[r.status]}
                  </Badge>
                  {r.error && (
                    <Text size="xs" c="red.8" role="status">
                      {r.error}
                    </Text>
                  )}
                  {r.synced_at && r.status === 'synced' && (
                    <Text size="xs" c="dimmed">
                      {formatDateTime(r.synced_at)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {r.donor_id ? <DonorIdButton request={{ id: r.donor_id, ...donor }} /> : '—'}
                    <span aria-hidden>/</span>
                    {r.gift_id ? (
                      <Anchor component="button" type="button" size="sm" onClick={() => setGift(r.gift_id)} aria-label={`Open gift ${r.gift_id}`}>
                        {r.gift_id}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Group>
                </Table.Td>
                {can('admin.dpo') && (
                  <Table.Td>{r.status === 'pending' || r.status === 'sending' ? null : <RetryButton record={r} />}</Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <GiftModal id={gift} onClose={() => setGift(null)} />
    </Stack>
  );
}
