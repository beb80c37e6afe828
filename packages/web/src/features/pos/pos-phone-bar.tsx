import { formatAmount } from '@almoner/contracts';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import type { PosOrderState } from './use-pos-order.ts';

/**
 * On a phone the products come first and the contribution below them all (issue 41): a bar at
 * the bottom keeps its count, total and Pay in reach, and takes the cashier to it.
 */
export function PosPhoneBar({ pos, onPay }: { pos: PosOrderState; onPay: () => void }) {
  const order = pos.order;
  const items = order?.items.length ?? 0;
  const due = formatAmount(order?.totalamount ?? 0, order?.currency_code ?? pos.currency);
  return (
    <Affix hiddenFrom="md" position={{ bottom: 0, left: 0, right: 0 }} zIndex={150}>
      <Paper component="section" aria-label="Contribution summary" shadow="md" p="sm" radius={0} withBorder>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Button variant="subtle" onClick={() => document.getElementById('pos-cart')?.scrollIntoView({ block: 'start' })}>
            <Text span size="sm" fw={500}>
              {items === 1 ? '1 item' : `${items} items`} · {due}
            </Text>
          </Button>
          <Button onClick={onPay} disabled={!items || pos.busy}>
            Pay {due}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
