/* eslint-disable max-lines-per-function -- issue 33: its split into sections (done on a branch) met the save-as-supporter and campaign changes of the same day and waits for the next change of this screen. */
import {
  canTakeAch,
  formatAmount,
  FULFILLMENT_SETTING,
  paymentGateways,
  posMessages,
  type PosCompleteResponse,
} from '@almoner/contracts';
import {
  Affix,
  Alert,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconClockPause, IconDeviceFloppy, IconEraser, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm } from '../../components/dialogs.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../lib/api.ts';
import { usePosConfig } from './api.ts';
import { CartPane, type OrderModal } from './cart-pane.tsx';
import { ItemModal } from './item-modal.tsx';
import { OpenSalesModal } from './open-sales-modal.tsx';
import { OrderModals } from './order-modals.tsx';
import { PaymentDialog, type Receipt } from './payment/payment-dialog.tsx';
import { ProductBrowser } from './product-browser.tsx';
import type { PosConfig, PosOrder, PosProduct } from './pos-types.ts';
import { messageOf, usePosOrder } from './use-pos-order.ts';

/** The point-of-sale screen (spec part 3 §2.2): products on the left, the contribution on the right. */
export function PosPage() {
  const config = usePosConfig();
  if (config.isPending) {
    return (
      <Center h={300}>
        <Loader aria-label="Loading the point of sale" />
      </Center>
    );
  }
  if (config.error)
    return (
      <Alert color="red" title="Could not load the point of sale">
        {config.error.message}
      </Alert>
    );
  return <PosScreen config={config.data} />;
}

// Only the sandbox is offered today; the organisation's gateway joins here with the real clients.
const GATEWAY = paymentGateways[0];

function PosScreen({ config }: { config: PosConfig }) {
  const pos = usePosOrder(config.defaults?.currency_code ?? config.site_currency);
  const [product, setProduct] = useState<PosProduct | null>(null);
  const [modal, setModal] = useState<OrderModal | null>(null);
  // The order being paid, kept while the finished screen shows (the screen's order is cleared).
  const [paying, setPaying] = useState<PosOrder | null>(null);
  const [openSales, setOpenSales] = useState(false);
  const order = pos.order;

  async function saveDefaults() {
    if (!order) {
      toast.error(posMessages.noDefaultsToSave);
      return;
    }
    await api<{ message: string }>('/jpanel/pos/defaults/save', {
      method: 'POST',
      body: { order_id: order.id },
    }).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => toast.error(messageOf(error)),
    );
  }

  async function clearDefaults() {
    await api<{ message: string }>('/jpanel/pos/defaults/clear', { method: 'POST', body: {} }).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => toast.error(messageOf(error)),
    );
  }

  async function startOver() {
    if (
      order?.items.length &&
      !(await confirm({
        title: 'Start a new contribution?',
        message: 'This contribution will be set aside: find it under Open sales to resume or discard it.',
        confirmLabel: 'Start new',
        danger: true,
      }))
    )
      return;
    pos.clear();
  }

  const items = order?.items.length ?? 0;
  const due = formatAmount(order?.totalamount ?? 0, order?.currency_code ?? pos.currency);
  return (
    // On a phone the bar fixed at the bottom covers the last 72 px: the page leaves room for it.
    <Box pb={{ base: 72, md: 0 }}>
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={2}>Point of sale</Title>
        <Group gap="sm">
          <Select
            aria-label="Currency"
            w={110}
            data={config.currencies.map((c) => ({ value: c.code, label: `${c.code} ${c.symbol}` }))}
            value={pos.currency}
            onChange={(code) => code && void pos.setCurrency(code)}
            allowDeselect={false}
            disabled={pos.busy}
          />
          <Button
            variant="default"
            leftSection={<IconClockPause size={16} />}
            onClick={() => setOpenSales(true)}
          >
            Open sales
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => void startOver()}
            disabled={!order}
          >
            New contribution
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} />}>
                Defaults
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={() => void saveDefaults()}
              >
                Save defaults
              </Menu.Item>
              <Menu.Item
                leftSection={<IconEraser size={16} />}
                onClick={() => void clearDefaults()}
              >
                Clear defaults
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <ProductBrowser currency={pos.currency} onOpen={setProduct} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} id="pos-cart">
          <Box pos="sticky" top={72}>
            <CartPane
              order={order}
              currency={pos.currency}
              busy={pos.busy}
              onOpen={setModal}
              onRemove={(item) => void pos.removeItem(item.id)}
              onPay={() => setPaying(order)}
            />
          </Box>
        </Grid.Col>
      </Grid>
      {/*
        On a phone the products come first and the contribution below them all (issue 41): a bar
        at the bottom keeps its count, total and Pay in reach, and takes the cashier to it.
      */}
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
            <Button onClick={() => order && setPaying(order)} disabled={!items || pos.busy}>
              Pay {due}
            </Button>
          </Group>
        </Paper>
      </Affix>
      {product && (
        <ItemModal
          product={product}
          config={config}
          onAdd={pos.addItem}
          onClose={() => setProduct(null)}
        />
      )}
      {modal && (
        <OrderModals modal={modal} pos={pos} config={config} onClose={() => setModal(null)} />
      )}
      {openSales && (
        <OpenSalesModal
          currentId={order?.id ?? null}
          onResume={pos.resume}
          onDiscarded={(id) => id === order?.id && pos.clear()}
          onClose={() => setOpenSales(false)}
        />
      )}
      {paying && (
        <PaymentDialog
          order={paying}
          gateway={GATEWAY}
          achAvailable={canTakeAch(GATEWAY, paying.currency_code)}
          fulfillment={FULFILLMENT_SETTING}
          onComplete={async (body) => {
            const answer = await api<PosCompleteResponse>(`/jpanel/pos/${paying.id}/complete`, {
              method: 'POST',
              body,
            });
            return {
              id: answer.order.id,
              invoicenumber:
                answer.payment.invoicenumber ??
                answer.order.invoice_number ??
                answer.order.client_uuid,
              supporterMessage: answer.supporter_message ?? null,
            } satisfies Receipt;
          }}
          onFinished={pos.clear}
          onClose={() => setPaying(null)}
        />
      )}
    </Box>
  );
}
