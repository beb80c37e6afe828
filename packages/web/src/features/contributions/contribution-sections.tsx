import { contributionEventLabel, formatDate, formatDateTime, formatAmount } from '@almoner/contracts';
import { Badge, Button, Group, type MantineColor, Stack, Table, Text, Timeline, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ContributionItem, ContributionRecord, Payment, Refund, StatusEvent } from './api.ts';
import { Section } from './page-parts.tsx';
import { RefundItems } from './refund-items.tsx';

const num = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

/** The amounts under the items: subtotal, what was added or taken off, total, refunds. */
function totalsOf(c: ContributionRecord): { label: string; amount: number; strong?: boolean }[] {
  const optional = (label: string, amount: number) => (amount ? [{ label, amount }] : []);
  return [
    { label: 'Subtotal', amount: c.subtotal_amount },
    ...optional('Discount', -c.discount_amount),
    ...optional('Shipping', c.shipping_amount),
    ...optional('Tax', c.tax_amount),
    ...optional('Covered fees', c.dcc_amount),
    { label: 'Total', amount: c.total_amount, strong: true },
    ...(c.refunded_amount
      ? [
          { label: 'Refunded', amount: -c.refunded_amount },
          { label: 'Net', amount: c.total_amount - c.refunded_amount, strong: true },
        ]
      : []),
  ];
}

