import { formatDate, formatAmount } from '@almoner/contracts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { SupporterRecord } from './api.ts';

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      {/* A figure, not a heading: a block rather than a <p> styled larger than its neighbours. */}
      <Text component="div" size="lg" fw={650}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Lifetime giving: what the supporter donated, bought and raised, and when they last paid. */
export function LifetimeFigures({ s }: { s: SupporterRecord }) {
  const money = (amount: number) => formatAmount(amount, s.currency_code);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="group" aria-label="Lifetime figures">
      <Figure label="Donations" value={money(s.lifetime_donation_amount)} note={count(s.lifetime_donation_count, 'gift', 'gifts')} />
      <Figure label="Purchases" value={money(s.lifetime_purchase_amount)} note={count(s.lifetime_purchase_count, 'purchase', 'purchases')} />
      <Figure label="Fundraising" value={money(s.lifetime_fundraising_amount)} note={count(s.lifetime_fundraising_count, 'gift raised', 'gifts raised')} />
      <Figure
        label="Last payment"
        value={s.last_payment_at ? formatDate(s.last_payment_at) : 'Never'}
        note={s.first_payment_at ? `First ${formatDate(s.first_payment_at)}` : 'No payments yet'}
      />
    </SimpleGrid>
  );
}
