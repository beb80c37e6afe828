import { formatAmount, formatDate } from '@almoner/contracts';
import { Anchor, Button, Center, Divider, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import '../pos/packing-slip.css';
import { useDepositSlip } from './api.ts';

/** /jpanel/batches/{id}/deposit-slip: the closed batch's deposit slip to print (the PDF reads the same answer). */
export function DepositSlipPage() {
  const id = Number(useParams().id);
  const slip = useDepositSlip(id);
  if (slip.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading deposit slip" />
      </Center>
    );
  }
  if (slip.error) return <LoadErrorAlert error={slip.error} />;
  const s = slip.data;
  const money = (v: number) => formatAmount(v, s.currency_code);
  return (
    <Stack gap="sm" maw={820}>
      <Anchor component={Link} to={`/batches/${id}`} size="sm" data-no-print>
        ← {s.name}
      </Anchor>
      <Paper withBorder p="xl" radius="md">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2}>Deposit slip</Title>
              <Text>{s.name}</Text>
            </div>
            <Stack gap={0} align="flex-end">
              <Text fw={600}>{`Deposit date ${formatDate(s.deposit_date)}`}</Text>
              <Text size="sm">{s.currency_code}</Text>
              <Button mt="xs" variant="default" size="xs" leftSection={<IconPrinter size={14} />} onClick={() => window.print()} data-no-print>
                Print
              </Button>
            </Stack>
          </Group>
          <Title order={3} size="h4">{`Cheques (${s.cheques.length})`}</Title>
          <Table withTableBorder aria-label="Cheques">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cheque number</Table.Th>
                <Table.Th>Drawer</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.cheques.map((c, i) => (
                <Table.Tr key={`${c.check_number}-${i}`}>
                  <Table.Td>{c.check_number}</Table.Td>
                  <Table.Td>{c.drawer}</Table.Td>
                  <Table.Td ta="right">{money(c.amount)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th colSpan={2}>Cheques total</Table.Th>
                <Table.Th ta="right">{money(s.cheque_total)}</Table.Th>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text fw={600}>{`Cash (${s.cash_count} ${s.cash_count === 1 ? 'gift' : 'gifts'})`}</Text>
            <Text fw={600}>{money(s.cash_total)}</Text>
          </Group>
          <Divider />
          <Group justify="space-between">
            <Title order={3} size="h4">
              Total deposit
            </Title>
            <Title order={3} size="h4">
              {money(s.total)}
            </Title>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