/** `onOpenTribute` (when the user may see tributes) adds a button opening an item's tribute modal. */
export function ItemsSection({ items, c, onOpenTribute }: { items: ContributionItem[]; c: ContributionRecord; onOpenTribute?: ((id: number) => void) | undefined }) {
  const money = (amount: number) => formatAmount(amount, c.currency_code);
  return (
    <Section title="Items">
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th visibleFrom="sm">Code</Table.Th>
              <Table.Th {...num}>Qty</Table.Th>
              <Table.Th {...num}>Price</Table.Th>
              <Table.Th {...num}>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm">{item.description}</Text>
                  <ItemNotes item={item} />
                  {onOpenTribute && item.tribute_id !== null && (
                    <Button size="compact-xs" variant="light" mt={4} onClick={() => onOpenTribute(item.tribute_id as number)} aria-label={`Open tribute for ${item.tribute_name ?? 'this item'}`}>
                      Tribute
                    </Button>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" ff="monospace" c="dimmed">
                    {item.code ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td {...num}>{item.qty}</Table.Td>
                <Table.Td {...num}>
                  {money(item.price)}
                  {item.discount > 0 && (
                    <Text size="xs" c="dimmed">
                      {money(item.discount)} off
                    </Text>
                  )}
                </Table.Td>
                <Table.Td {...num}>{money(item.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.length === 0 && (
        <Text size="sm" c="dimmed" py="xs">
          No items.
        </Text>
      )}
      <Stack gap={4} maw={280} ml="auto" mt="sm" px={10}>
        {totalsOf(c).map(({ label, amount, strong }) => (
          <Group key={label} justify="space-between" wrap="nowrap" fw={strong ? 600 : undefined}>
            <Text size="sm" c={strong ? undefined : 'dimmed'} fw="inherit">
              {label}
            </Text>
            <Text size="sm" fw="inherit">
              {money(amount)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Section>
  );
}

function ItemNotes({ item }: { item: ContributionItem }) {
  const notes = [
    item.is_donation && 'Donation',
    item.recurring_frequency && `Recurring ${item.recurring_frequency}`,
    item.tribute_name && `In tribute of ${item.tribute_name}`,
    item.gl_code && `GL ${item.gl_code}`,
  ].filter(Boolean);
  if (notes.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {notes.join(' · ')}
    </Text>
  );
}

const paymentTypes: Record<string, string> = { card: 'Card', bank: 'Bank (ACH)', paypal: 'PayPal', cheque: 'Check', cash: 'Cash', unknown: 'Other' };
const statusColor: Record<string, MantineColor> = { succeeded: 'teal', pending: 'yellow', failed: 'red', canceled: 'gray' };
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');
const gateways: Record<string, string> = { paypal: 'PayPal', sandbox: 'Sandbox gateway', offline: 'Recorded offline', stripe: 'Stripe', braintree: 'Braintree', authorizenet: 'Authorize.Net', nmi: 'NMI' };
const gatewayLabel = (gateway: string | null) => (gateway ? (gateways[gateway] ?? capitalise(gateway)) : null);

/** "Visa •••• 4242", "Check #1043", "PayPal". */
export function paymentMethod(p: Pick<Payment, 'type' | 'card_brand' | 'card_last4' | 'cheque_number'>): string {
  if (p.type === 'card') return `${capitalise(p.card_brand ?? 'card')}${p.card_last4 ? ` •••• ${p.card_last4}` : ''}`;
  if (p.type === 'cheque') return p.cheque_number ? `Check #${p.cheque_number}` : 'Check';
  return paymentTypes[p.type] ?? capitalise(p.type);
}

function StatusPill({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="light" color={statusColor[status] ?? 'gray'} miw="max-content">
      {capitalise(status)}
    </Badge>
  );
}

/** A refund sits under its payment, its amount in the Refunded column. */
function RefundRow({ refund, currency, withActions }: { refund: Refund; currency: string; withActions: boolean }) {
  return (
    <Table.Tr bg="var(--mantine-color-gray-light)">
      <Table.Td>
        <Group gap={6} wrap="nowrap" pl="xs" align="flex-start">
          <IconArrowBackUp size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
          <div>
            <Text size="sm">Refund</Text>
            <Text size="xs" c="dimmed">
              {refund.reason ? capitalise(refund.reason) : 'No reason given'}
            </Text>
            <RefundItems items={refund.items} currency={currency} refundId={refund.id} />
            <Text size="xs" c="dimmed" hiddenFrom="sm">
              {formatDate(refund.created_at)}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(refund.created_at)}
      </Table.Td>
      <Table.Td {...num}>
        <Text size="sm" hiddenFrom="sm">
          {formatAmount(-refund.amount, currency)}
        </Text>
      </Table.Td>
      <Table.Td {...num} visibleFrom="sm">
        {formatAmount(refund.amount, currency)}
      </Table.Td>
      <Table.Td>
        <StatusPill status={refund.status} />
      </Table.Td>
      {withActions && <Table.Td />}
    </Table.Tr>
  );
}

/** `onOpen` (when the user may see transactions) adds a button opening a payment's transaction modal. */
export function PaymentsSection({ payments, onOpen }: { payments: Payment[]; onOpen?: ((id: number) => void) | undefined }) {
  return (
    <Section title="Payments">
      {payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payment was taken.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Method</Table.Th>
                <Table.Th visibleFrom="sm">Date</Table.Th>
                <Table.Th {...num}>Amount</Table.Th>
                <Table.Th {...num} visibleFrom="sm">
                  Refunded
                </Table.Th>
                <Table.Th>Status</Table.Th>
                {onOpen && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => [
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {paymentMethod(p)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {[gatewayLabel(p.gateway), p.reference_number].filter(Boolean).join(' · ')}
                    </Text>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {formatDate(p.created_at)}
                    </Text>
                    {p.failure_message && (
                      <Text size="xs" c="red">
                        {p.failure_message}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(p.created_at)}
                  </Table.Td>
                  <Table.Td {...num}>
                    {formatAmount(p.amount, p.currency_code)}
                    {p.amount_refunded > 0 && (
                      <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ whiteSpace: 'normal' }}>
                        {formatAmount(p.amount_refunded, p.currency_code)} refunded
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td {...num} visibleFrom="sm" c={p.amount_refunded ? undefined : 'dimmed'}>
                    {p.amount_refunded ? formatAmount(p.amount_refunded, p.currency_code) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <StatusPill status={p.status} />
                  </Table.Td>
                  {onOpen && (
                    <Table.Td>
                      {/* "Open", not "Transaction": the longer word was cut off at 1280 px (issue 41); the name says what opens. */}
                      <Button size="compact-sm" variant="default" onClick={() => onOpen(p.id)} aria-label={`Open transaction #${p.id}`}>
                        Open
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>,
                ...p.refunds.map((r) => <RefundRow key={`r${r.id}`} refund={r} currency={p.currency_code} withActions={Boolean(onOpen)} />),
              ])}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

const eventColor: Record<string, MantineColor> = { paid: 'teal', payment_pending: 'yellow', payment_failed: 'red', marked_spam: 'red', deleted: 'red', refunded: 'gray', partially_refunded: 'grape', refund_failed: 'red', fulfilled: 'blue' };

export function StatusHistorySection({ events, currency }: { events: StatusEvent[]; currency: string }) {
  return (
    <Section title="Status history">
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing has happened yet.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={events.length - 1}>
          {events.map((e) => (
            <Timeline.Item
              key={e.id}
              color={eventColor[e.event] ?? 'gray'}
              title={
                <Text size="sm" fw={500}>
                  {contributionEventLabel(e.event)}
                  {e.amount !== null ? ` · ${formatAmount(e.amount, currency)}` : ''}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(e.occurred_at)} · {e.user_name ? `by ${e.user_name}` : 'by the system'}
              </Text>
              {e.note && <Text size="sm">{e.note}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
