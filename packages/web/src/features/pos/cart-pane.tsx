import { formatAmount } from '@almoner/contracts';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAddressBook,
  IconBabyCarriage,
  IconFileDescription,
  IconHeartHandshake,
  IconReceiptTax,
  IconTicket,
  IconTrash,
  IconTruck,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import type { PosOrder, PosOrderItem } from './pos-types.ts';
import { Thumb } from './thumb.tsx';
import { ContactBadges } from '../supporters/contact-badges.tsx';

export type OrderModal =
  | 'account'
  | 'addresses'
  | 'details'
  | 'shipping'
  | 'taxes'
  | 'promo'
  | 'sponsorship'
  | 'fundraiser';

type CartPaneProps = {
  order: PosOrder | null;
  currency: string;
  busy: boolean;
  onOpen: (modal: OrderModal) => void;
  onRemove: (item: PosOrderItem) => void;
  onPay: () => void;
};

const actions: { modal: Exclude<OrderModal, 'account'>; label: string; icon: typeof IconTruck }[] =
  [
    { modal: 'addresses', label: 'Addresses', icon: IconAddressBook },
    { modal: 'details', label: 'Details', icon: IconFileDescription },
    { modal: 'shipping', label: 'Shipping', icon: IconTruck },
    { modal: 'taxes', label: 'Taxes', icon: IconReceiptTax },
    { modal: 'promo', label: 'Promo', icon: IconTicket },
    { modal: 'sponsorship', label: 'Sponsorship', icon: IconBabyCarriage },
    { modal: 'fundraiser', label: 'Fundraiser', icon: IconHeartHandshake },
  ];

/** Right pane: who it is from, the items, the totals and the way to payment. */
export function CartPane({ order, currency, busy, onOpen, onRemove, onPay }: CartPaneProps) {
  const money = (amount: number) => formatAmount(amount, order?.currency_code ?? currency);
  const items = order?.items ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Contribution">
      <Stack gap="sm">
        <UnstyledButton onClick={() => onOpen('account')}>
          <Group wrap="nowrap" gap="sm">
            <Avatar radius="xl" color={order?.member ? 'blue' : 'gray'} aria-hidden>
              {order?.member ? <IconUser size={18} /> : <IconUserPlus size={18} />}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text component="span" display="block" fw={600} size="sm" truncate>
                {order?.member ? order.member.display_name : 'Guest'}
              </Text>
              <Text component="span" display="block" size="xs" c="dimmed" truncate>
                {order?.member ? (order.member.email ?? 'No e-mail') : 'Choose a supporter'}
              </Text>
              {order?.member && (order.member.deceased_on || order.member.do_not_contact) && (
                <Group gap={4}>
                  <ContactBadges deceasedOn={order.member.deceased_on} doNotContact={order.member.do_not_contact} size="xs" />
                </Group>
              )}
            </Stack>
          </Group>
        </UnstyledButton>
        <Divider />
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            No items yet. Choose a product, a sponsorship or a fundraiser.
          </Text>
        ) : (
          <ScrollArea.Autosize mah="calc(100vh - 460px)" type="auto" offsetScrollbars>
            <Stack gap="xs" role="list" aria-label="Items">
              {items.map((item) => (
                <Group
                  key={item.id}
                  wrap="nowrap"
                  align="flex-start"
                  gap="sm"
                  role="listitem"
                  data-item={item.id}
                >
                  <Thumb src={item.image_thumb} h={40} w={40} radius={4} />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500} lineClamp={2}>
                      {item.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.qty} × {money(item.price)}
                      {item.is_price_reduced && ` (was ${money(item.undiscounted_price)})`}
                      {item.recurring_amount ? ` · ${item.payment_string}` : ''}
                    </Text>
                    {item.promocode && (
                      <Badge size="xs" variant="light" w="fit-content">
                        {item.promocode}
                      </Badge>
                    )}
                  </Stack>
                  <Text size="sm" fw={600}>
                    {money(item.total)}
                  </Text>
                  {!item.is_locked && (
                    <Tooltip label="Remove">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${item.description}`}
                        onClick={() => onRemove(item)}
                        disabled={busy}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Divider />
        <Totals order={order} money={money} />
        <Button size="lg" fullWidth onClick={onPay} disabled={!items.length || busy}>
          {order && items.length ? `Pay ${money(order.totalamount)}` : 'Pay'}
        </Button>
        <SimpleGrid cols={{ base: 3, xl: 4 }} spacing={6}>
          {actions.map(({ modal, label, icon: Icon }) => (
            <Button
              key={modal}
              variant="default"
              size="compact-sm"
              h={52}
              px={4}
              onClick={() => onOpen(modal)}
              styles={{ label: { flexDirection: 'column', gap: 2 } }}
            >
              <Icon size={18} aria-hidden />
              <Text size="xs">{label}</Text>
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Totals({ order, money }: { order: PosOrder | null; money: (n: number) => string }) {
  const row = (label: string, amount: number, strong = false) => (
    <Group justify="space-between" key={label}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} data-total={label}>
        {money(amount)}
      </Text>
    </Group>
  );
  if (!order) return row('Total', 0, true);
  return (
    <Stack gap={2}>
      {row('Subtotal', order.subtotal)}
      {order.discount > 0 && row('Discount', -order.discount)}
      {order.shippable_items > 0 && row('Shipping', order.shipping_amount)}
      {order.taxtotal > 0 && row('Taxes', order.taxtotal)}
      {order.dcc_total_amount > 0 && row('Donor covers costs', order.dcc_total_amount)}
      {row('Total', order.totalamount, true)}
      {Object.entries(order.recurring_totals).map(([period, amount]) => (
        <Text key={period} size="xs" c="dimmed" ta="right">
          then {money(amount)} {period}
        </Text>
      ))}
    </Stack>
  );
}
