import { formatDate, type PackingSlip, type PackingSlipAddress } from '@almoner/contracts';
import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import './packing-slip.css';

/** /jpanel/contributions/packing_slip?id={id}: a printable packing slip; `print` opens the print dialog. */
export function PackingSlipPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const slip = useQuery({
    queryKey: ['packing-slip', id],
    queryFn: () => api<PackingSlip>(`/jpanel/contributions/packing_slip.json?id=${id}`),
    enabled: valid,
  });
  const printNow = params.has('print');
  useEffect(() => {
    if (printNow && slip.data) window.print();
  }, [printNow, slip.data]);

  if (!valid)
    return (
      <Alert color="red" title="Could not load">
        This contribution does not exist.
      </Alert>
    );
  if (slip.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading packing slip" />
      </Center>
    );
  }
  if (slip.error)
    return (
      <Alert color="red" title="Could not load">
        {slip.error.message}
      </Alert>
    );
  const s = slip.data;
  return (
    <Paper withBorder p="xl" maw={820} radius="md">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="sm" c="dimmed">
              {s.org_name}
            </Text>
            <Title order={2}>Packing slip</Title>
          </div>
          <Stack gap={0} align="flex-end">
            <Text fw={600}>Contribution #{s.number}</Text>
            <Text size="sm">{formatDate(s.ordered_at)}</Text>
            <Button
              mt="xs"
              variant="default"
              size="xs"
              leftSection={<IconPrinter size={14} />}
              onClick={() => window.print()}
              data-no-print
            >
              Print
            </Button>
          </Stack>
        </Group>
        <SimpleGrid cols={2}>
          <AddressBlock title="Ship to" address={s.shipping} />
          <AddressBlock title="Bill to" address={s.billing} />
        </SimpleGrid>
        {s.shipping_method && (
          <Text size="sm">
            <Text span fw={600}>
              Shipping method:{' '}
            </Text>
            {s.shipping_method}
          </Text>
        )}
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {item.description}
                  {!item.requires_shipping && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (nothing to ship)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{item.code ?? '—'}</Table.Td>
                <Table.Td ta="right">{item.qty}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>Total items</Table.Th>
              <Table.Th ta="right">{s.total_qty}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        {s.comments && (
          <>
            <Divider />
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {s.comments}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function AddressBlock({ title, address }: { title: string; address: PackingSlipAddress }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {title}
      </Text>
      {address.name && <Text fw={600}>{address.name}</Text>}
      {address.organization && <Text size="sm">{address.organization}</Text>}
      {address.lines.map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
      {address.email && <Text size="sm">{address.email}</Text>}
      {address.phone && <Text size="sm">{address.phone}</Text>}
      {!address.name && address.lines.length === 0 && (
        <Text size="sm" c="dimmed">
          No address given.
        </Text>
      )}
    </Stack>
  );
}
