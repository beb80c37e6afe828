import { formatAmount, type ShippingMethod } from '@almoner/contracts';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListTable } from '../../components/data-table/list-table.tsx';
import { LoadErrorAlert } from '../users/load-error-alert.tsx';
import { useShippingSettings } from './api.ts';
import { tierLabel } from './tier-label.ts';
import { TiersCard } from './tiers-card.tsx';

function MethodName({ method: m }: { method: ShippingMethod }) {
  return (
    <>
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
    </>
  );
}

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
        <ListTable<ShippingMethod>
          label="Shipping methods"
          rows={methods}
          empty="No shipping methods yet."
          withBorder={false}
          columns={[
            { header: 'Method', card: 'title', cell: (m) => <MethodName method={m} /> },
            { header: 'Ships to', cell: (m) => (m.regions.length ? m.regions.map((r) => r.name).join('; ') : 'Everywhere') },
            { header: 'Priority', align: 'right', cell: (m) => m.priority },
            ...tiers.map((t) => ({
              header: tierLabel(t, currency),
              align: 'right' as const,
              cell: (m: ShippingMethod) => {
                const rate = m.rates.find((r) => r.tier_id === t.id);
                return rate ? formatAmount(rate.amount, currency) : <Text span c="dimmed" size="sm">Not offered</Text>;
              },
            })),
          ]}
        />
      </Paper>
    </Stack>
  );
}
