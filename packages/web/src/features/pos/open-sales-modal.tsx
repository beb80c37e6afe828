import { formatAmount, formatDateTime, posMessages, type PosOpenSale } from '@almoner/contracts';
import { Button, Group, Loader, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../lib/api.ts';
import { posKeys } from './api.ts';
import { messageOf } from './use-pos-order.ts';

type Props = {
  /** The sale the screen shows now: it is marked, and resuming it changes nothing. */
  currentId: number | null;
  onResume: (id: number) => Promise<void>;
  /** A discarded sale that was on screen leaves the screen too. */
  onDiscarded: (id: number) => void;
  onClose: () => void;
};

/**
 * Sales started here and not paid (issue 41). "New contribution" sets a sale aside; it waits in
 * this list, not in the ledger, until it is resumed and paid or discarded.
 */
export function OpenSalesModal({ currentId, onResume, onDiscarded, onClose }: Props) {
  const queryClient = useQueryClient();
  const sales = useQuery({
    queryKey: posKeys.openSales(),
    queryFn: () => api<{ data: PosOpenSale[] }>('/jpanel/pos/open.json').then((a) => a.data),
  });
  const discard = useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/jpanel/pos/${id}/discard`, { method: 'POST', body: {} }),
    onSuccess: (answer, id) => {
      toast.success(answer.message);
      onDiscarded(id);
    },
    onError: (error) => toast.error(messageOf(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: posKeys.openSales() }),
  });

  async function askDiscard(sale: PosOpenSale) {
    const ok = await confirm({
      title: 'Discard this open sale?',
      message: `${describe(sale)} will be discarded. Nothing was paid on it.`,
      confirmLabel: 'Discard',
      danger: true,
    });
    if (ok) discard.mutate(sale.id);
  }

  const list = sales.data ?? [];
  return (
    <Modal opened onClose={onClose} title="Open sales" size="xl">
      <Stack gap="md">
        {sales.isPending && <Loader aria-label="Loading the open sales" />}
        {sales.error && <Text c="red">{sales.error.message}</Text>}
        {sales.isSuccess && list.length === 0 && <Text c="dimmed">{posMessages.noOpenSales}</Text>}
        {list.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label="Open sales">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Supporter</Table.Th>
                  <Table.Th ta="right">Items</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((sale) => (
                  <Table.Tr key={sale.id}>
                    <Table.Td>{formatDateTime(sale.started_at)}</Table.Td>
                    <Table.Td>{sale.supporter ?? <Text span c="dimmed">No supporter yet</Text>}</Table.Td>
                    <Table.Td ta="right">{sale.items}</Table.Td>
                    <Table.Td ta="right">{formatAmount(sale.total_amount, sale.currency_code)}</Table.Td>
                    <Table.Td>{sale.started_by ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {sale.id === currentId ? (
                          <Text size="sm" c="dimmed">
                            On screen
                          </Text>
                        ) : (
                          <Button size="xs" aria-label={`Resume ${describe(sale)}`} onClick={() => void onResume(sale.id).then(onClose)}>
                            Resume
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          aria-label={`Discard ${describe(sale)}`}
                          loading={discard.isPending && discard.variables === sale.id}
                          onClick={() => void askDiscard(sale)}
                        >
                          Discard
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}

/** "the sale of Jan 5, 2026 10:14 AM for Grace Open ($50.00)": how buttons and questions name a sale. */
function describe(sale: PosOpenSale): string {
  const who = sale.supporter ? ` for ${sale.supporter}` : '';
  return `the sale of ${formatDateTime(sale.started_at)}${who} (${formatAmount(sale.total_amount, sale.currency_code)})`;
}
