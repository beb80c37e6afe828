import { formatAmount } from '@almoner/contracts';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useShippingSettings } from './api.ts';
import { tierLabel } from './tier-label.ts';
import { TiersCard } from './tiers-card.tsx';

/** Settings › Shipping: the tiers, and every method's cost in each tier (the grid). */
export function ShippingPage() {
  const settings = useShippingSettings();
  if (settings.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!settings.data) return <LoadErrorAlert error={settings.error} />;
  const { tiers, methods, currency_code: currency } = settings.data;
  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={2}>
        <Title order={2}>Shipping</Title>
        <Text size="sm" c="dimmed">
          An order pays the cost of its shipping method in the tier its shippable subtotal falls in.
        </Text>
      </Stack>
      <TiersCard key={tiers.map((t) => t.id).join(',')} tiers={tiers} currency={currency} />
      <Paper withBorder p="lg">
        <Group justify="space-between" mb="md">
          <Title order={3} size="h4">
            Methods
          </Title>
          <Button component={Link} to="/settings/shipping/methods/new" leftSection={<IconPlus size={16} />}>
            Add shipping method
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Method</Table.Th>
                <Table.Th>Ships to</Table.Th>
                <Table.Th ta="right">Priority</Table.Th>
                {tiers.map((t) => (
                  <Table.Th key={t.id} ta="right">
                    {tierLabel(t, currency)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {methods.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor component={Link} to={`/settings/shipping/methods/${m.id}`} fw={500}>
                        {m.name}
                      </Anchor>
                      {m.is_default && <Badge size="sm">Default</Badge>}
                      {!m.show_on_web && (
                        <Badge size="sm" variant="outline" color="gray">
                          POS only
                        </Badge>
                      )}
                    </Group>
                    {m.code && (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {m.code}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{m.regions.length ? m.regions.map((r) => r.name).join('; ') : 'Everywhere'}</Table.Td>
                  <Table.Td ta="right">{m.priority}</Table.Td>
                  {tiers.map((t) => {
                    const rate = m.rates.find((r) => r.tier_id === t.id);
                    return (
                      <Table.Td key={t.id} ta="right">
                        {rate ? formatAmount(rate.amount, currency) : <Text span c="dimmed" size="sm">Not offered</Text>}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
              {methods.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3 + tiers.length}>
                    <Text size="sm" c="dimmed">
                      No shipping methods yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
