import { Affix, Button, Group, Paper, Text } from '@mantine/core';

type Props = { items: number; due: string; payDisabled: boolean; onPay: () => void };

/**
 * On a phone the products come first and the contribution below them all (issue 41): a bar
 * at the bottom keeps its count, total and Pay in reach, and takes the cashier to it.
 */
export function PhoneSummaryBar({ items, due, payDisabled, onPay }: Props) {
  return (
    <Affix hiddenFrom="md" position={{ bottom: 0, left: 0, right: 0 }} zIndex={150}>
      <Paper component="section" aria-label="Contribution summary" shadow="md" p="sm" radius={0} withBorder>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Button
            variant="subtle"
            onClick={() => document.getElementById('pos-cart')?.scrollIntoView({ block: 'start' })}
          >
            <Text span size="sm" fw={500}>
              {items === 1 ? '1 item' : `${items} items`} · {due}
            </Text>
          </Button>
          <Button onClick={onPay} disabled={payDisabled}>
            Pay {due}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
